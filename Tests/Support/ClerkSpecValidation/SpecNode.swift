public import Foundation
import Yams

/// A JSON or YAML value: the spec document and the instances validated against it.
@available(OS2023, *)
public indirect enum SpecNode: Sendable, Equatable {
    case null
    case bool(Bool)
    case integer(Int64)
    case number(Double)
    case string(String)
    case array([SpecNode])
    case object([String: SpecNode])

    /// The member `key` of an object, or nil.
    public subscript(key: String) -> SpecNode? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    var arrayValue: [SpecNode]? {
        if case .array(let value) = self { return value }
        return nil
    }

    var objectValue: [String: SpecNode]? {
        if case .object(let value) = self { return value }
        return nil
    }

    var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// A short description of the value's JSON type, for problem reports.
    var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .integer: "integer"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    /// Parses JSON text; booleans and numbers keep their JSON types.
    public static func json(_ data: Data) throws -> SpecNode {
        try JSONDecoder().decode(JSONInstance.self, from: data).node
    }

    /// Converts the value tree Yams produces.
    static func yaml(_ value: Any?) -> SpecNode {
        switch value {
        case nil: return .null
        case let value as Bool: return .bool(value)
        case let value as Int: return .integer(Int64(value))
        case let value as Double: return .number(value)
        case let value as String: return .string(value)
        case let value as [Any]: return .array(value.map(yaml))
        case let value as [AnyHashable: Any]:
            var members: [String: SpecNode] = [:]
            for (key, member) in value { members[String(describing: key.base)] = yaml(member) }
            return .object(members)
        default: return .string(String(describing: value))
        }
    }
}

/// Decodes JSON strictly by type (true is never 1).
@available(OS2023, *)
private struct JSONInstance: Decodable {
    let node: SpecNode

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            node = .null
        } else if let value = try? container.decode(Bool.self) {
            node = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            node = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            node = .number(value)
        } else if let value = try? container.decode(String.self) {
            node = .string(value)
        } else if let value = try? container.decode([JSONInstance].self) {
            node = .array(value.map(\.node))
        } else {
            node = .object(try container.decode([String: JSONInstance].self).mapValues(\.node))
        }
    }
}

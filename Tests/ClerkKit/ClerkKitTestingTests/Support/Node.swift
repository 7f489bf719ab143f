import Foundation

/// A parsed JSON value with terse accessors for assertions: `reply.json["response"]["status"].string`.
@available(OS2023, *)
struct Node: @unchecked Sendable {
    let value: Any?

    init(_ value: Any?) { self.value = value }

    init(data: Data) {
        value = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    }

    subscript(key: String) -> Node { Node((value as? [String: Any])?[key]) }
    subscript(index: Int) -> Node {
        guard let array = value as? [Any], array.indices.contains(index) else { return Node(nil) }
        return Node(array[index])
    }

    var string: String? { value as? String }
    var int: Int? { (value as? NSNumber)?.intValue }
    var bool: Bool? { (value as? NSNumber)?.boolValue }
    var array: [Node] { (value as? [Any])?.map(Node.init) ?? [] }
    var keys: Set<String> { Set((value as? [String: Any])?.keys.map { $0 } ?? []) }
    var isNull: Bool { value is NSNull }
    var exists: Bool { value != nil }
    var strings: [String] { array.compactMap(\.string) }
}

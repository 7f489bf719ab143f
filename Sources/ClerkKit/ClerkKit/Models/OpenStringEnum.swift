import CourierPrimitives
import Foundation

/// A string enum that keeps values it does not know in an `unknown(String)` case, so a new server value never
/// fails a decode.
@available(OS2023, *)
public protocol OpenStringEnum: RawRepresentable, Codable, Hashable, Sendable where RawValue == String {
    /// The known cases and their wire values.
    static var knownCases: [(Self, String)] { get }
    /// The case for a value not in ``knownCases``.
    static func unknown(_ rawValue: String) -> Self
    /// The wire value when this is the unknown case, else `nil`.
    var unknownRawValue: String? { get }
}

@available(OS2023, *)
extension OpenStringEnum {
    /// The case for `rawValue`, or the unknown case.
    public init(rawValue: String) {
        self = Self.parse(rawValue)
    }

    /// The case for `rawValue`, or the unknown case.
    public static func parse(_ rawValue: String) -> Self {
        knownCases.first { $0.1 == rawValue }?.0 ?? unknown(rawValue)
    }

    /// The wire value.
    ///
    /// Found by case name: `==` on a `RawRepresentable` compares raw values, so it cannot be used here. Each type's
    /// table of case names is made once: `==` and hashing go through this, so a lookup costs one case name, not
    /// one for every known case.
    public var rawValue: String {
        if let raw = unknownRawValue { return raw }
        let name = String(describing: self)
        return OpenStringEnumNames.table(for: Self.self)[name] ?? name
    }

    /// Decodes any string.
    public init(from decoder: any Decoder) throws {
        self = Self.parse(try decoder.singleValueContainer().decode(String.self))
    }

    /// Encodes the wire value.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

/// Each open enum's known case names, as `String(describing:)` prints them, and their wire values.
@available(OS2023, *)
enum OpenStringEnumNames {
    private static let tables = Locked<[ObjectIdentifier: [String: String]]>([:])

    /// The table of `type`, made on first use.
    static func table<Value: OpenStringEnum>(for type: Value.Type) -> [String: String] {
        let key = ObjectIdentifier(type)
        if let table = tables.withLock({ $0[key] }) { return table }
        let table = Dictionary(
            type.knownCases.map { (String(describing: $0.0), $0.1) }, uniquingKeysWith: { first, _ in first })
        tables.withLock { $0[key] = table }
        return table
    }
}

/// A collection with an empty value, for ``DefaultEmpty``.
@available(OS2023, *)
public protocol EmptyDecodable {
    /// The empty collection.
    init()
}

@available(OS2023, *)
extension Array: EmptyDecodable {}
@available(OS2023, *)
extension Dictionary: EmptyDecodable {}

/// A collection property that decodes as empty when the key is missing or `null`.
@propertyWrapper
@available(OS2023, *)
public struct DefaultEmpty<Value: Codable & Sendable & Hashable & EmptyDecodable>: Codable, Sendable, Hashable {
    /// The collection.
    public var wrappedValue: Value

    /// Wraps a collection.
    public init(wrappedValue: Value) {
        self.wrappedValue = wrappedValue
    }

    /// Decodes the collection; `null` is empty.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        wrappedValue = container.decodeNil() ? Value() : try container.decode(Value.self)
    }

    /// Encodes the collection.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(wrappedValue)
    }
}

@available(OS2023, *)
extension KeyedDecodingContainer {
    /// A missing key decodes as an empty collection.
    public func decode<Value>(_ type: DefaultEmpty<Value>.Type, forKey key: Key) throws -> DefaultEmpty<Value> {
        try decodeIfPresent(type, forKey: key) ?? DefaultEmpty(wrappedValue: Value())
    }
}

/// The JSON coders for Clerk objects: millisecond timestamps, keys as the service sends them.
@available(OS2023, *)
enum ClerkJSON {
    static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .millisecondsSince1970
        return decoder
    }

    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .millisecondsSince1970
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }
}

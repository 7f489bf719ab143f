import Foundation

/// Everything a decoding step could make of one JSON value: each conversion tried with `try?`, as a lenient
/// model would, and the coding path the decoder reports. Two decoders agree on a document exactly when their probes
/// are equal.
struct JSONProbe: Decodable, Equatable {
    var path: [String]
    var isNil: Bool
    var bool: Bool?
    var int: Int?
    var int8: Int8?
    var uint8: UInt8?
    var uint64: UInt64?
    var int64: Int64?
    var int128: String?
    var uint128: String?
    var double: UInt64?
    var float: UInt32?
    var string: String?
    var data: Data?
    var url: URL?
    var decimal: Decimal?
    var array: [JSONProbe]?
    var object: [String: JSONProbe]?
    var keys: [String]?
    /// How decoding the value as each of a few types fails, as a model that tells errors apart would see it.
    var failures: [String]

    init(from decoder: any Decoder) throws {
        path = decoder.codingPath.map { "\($0.stringValue)/\($0.intValue.map(String.init) ?? "-")" }
        let single = try decoder.singleValueContainer()
        isNil = single.decodeNil()
        bool = try? single.decode(Bool.self)
        int = try? single.decode(Int.self)
        int8 = try? single.decode(Int8.self)
        uint8 = try? single.decode(UInt8.self)
        uint64 = try? single.decode(UInt64.self)
        int64 = try? single.decode(Int64.self)
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            int128 = (try? single.decode(Int128.self)).map { "\($0)" }
            uint128 = (try? single.decode(UInt128.self)).map { "\($0)" }
        }
        double = (try? single.decode(Double.self))?.bitPattern
        float = (try? single.decode(Float.self))?.bitPattern
        string = try? single.decode(String.self)
        data = try? single.decode(Data.self)
        url = try? single.decode(URL.self)
        decimal = try? single.decode(Decimal.self)
        array = try? single.decode([JSONProbe].self)
        object = try? single.decode([String: JSONProbe].self)
        if let keyed = try? decoder.container(keyedBy: AnyKey.self) {
            keys = keyed.allKeys.map(\.stringValue).sorted()
        }
        failures = [
            Self.failure { try single.decode(Bool.self) }, Self.failure { try single.decode(String.self) },
            Self.failure { try single.decode(Int.self) }, Self.failure { try single.decode(UInt8.self) },
            Self.failure { try single.decode(Double.self) }, Self.failure { try single.decode(Float.self) },
            Self.failure { try single.decode(Decimal.self) }, Self.failure { try single.decode(URL.self) },
            Self.failure { try single.decode([Int].self) },
        ]
    }

    /// "ok", the kind of `DecodingError`, or "other" for an error of another type.
    private static func failure<T>(_ body: () throws -> T) -> String {
        do {
            _ = try body()
            return "ok"
        } catch let error as DecodingError {
            switch error {
            case .typeMismatch: return "typeMismatch"
            case .valueNotFound: return "valueNotFound"
            case .keyNotFound: return "keyNotFound"
            case .dataCorrupted: return "dataCorrupted"
            @unknown default: return "unknown"
            }
        } catch {
            return "other"
        }
    }
}

struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// A record of the shape streams usually carry, decoded by the synthesized `init(from:)`.
struct Record: Codable, Equatable {
    struct Address: Codable, Equatable {
        var street: String
        var zip: Int?
    }

    enum Level: String, Codable { case low, high }

    var id: Int
    var name: String
    var score: Double
    var active: Bool
    var tags: [String]
    var level: Level
    var address: Address?
    var ratio: Float?
    var counts: [String: UInt16]?
    var created: Date?
    var payload: Data?
    var link: URL?
    var amount: Decimal?
}

/// A model written by hand: nested containers, an unkeyed container read element by element, a super decoder,
/// and defaults where a field is missing or malformed.
struct HandWritten: Decodable, Equatable {
    var first: Int
    var rest: [String]
    var inner: Int
    var superValue: String
    var fallback: Int
    var unkeyedPaths: [String]
    var atEnd: Bool
    var indicesPastEnd: [Int]

    enum Keys: String, CodingKey { case list, nested, parent, loose }
    enum NestedKeys: String, CodingKey { case value }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        var list = try container.nestedUnkeyedContainer(forKey: .list)
        first = try list.decode(Int.self)
        var rest: [String] = []
        var paths: [String] = []
        while !list.isAtEnd {
            paths.append(list.codingPath.map(\.stringValue).joined(separator: ".") + "#\(list.currentIndex)")
            if try list.decodeNil() { continue }
            if let text = try? list.decode(String.self) {
                rest.append(text)
            } else {
                rest.append("?\(try list.decode(Double.self))")
            }
        }
        self.rest = rest
        unkeyedPaths = paths
        atEnd = (try? list.decode(Int.self)) == nil
        var indices: [Int] = []
        for _ in 0..<3 {
            _ = try list.decodeIfPresent(Int.self)
            _ = try list.decodeIfPresent(String.self)
            indices.append(list.currentIndex)
        }
        indicesPastEnd = indices
        inner = try container.nestedContainer(keyedBy: NestedKeys.self, forKey: .nested).decode(
            Int.self, forKey: .value)
        superValue = try String(from: container.superDecoder(forKey: .parent))
        fallback = (try? container.decode(Int.self, forKey: .loose)) ?? -1
    }
}

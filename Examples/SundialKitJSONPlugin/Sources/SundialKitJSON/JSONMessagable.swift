public import Foundation
public import SundialKitConnectivity

/// A `Codable` message that travels as JSON: a SundialKit serialization plugin.
///
/// Conform a `Codable` type and give it a key; nothing else is needed. Live, the message is its JSON bytes
/// followed by SundialKit's type footer; by application context, user info or file, it travels inside the
/// dictionary form that every `BinaryMessagable` uses. JSON suits messages a server or a web page also reads.
public protocol JSONMessagable: BinaryMessagable, Codable {
    /// The encoder for this type (override it for dates, keys or data in another shape).
    static func makeJSONEncoder() -> JSONEncoder
    /// The decoder for this type, matching ``makeJSONEncoder()``.
    static func makeJSONDecoder() -> JSONDecoder
}

extension JSONMessagable {
    /// An encoder with sorted keys, so equal messages have equal bytes.
    public static func makeJSONEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }

    /// A plain decoder.
    public static func makeJSONDecoder() -> JSONDecoder {
        JSONDecoder()
    }

    /// Decodes the message from its JSON bytes.
    public init(from data: Data) throws {
        self = try Self.makeJSONDecoder().decode(Self.self, from: data)
    }

    /// Encodes the message as JSON.
    public func encode() throws -> Data {
        try Self.makeJSONEncoder().encode(self)
    }
}

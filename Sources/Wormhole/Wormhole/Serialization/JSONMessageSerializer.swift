public import Foundation

/// JSON, the default: readable by people, other languages and the `wormhole` tool.
///
/// Dates are encoded as ISO 8601 strings and data as Base64 by default, so other languages can read them.
@available(OS2021, *)
public struct JSONMessageSerializer: MessageSerializer {
    private let encoder: JSONEncoder
    private let decoder: JSONDecoder
    /// Whether messages are encoded by ``FastJSONEncoder`` first (the default encoder, whose settings it matches).
    private let encodesFast: Bool
    /// Whether messages are decoded by ``FastJSONDecoder`` first (the default decoder, whose settings it matches).
    private let decodesFast: Bool

    /// Creates a JSON serializer.
    ///
    /// - Parameters:
    ///   - encoder: The encoder to use; its settings are kept.
    ///   - decoder: The decoder to use; its settings are kept.
    public init(encoder: JSONEncoder? = nil, decoder: JSONDecoder? = nil) {
        self.encoder = encoder ?? Self.defaultEncoder()
        self.decoder = decoder ?? Self.defaultDecoder()
        encodesFast = encoder == nil
        decodesFast = decoder == nil
    }

    /// Encodes `message` as JSON.
    ///
    /// With the default encoder, strings, numbers, booleans, objects and arrays are written directly (several
    /// times faster than `JSONEncoder` for long strings), and anything else (dates, data, a failure) by
    /// `JSONEncoder`.
    ///
    /// - Throws: ``WormholeError/encodingFailed(_:type:reason:)``.
    public func encode<Message: Encodable>(_ message: Message, for identifier: MessageIdentifier)
        throws(WormholeError) -> Data
    {
        if encodesFast, !(message is Data), let data = try? FastJSONEncoder.encode(message) {
            return data
        }
        return try Coding.encode(message, for: identifier, with: encoder.encode)
    }

    /// Decodes JSON as `type`.
    ///
    /// With the default decoder, a message made of strings, numbers, booleans, objects and arrays is decoded
    /// directly (several times faster than `JSONDecoder` for long strings); anything else (dates, data, a
    /// failure) by `JSONDecoder`, so the value or the error is the same either way.
    ///
    /// - Throws: ``WormholeError/decodingFailed(_:type:sequence:reason:)``.
    public func decode<Message: Decodable>(_ type: Message.Type, from data: Data, for identifier: MessageIdentifier)
        throws(WormholeError) -> Message
    {
        try Coding.decode(type, from: data, for: identifier) { bytes in
            if decodesFast, let value = FastJSONDecoder.decode(type, from: bytes) { return value }
            return try decoder.decode(type, from: bytes)
        }
    }

    private static func defaultEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }

    private static func defaultDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}

public import Foundation

/// A message with its own binary encoding (Protobuf, MessagePack, a custom layout).
///
/// Sent over `.data` as its bytes followed by a type footer (see ``BinaryMessageEncoder``), or inside a
/// dictionary as `["__type": key, "__parameters": ["__data": bytes]]` when it goes by application
/// context or user info. ``Messagable``'s dictionary requirements are implemented for you.
///
/// Like `Messagable.init(from:)`, the requirements are untyped `throws`: your
/// encoder's errors (SwiftProtobuf's, `Codable`'s, your own) pass through, and SundialKit reports them as
/// `SerializationError`s.
public protocol BinaryMessagable: Messagable {
    /// Decodes the message from the bytes ``encode()`` produced (without the type footer).
    ///
    /// - Parameter data: The payload. It may be a slice of a larger buffer: index it from
    ///   `data.startIndex`, not from 0.
    /// - Throws: Any error, typically a `SerializationError`, when the bytes are invalid.
    init(from data: Data) throws

    /// Encodes the message to bytes (without type information).
    /// - Throws: Any error when the message cannot be encoded.
    func encode() throws -> Data
}

extension BinaryMessagable {
    /// Decodes the `__data` entry of a dictionary-form binary message.
    public init(from parameters: [String: any Sendable]) throws {
        guard let value = parameters[MessagableKeys.dataKey] else {
            throw SerializationError.missingBinaryData
        }
        guard let data = value as? Data else {
            throw SerializationError.typeMismatch(
                key: MessagableKeys.dataKey,
                expected: "Data",
                actual: String(describing: type(of: value))
            )
        }
        try self.init(from: data)
    }

    /// `["__data": encode()]`. If encoding fails, the entry is a marker that makes sending fail with a
    /// typed error instead of sending an empty message.
    public func parameters() -> [String: any Sendable] {
        do {
            return [MessagableKeys.dataKey: try encode()]
        } catch {
            return [MessagableKeys.dataKey: EncodingFailureMarker(reason: String(describing: error))]
        }
    }
}

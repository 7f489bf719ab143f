public import Foundation
public import SundialKitConnectivity
public import SwiftProtobuf

/// A SwiftProtobuf message that travels as a SundialKit message: conform the generated type and send it.
///
/// ```swift
/// extension Sundial_Example_HeartRateUpdate: ProtobufMessagable {}
///
/// try await observer.send(Sundial_Example_HeartRateUpdate.with { $0.bpm = 72 })
/// ```
///
/// The message's Protobuf binary encoding is its payload: over `.data` it is followed by the type footer
/// (`BinaryMessageEncoder`); by application context or user info it travels as
/// `["__type": key, "__parameters": ["__data": bytes]]`. The key defaults to the fully-qualified Protobuf
/// name (`package.Message`), which stays stable when the Swift type is renamed.
public protocol ProtobufMessagable: BinaryMessagable, SwiftProtobuf.Message {}

extension ProtobufMessagable {
    /// The fully-qualified Protobuf message name, for example `sundial.example.HeartRateUpdate`.
    public static var key: String {
        protoMessageName
    }

    /// Decodes the Protobuf binary encoding.
    /// - Throws: SwiftProtobuf's `BinaryDecodingError` when the bytes are not a valid message.
    public init(from data: Data) throws {
        try self.init(serializedBytes: data)
    }

    /// The Protobuf binary encoding.
    /// - Throws: SwiftProtobuf's `BinaryEncodingError` when a required field is missing.
    public func encode() throws -> Data {
        try serializedData()
    }
}

extension MessageDecoder {
    /// Decodes bytes received over `.data` as one Protobuf message type.
    /// - Parameters:
    ///   - type: The expected message type.
    ///   - data: Payload and type footer.
    /// - Returns: The message.
    /// - Throws: ``SerializationError`` when the footer is malformed, names another type, or the payload
    ///   is not a valid message.
    public static func decodeProtobuf<Message: ProtobufMessagable>(
        _ type: Message.Type,
        from data: Data
    ) throws(SerializationError) -> Message {
        let (key, payload) = try BinaryMessageEncoder.decode(data)
        guard key == Message.key else {
            throw .unknownMessageType(key)
        }
        do {
            return try Message(serializedBytes: payload)
        } catch {
            throw .decodingFailed(type: key, reason: String(describing: error))
        }
    }
}

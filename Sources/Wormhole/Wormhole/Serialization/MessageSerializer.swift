public import Foundation

/// Turns messages into bytes and back.
///
/// Serializers are stateless (or guard their state) and may be called from any thread. Report failures as
/// ``WormholeError/encodingFailed(_:type:reason:)`` and ``WormholeError/decodingFailed(_:type:sequence:reason:)``;
/// the wormhole fills in the sequence number.
///
/// The built-in serializers pass `Data` messages through unchanged: `send(data, to:)` stores exactly those bytes
/// and `messages(Data.self, for:)` receives exactly the stored bytes, whatever wrote them (another language, the
/// `wormhole` tool, a shell script).
@available(OS2021, *)
public protocol MessageSerializer: Sendable {
    /// Encodes a message sent to `identifier`.
    ///
    /// - Throws: ``WormholeError/encodingFailed(_:type:reason:)``.
    func encode<Message: Encodable>(_ message: Message, for identifier: MessageIdentifier) throws(WormholeError)
        -> Data

    /// Decodes a message stored under `identifier`.
    ///
    /// - Throws: ``WormholeError/decodingFailed(_:type:sequence:reason:)``.
    func decode<Message: Decodable>(_ type: Message.Type, from data: Data, for identifier: MessageIdentifier)
        throws(WormholeError) -> Message
}

@available(OS2021, *)
extension SerializationFormat {
    /// The serializer this format stands for.
    public var serializer: any MessageSerializer {
        switch self {
        case .json: return JSONMessageSerializer()
        case .propertyList: return PropertyListMessageSerializer()
        case .custom(let serializer): return serializer
        }
    }
}

/// What the built-in serializers share: `Data` passes through unchanged, and a coder's failure becomes the
/// matching ``WormholeError``.
@available(OS2021, *)
enum Coding {
    static func encode<Message: Encodable>(
        _ message: Message, for identifier: MessageIdentifier, with encode: (Message) throws -> Data
    ) throws(WormholeError) -> Data {
        if let bytes = message as? Data { return bytes }  // raw bytes pass through unchanged
        do {
            return try encode(message)
        } catch {
            throw .encodingFailed(identifier, type: String(describing: Message.self), reason: error.codingReason)
        }
    }

    static func decode<Message: Decodable>(
        _ type: Message.Type, from data: Data, for identifier: MessageIdentifier,
        with decode: (Data) throws -> Message
    ) throws(WormholeError) -> Message {
        if let bytes = data as? Message { return bytes }  // `Data` receives the stored bytes as they are
        do {
            return try decode(data)
        } catch {
            throw .decodingFailed(identifier, type: String(describing: type), sequence: nil, reason: error.codingReason)
        }
    }
}

extension Error {
    /// A short reason for a Codable failure, without the coding-path noise when there is none.
    var codingReason: String {
        switch self {
        case let error as DecodingError:
            switch error {
            case .dataCorrupted(let context), .keyNotFound(_, let context), .typeMismatch(_, let context),
                .valueNotFound(_, let context):
                let path = context.codingPath.map(\.stringValue).joined(separator: ".")
                return path.isEmpty ? context.debugDescription : "\(path): \(context.debugDescription)"
            @unknown default:
                return String(describing: error)
            }
        case let error as EncodingError:
            switch error {
            case .invalidValue(_, let context):
                return context.debugDescription
            @unknown default:
                return String(describing: error)
            }
        default:
            return String(describing: self)
        }
    }
}

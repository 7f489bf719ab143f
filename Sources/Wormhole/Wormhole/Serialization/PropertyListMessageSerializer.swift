import Foundation

/// Binary property lists.
///
/// A property list needs a keyed or unkeyed container at the top level: send structs, arrays or dictionaries,
/// not a bare `Int` or `String` (encoding one fails with ``WormholeError/encodingFailed(_:type:reason:)``).
public struct PropertyListMessageSerializer: MessageSerializer {
    /// Creates a binary property-list serializer.
    public init() {}

    /// Encodes `message` as a binary property list.
    ///
    /// - Throws: ``WormholeError/encodingFailed(_:type:reason:)``.
    public func encode<Message: Encodable>(_ message: Message, for identifier: MessageIdentifier)
        throws(WormholeError) -> Data
    {
        if let bytes = message as? Data { return bytes }  // raw bytes pass through unchanged
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .binary
        do {
            return try encoder.encode(message)
        } catch {
            throw .encodingFailed(identifier, type: String(describing: Message.self), reason: error.codingReason)
        }
    }

    /// Decodes a property list (binary or XML) as `type`.
    ///
    /// - Throws: ``WormholeError/decodingFailed(_:type:sequence:reason:)``.
    public func decode<Message: Decodable>(_ type: Message.Type, from data: Data, for identifier: MessageIdentifier)
        throws(WormholeError) -> Message
    {
        if let bytes = data as? Message { return bytes }  // `Data` receives the stored bytes as they are
        do {
            return try PropertyListDecoder().decode(type, from: data)
        } catch {
            throw .decodingFailed(identifier, type: String(describing: type), sequence: nil, reason: error.codingReason)
        }
    }
}

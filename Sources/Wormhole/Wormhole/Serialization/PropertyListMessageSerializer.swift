public import Foundation

/// Binary property lists.
///
/// A property list needs a keyed or unkeyed container at the top level: send structs, arrays or dictionaries,
/// not a bare `Int` or `String` (encoding one fails with ``WormholeError/encodingFailed(_:type:reason:)``).
@available(OS2021, *)
public struct PropertyListMessageSerializer: MessageSerializer {
    /// Creates a binary property-list serializer.
    public init() {}

    /// Encodes `message` as a binary property list.
    ///
    /// - Throws: ``WormholeError/encodingFailed(_:type:reason:)``.
    public func encode<Message: Encodable>(_ message: Message, for identifier: MessageIdentifier)
        throws(WormholeError) -> Data
    {
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .binary
        return try Coding.encode(message, for: identifier, with: encoder.encode)
    }

    /// Decodes a property list (binary or XML) as `type`.
    ///
    /// - Throws: ``WormholeError/decodingFailed(_:type:sequence:reason:)``.
    public func decode<Message: Decodable>(_ type: Message.Type, from data: Data, for identifier: MessageIdentifier)
        throws(WormholeError) -> Message
    {
        try Coding.decode(type, from: data, for: identifier) { try PropertyListDecoder().decode(type, from: $0) }
    }
}

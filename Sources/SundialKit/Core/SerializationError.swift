/// Why a message could not be encoded or decoded.
public enum SerializationError: Error, Sendable, Hashable {
    /// The dictionary has no `__type` string naming its message type.
    case missingTypeKey
    /// No registered type has this key.
    case unknownMessageType(String)
    /// Two different registered types share this key.
    case duplicateMessageKey(String)
    /// A value has the wrong type.
    case typeMismatch(key: String, expected: String, actual: String)
    /// A required field is missing.
    case missingField(String)
    /// A binary message's parameters have no `__data`.
    case missingBinaryData
    /// The type is registered but cannot decode binary payloads.
    case notBinaryMessagable(String)
    /// The binary footer is malformed (the reason says how).
    case invalidFormat(String)
    /// The type key in the binary footer is not valid UTF-8.
    case invalidTypeKey
    /// A binary payload has the wrong size for its format.
    case invalidDataSize(expected: Int, actual: Int)
    /// The message could not be encoded (the reason says why).
    case encodingFailed(String)
    /// The message could not be decoded into the named type (the reason says why).
    case decodingFailed(type: String, reason: String)
    /// A value is not a property-list type (the key path and type are named).
    case unsupportedValue(String)
}

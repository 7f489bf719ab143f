import Foundation

extension SerializationError: LocalizedError {
    /// What went wrong, in one sentence.
    public var errorDescription: String? {
        switch self {
        case .missingTypeKey: "The message has no \"__type\" key."
        case .unknownMessageType(let key): "No message type is registered for key \"\(key)\"."
        case .duplicateMessageKey(let key): "More than one message type is registered for key \"\(key)\"."
        case .typeMismatch(let key, let expected, let actual):
            "\"\(key)\" should be \(expected) but is \(actual)."
        case .missingField(let field): "The required field \"\(field)\" is missing."
        case .missingBinaryData: "The binary message has no \"__data\"."
        case .notBinaryMessagable(let key): "The type registered for \"\(key)\" cannot decode binary messages."
        case .invalidFormat(let reason): "The binary message is malformed: \(reason)"
        case .invalidTypeKey: "The binary message's type key is not valid UTF-8."
        case .invalidDataSize(let expected, let actual): "Expected \(expected) bytes of data, got \(actual)."
        case .encodingFailed(let reason): "The message could not be encoded: \(reason)"
        case .decodingFailed(let type, let reason): "The message could not be decoded as \(type): \(reason)"
        case .unsupportedValue(let detail): "Not a property-list value: \(detail)"
        }
    }
}

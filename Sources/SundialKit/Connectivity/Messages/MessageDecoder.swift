public import Foundation

/// Turns received dictionaries and binary messages into typed ``Messagable`` values.
///
/// ```swift
/// let decoder = try MessageDecoder(validating: [ColorMessage.self, Workout.self])
/// let message = try decoder.decodeMessage(received.message)
/// ```
///
/// Two different types with the same ``Messagable/key`` are an error, never a crash: `init(validating:)`
/// throws `SerializationError.duplicateMessageKey(_:)`, and a decoder built with
/// `init(messagableTypes:)` reports it when a message with that key arrives.
public struct MessageDecoder: Sendable {
    private let types: [String: any Messagable.Type]
    /// The registered ``BinaryMessagable`` types, found once here rather than by a cast per message.
    private let binaryTypes: [String: any BinaryMessagable.Type]
    private let duplicateKeys: Set<String>

    /// Creates a decoder for the given types (1.x initializer; never traps).
    ///
    /// If two different types share a key, messages with that key fail to decode with
    /// `SerializationError.duplicateMessageKey(_:)`; use ``init(validating:)`` to find out at once.
    /// - Parameter messagableTypes: The types to decode.
    public init(messagableTypes: [any Messagable.Type]) {
        var types: [String: any Messagable.Type] = [:]
        var duplicates: Set<String> = []
        for type in messagableTypes {
            let key = type.key
            if let existing = types[key], ObjectIdentifier(existing) != ObjectIdentifier(type) {
                duplicates.insert(key)
            } else {
                types[key] = type
            }
        }
        self.types = types
        self.binaryTypes = types.compactMapValues { $0 as? any BinaryMessagable.Type }
        self.duplicateKeys = duplicates
    }

    /// Creates a decoder, failing if two different types share a key.
    /// - Parameter messagableTypes: The types to decode.
    /// - Throws: `SerializationError.duplicateMessageKey(_:)` naming the first shared key.
    public init(validating messagableTypes: [any Messagable.Type]) throws(SerializationError) {
        self.init(messagableTypes: messagableTypes)
        if let key = duplicateKeys.sorted().first {
            throw .duplicateMessageKey(key)
        }
    }

    /// The keys this decoder recognises.
    public var registeredKeys: Set<String> {
        Set(types.keys).subtracting(duplicateKeys)
    }

    /// Decodes a dictionary, or returns `nil` when it is not a message this decoder knows (1.x API, with 1.x's
    /// behaviour: the type's `init?(from:)` is given `__parameters`, or `nil` when there is none).
    ///
    /// Use ``decodeMessage(_:)`` to learn why decoding failed.
    /// - Parameter message: A received dictionary.
    /// - Returns: The decoded message, or `nil`.
    public func decode(_ message: ConnectivityMessage) -> (any Messagable)? {
        // As 1.x: the type's `init?(from:)` gets `__parameters` as a dictionary, or `nil` when it is missing or
        // not a dictionary.
        guard let key = message[MessagableKeys.typeKey] as? String, let type = try? registeredType(for: key) else {
            return nil
        }
        return type.init(from: message[MessagableKeys.parametersKey] as? [String: Any])
    }

    /// Decodes a dictionary of the form `["__type": key, "__parameters": [...]]`.
    /// - Parameter message: A received dictionary.
    /// - Returns: The decoded message.
    /// - Throws: `SerializationError` when the type key is missing, unknown or shared, the parameters
    ///   are not a dictionary, or the type's initializer fails.
    public func decodeMessage(_ message: ConnectivityMessage) throws(SerializationError) -> any Messagable {
        guard let rawKey = message[MessagableKeys.typeKey] else {
            throw .missingTypeKey
        }
        guard let key = rawKey as? String else {
            throw .typeMismatch(
                key: MessagableKeys.typeKey,
                expected: "String",
                actual: String(describing: type(of: rawKey))
            )
        }
        let type = try registeredType(for: key)
        let parameters: [String: any Sendable]
        switch message[MessagableKeys.parametersKey] {
        case .none:
            parameters = [:]
        case .some(let value as [String: any Sendable]):
            parameters = value
        case .some(let value):
            throw .typeMismatch(
                key: MessagableKeys.parametersKey,
                expected: "[String: any Sendable]",
                actual: String(describing: Swift.type(of: value))
            )
        }
        return try Self.make(type, key: key) { try type.init(from: parameters) }
    }

    /// Decodes bytes received over `.data`: a payload followed by a type footer.
    /// - Parameter data: The received bytes.
    /// - Returns: The decoded message.
    /// - Throws: `SerializationError` when the footer is malformed, the key is unknown or not a
    ///   ``BinaryMessagable``, or the type's initializer fails.
    public func decodeBinary(_ data: Data) throws(SerializationError) -> any Messagable {
        let (key, payload) = try BinaryMessageEncoder.decode(data)
        // One lookup on the way that succeeds; the failures are told apart after.
        guard duplicateKeys.isEmpty || !duplicateKeys.contains(key), let binaryType = binaryTypes[key] else {
            _ = try registeredType(for: key)
            throw .notBinaryMessagable(key)
        }
        return try Self.make(binaryType, key: key) { try binaryType.init(from: payload) }
    }

    /// Decodes a received message of either kind, as delivered in a receive result.
    /// - Parameter result: A received message.
    /// - Returns: The decoded message.
    /// - Throws: `SerializationError` as ``decodeMessage(_:)`` and ``decodeBinary(_:)`` do.
    public func decode(_ result: ConnectivityReceiveResult) throws(SerializationError) -> any Messagable {
        if let data = result.data {
            return try decodeBinary(data)
        }
        return try decodeMessage(result.message)
    }

    private func registeredType(for key: String) throws(SerializationError) -> any Messagable.Type {
        guard duplicateKeys.isEmpty || !duplicateKeys.contains(key) else {
            throw .duplicateMessageKey(key)
        }
        guard let type = types[key] else {
            throw .unknownMessageType(key)
        }
        return type
    }

    private static func make(
        _ type: any Messagable.Type,
        key: String,
        _ body: () throws -> any Messagable
    ) throws(SerializationError) -> any Messagable {
        do {
            return try body()
        } catch let error as SerializationError {
            throw error
        } catch {
            throw .decodingFailed(type: key, reason: String(describing: error))
        }
    }
}

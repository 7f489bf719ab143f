/// A message type that converts itself to and from the dictionary WatchConnectivity sends.
///
/// Conform with **either** shape; the other is derived:
///
/// - the 2.x shape: `init(from parameters: [String: any Sendable]) throws` and
///   `func parameters() -> [String: any Sendable]`;
/// - the 1.x shape: `init?(from parameters: [String: Any]?)` and `func parameters() -> [String: Any]`.
///
/// Implement at least one initializer and one `parameters()`: the defaults of each shape call the
/// other, so a type that implements neither recurses.
///
/// Give every type a stable, explicit ``key``: it is what the receiver routes on, and the default (the
/// type's name) changes when the type is renamed.
///
/// ```swift
/// struct ColorMessage: Messagable {
///     static let key = "color"
///     let red: Double
///
///     init(red: Double) { self.red = red }
///
///     init(from parameters: [String: any Sendable]) throws {
///         guard let red = parameters["red"] as? Double else {
///             throw SerializationError.missingField("red")
///         }
///         self.red = red
///     }
///
///     func parameters() -> [String: any Sendable] { ["red": red] }
/// }
/// ```
public protocol Messagable: Sendable {
    /// The key that identifies this type on the wire; unique within a ``MessageDecoder``.
    static var key: String { get }

    /// Creates the message from its parameters (2.x shape).
    ///
    /// The one kind of throwing API in SundialKit without a typed error: it is yours to implement, with whatever
    /// errors your decoding code throws. ``MessageDecoder`` reports them as `SerializationError`s.
    /// - Parameter parameters: The `__parameters` dictionary that was received.
    /// - Throws: Any error, typically a `SerializationError`, when the parameters are invalid.
    init(from parameters: [String: any Sendable]) throws

    /// The message's parameters (2.x shape): property-list values only.
    func parameters() -> [String: any Sendable]

    /// Creates the message from its parameters, or `nil` when they are invalid (1.x shape).
    /// - Parameter parameters: The `__parameters` dictionary that was received, if any.
    init?(from parameters: [String: Any]?)

    /// The message's parameters (1.x shape): any values; only property-list values can be sent.
    func parameters() -> [String: Any]
}

extension Messagable {
    /// The type's name. Prefer an explicit, stable key.
    public static var key: String {
        String(describing: Self.self)
    }

    /// Derived from the 1.x initializer: fails with `SerializationError.decodingFailed` when it returns `nil`.
    public init(from parameters: [String: any Sendable]) throws {
        let legacy: [String: Any] = parameters
        guard let message = Self(from: Optional(legacy)) else {
            throw SerializationError.decodingFailed(type: Self.key, reason: "init?(from:) returned nil")
        }
        self = message
    }

    /// Derived from the 2.x initializer: `nil` when it throws. The values are passed on as they are.
    public init?(from parameters: [String: Any]?) {
        let converted = PropertyListValue.passingThrough(parameters ?? [:])
        guard let message = try? Self(from: converted) else {
            return nil
        }
        self = message
    }

    /// Derived from the 1.x `parameters()`, with the values as they are (as in 1.x). Values that are not
    /// property-list values make a send to WatchConnectivity fail with
    /// `ConnectivityError.payloadUnsupportedTypes(_:)`; ``message()`` and ``MessageDecoder`` keep them.
    public func parameters() -> [String: any Sendable] {
        let legacy: [String: Any] = parameters()
        return PropertyListValue.passingThrough(legacy)
    }

    /// Derived from the 2.x `parameters()`.
    public func parameters() -> [String: Any] {
        let parameters: [String: any Sendable] = parameters()
        return parameters
    }

    /// The message as a WatchConnectivity dictionary: `["__type": key, "__parameters": parameters()]`.
    public func message() -> ConnectivityMessage {
        let parameters: [String: any Sendable] = parameters()
        return [MessagableKeys.typeKey: Self.key, MessagableKeys.parametersKey: parameters]
    }
}

/// Why a server could not start.
public struct DurableStreamsServerError: Error, Sendable, CustomStringConvertible {
    /// The kind of failure.
    public enum Code: Sendable, Equatable {
        /// The server was already started.
        case alreadyStarted
        /// The store could not be opened (for example, another server holds the data directory).
        case storageUnavailable
        /// The address could not be bound (for example, the port is in use).
        case bindFailed
        /// The configuration is invalid.
        case invalidConfiguration
    }

    /// The kind of failure.
    public let code: Code
    /// What happened.
    public let message: String

    /// Creates an error.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// The kind and what happened.
    public var description: String { "\(code): \(message)" }
}

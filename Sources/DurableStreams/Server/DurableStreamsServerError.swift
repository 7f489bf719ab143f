public import DurableStreamsStorage

/// Why a server could not start: ``DurableStreamsServer/start()`` and the service's `run` throw it.
///
/// Match on its ``code``, which can grow new values without breaking your `switch` or `catch`:
///
/// ```swift
/// do {
///     let port = try await server.start()
/// } catch DurableStreamsServerError.bindFailed {
///     // The port is in use.
/// } catch {
///     print(error.message, error.storageError?.context.filePath ?? "")
/// }
/// ```
@available(OS2023, *)
public struct DurableStreamsServerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure this is. New codes may be added in any release.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Base: String, Hashable, Sendable {
            case alreadyStarted, invalidConfiguration, storageUnavailable, bindFailed
        }

        private let base: Base
        private init(_ base: Base) { self.base = base }

        /// The server was already started.
        public static let alreadyStarted = Code(.alreadyStarted)
        /// The configuration is invalid (a port out of range, a limit that is not positive, a bad base path).
        public static let invalidConfiguration = Code(.invalidConfiguration)
        /// The store could not be opened (for example, another server holds the data directory), or the
        /// subscriptions it keeps could not be loaded; ``DurableStreamsServerError/storageError`` says why.
        public static let storageUnavailable = Code(.storageUnavailable)
        /// The address could not be bound (for example, the port is in use).
        public static let bindFailed = Code(.bindFailed)

        /// The code's name, for example `bindFailed`.
        public var description: String { base.rawValue }

        /// Matches a ``DurableStreamsServerError`` whose code is `pattern`: `catch DurableStreamsServerError.bindFailed`.
        public static func ~= (pattern: Code, error: DurableStreamsServerError) -> Bool { error.code == pattern }

        /// Matches any error that is a ``DurableStreamsServerError`` whose code is `pattern`.
        public static func ~= (pattern: Code, error: any Error) -> Bool {
            (error as? DurableStreamsServerError)?.code == pattern
        }
    }

    /// `catch DurableStreamsServerError.alreadyStarted`.
    public static let alreadyStarted = Code.alreadyStarted
    /// `catch DurableStreamsServerError.invalidConfiguration`.
    public static let invalidConfiguration = Code.invalidConfiguration
    /// `catch DurableStreamsServerError.storageUnavailable`.
    public static let storageUnavailable = Code.storageUnavailable
    /// `catch DurableStreamsServerError.bindFailed`.
    public static let bindFailed = Code.bindFailed

    /// What kind of failure this is.
    public var code: Code
    /// A sentence for people (logs, the command line).
    public var message: String
    /// The store's error, when the store (or the subscriptions it keeps) could not be opened: its code, context
    /// (the file concerned) and underlying error.
    public var storageError: StreamStorageError?

    /// Creates an error.
    public init(_ code: Code, _ message: String, storageError: StreamStorageError? = nil) {
        self.code = code
        self.message = message
        self.storageError = storageError
    }

    /// The code and the message, in one line.
    public var description: String { "DurableStreamsServerError.\(code): \(message)" }
}

import Foundation
public import Logging

/// Every service a ``Clerk`` instance uses, registered explicitly and overridable one by one.
///
/// There is no global container: each `Clerk` owns one, so tests and previews build their own and run in
/// parallel.
///
/// ```swift
/// var dependencies = ClerkDependencies(configuration: configuration)
/// dependencies.transport = RecordedTransport(...)
/// dependencies.store = InMemorySecureStore()
/// ```
@available(OS2023, *)
public struct ClerkDependencies: Sendable {
    /// Sends HTTP requests. Default: ``URLSessionTransport``.
    public var transport: any HTTPTransport
    /// Keeps the device token, client and environment between launches. Default: ``InMemorySecureStore``.
    public var store: any SecureStore
    /// Reads the time and sleeps. Default: ``SystemClock``.
    public var clock: any ClerkClock
    /// Makes UUIDs and random numbers. Default: ``SystemRandomness``.
    public var randomness: any ClerkRandomness
    /// Where ClerkKit logs. Secrets are redacted before anything reaches it. A logger passed in keeps its own
    /// level; the default one logs at ``ClerkOptions/logLevel``.
    public var logger: Logger

    /// Creates the default services for `configuration`, replacing those given.
    public init(
        configuration: ClerkConfiguration,
        transport: (any HTTPTransport)? = nil,
        store: (any SecureStore)? = nil,
        clock: any ClerkClock = SystemClock(),
        randomness: any ClerkRandomness = SystemRandomness(),
        logger: Logger? = nil
    ) {
        self.transport = transport ?? URLSessionTransport()
        self.store = store ?? configuration.options.store ?? InMemorySecureStore()
        self.clock = clock
        self.randomness = randomness
        if let logger {
            self.logger = logger
        } else {
            var logger = Logger(label: "com.clerk.sdk")
            logger.logLevel = configuration.options.logLevel
            self.logger = logger
        }
    }
}

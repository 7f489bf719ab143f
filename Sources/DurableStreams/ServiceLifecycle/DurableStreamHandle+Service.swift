public import DurableStreams
public import ServiceLifecycle

/// A handle runs as a swift-service-lifecycle `Service`: it stays up until graceful shutdown (or cancellation),
/// then flushes its pending appends and stops accepting new ones.
///
/// ```swift
/// let handle = try await DurableStreamHandle.createOrConnect(url: url)
/// let group = ServiceGroup(services: [handle, consumer], gracefulShutdownSignals: [.sigterm], logger: logger)
/// try await group.run()
/// ```
@available(OS2022, *)
extension DurableStreamHandle: Service {
    /// Waits for graceful shutdown or cancellation, then flushes and closes the handle's producer.
    ///
    /// - Throws: The producer's first failure since its last flush (``DurableStreamError``).
    public func run() async throws(DurableStreamError) {
        try? await gracefulShutdown()
        try await close()
    }
}

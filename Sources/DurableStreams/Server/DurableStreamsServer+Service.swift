import DurableStreamsStorage
public import ServiceLifecycle

@available(OS2023, *)
extension DurableStreamsServer: Service {
    /// Runs the server as a swift-service-lifecycle `Service`: starts it, serves until the service group
    /// shuts down gracefully (or the task is cancelled), then stops it as ``stop()`` does.
    ///
    /// ```swift
    /// let server = DurableStreamsServer(configuration: .init(storage: .directory("/var/lib/streams")))
    /// let group = ServiceGroup(
    ///     services: [server], gracefulShutdownSignals: [.sigterm, .sigint], logger: server.configuration.logger)
    /// try await group.run()
    /// ```
    ///
    /// - Throws: ``DurableStreamsServerError`` if the server cannot start (see ``start()``).
    public func run() async throws {
        try await run(onListening: { _ in })
    }

    /// Runs the server as ``run()`` does, calling `onListening` with the bound port once it accepts connections.
    ///
    /// - Throws: ``DurableStreamsServerError`` if the server cannot start (see ``start()``).
    public func run(onListening: (_ port: Int) async -> Void) async throws(DurableStreamsServerError) {
        let port = try await start()
        await onListening(port)
        // Returns on graceful shutdown, or throws at cancellation: either way the server stops cleanly.
        try? await gracefulShutdown()
        await stop()
    }
}

import DurableStreamsServer
import Logging
import ServiceLifecycle

/// The server README's service example, compiled here so that it cannot drift (not run: it serves until a signal).
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
enum ReadmeServiceSnippet {
    static func serve(logger: Logger) async throws {
        let server = DurableStreamsServer(configuration: .init(storage: .directory("/var/lib/streams")))
        let group = ServiceGroup(services: [server], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
        try await group.run()
    }
}

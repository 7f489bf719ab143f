// The server README's service example, word for word (scripts/readme-snippets checks it), compiled here and run by
// ReadmeServiceTests.
import DurableStreamsServer
import Logging
import ServiceLifecycle

@available(OS2023, *)
/// Serves the streams in `directory` until SIGTERM or SIGINT, then stops cleanly.
func serveStreams(in directory: String, port: Int = 4437, logger: Logger) async throws {
    var configuration = DurableStreamsServer.Configuration(port: port, storage: .directory(directory))
    configuration.logger = logger
    let server = DurableStreamsServer(configuration: configuration)
    let group = ServiceGroup(services: [server], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
    try await group.run()
}

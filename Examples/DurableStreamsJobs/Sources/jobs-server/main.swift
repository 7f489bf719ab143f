// jobs-server DIRECTORY: a Durable Streams server on 127.0.0.1 (an ephemeral port) keeping its streams and
// subscriptions in DIRECTORY, streams under /v1/stream, webhooks to 127.0.0.1 allowed. Prints the stream root
// once it listens, then serves until SIGTERM or SIGINT.
import DurableStreamsServer
import Foundation
import Logging
import ServiceLifecycle

/// The server as a service that announces its root when it listens.
struct JobsServer: Service {
    let server: DurableStreamsServer

    func run() async throws {
        try await server.run { port in
            print("http://127.0.0.1:\(port)/v1/stream")
            fflush(nil)
        }
    }
}

let arguments = CommandLine.arguments
guard arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: jobs-server DIRECTORY\n".utf8))
    exit(2)
}
var logger = Logger(label: "jobs-server")
logger.logLevel = .warning

var configuration = DurableStreamsServer.Configuration(host: "127.0.0.1", port: 0, storage: .directory(arguments[1]))
configuration.basePath = "/v1/stream"
// Development mode: webhook targets on localhost over plain HTTP are allowed (production needs https and public
// addresses).
configuration.webhooks = .development
configuration.logger = logger

let group = ServiceGroup(
    services: [JobsServer(server: DurableStreamsServer(configuration: configuration))],
    gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
try await group.run()

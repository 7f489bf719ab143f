// The Swift blocks of the server's DocC catalog, word for word (scripts/readme-snippets checks it), compiled here.
import DurableStreamsServer

@available(OS2023, *)
enum ServerDocCSnippets {
    /// Getting started.
    static func inProcess() async throws {
        let server = DurableStreamsServer(configuration: .init(port: 0))
        let port = try await server.start()
        print("serving on port \(port): \(server.url ?? "")")
        // ... PUT, POST and GET <url>/orders with any Durable Streams client
        await server.stop()
    }

    /// Durable storage.
    static func durable() async throws {
        var configuration = DurableStreamsServer.Configuration(port: 4437, storage: .directory("/var/lib/streams"))
        configuration.longPollTimeout = .seconds(20)
        let server = DurableStreamsServer(configuration: configuration)
        try await server.start()
    }
}

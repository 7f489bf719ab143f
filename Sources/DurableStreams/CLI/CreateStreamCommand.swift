import ArgumentParser
import DurableStreams
import Foundation

/// `durable-streams create URL`: creates a stream (or confirms an identical one exists).
struct CreateStreamCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "create",
        abstract: "Create a stream.",
        discussion: "Prints `created` or `exists` and the stream's tail offset."
    )

    @OptionGroup var options: ClientOptions

    @Option(name: .customLong("content-type"), help: "The stream's content type.")
    var contentType = "application/octet-stream"

    @Option(help: "A sliding time-to-live in seconds.")
    var ttl: Int?

    @Flag(help: "Create the stream already closed.")
    var closed = false

    @Option(help: "Initial content.")
    var data: String?

    func run() async throws {
        let handle = try await options.withConfiguration { configuration throws(DurableStreamError) in
            try await DurableStreamHandle.create(
                url: options.streamURL,
                contentType: contentType,
                expireAfter: ttl.map { .seconds($0) },
                closed: closed,
                initialData: data.map { Data($0.utf8) },
                configuration: configuration
            )
        }
        let offset = await handle.offset?.rawValue ?? "-"
        print("\(handle.wasCreated ? "created" : "exists") \(offset)")
    }
}

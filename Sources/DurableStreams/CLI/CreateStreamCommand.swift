import ArgumentParser
import DurableStreams
import Foundation

/// `durable-streams create URL`: creates a stream, or a fork of one (or confirms an identical one exists).
@available(OS2022, *)
struct CreateStreamCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "create",
        abstract: "Create a stream, or fork one.",
        discussion: """
            Prints `created` or `exists` and the stream's tail offset.

            With --fork-from, the stream is created as a fork of another stream on the same server: it starts \
            with the source's data up to --fork-offset (the source's tail by default) and takes its own \
            appends from there. Without --content-type, a fork takes its source's content type.
            """
    )

    @OptionGroup var options: ClientOptions

    @Option(name: .customLong("content-type"), help: "The stream's content type (default: application/octet-stream).")
    var contentType: String?

    @Option(help: "A sliding time-to-live in seconds.")
    var ttl: Int?

    @Flag(help: "Create the stream already closed.")
    var closed = false

    @Option(help: "Initial content.")
    var data: String?

    @Option(name: .customLong("fork-from"), help: "Fork the stream at this path on the same server (e.g. /orders).")
    var forkFrom: String?

    @Option(name: .customLong("fork-offset"), help: "Where the fork diverges: an offset of the source.")
    var forkOffset: String?

    @Option(
        name: .customLong("fork-sub-offset"),
        help: "How much of the source's append at --fork-offset the fork also takes: messages (JSON) or bytes.")
    var forkSubOffset: UInt64?

    func validate() throws {
        if forkFrom == nil && (forkOffset != nil || forkSubOffset != nil) {
            throw ValidationError("--fork-offset and --fork-sub-offset need --fork-from")
        }
        if let forkFrom, !forkFrom.hasPrefix("/") || forkFrom.hasPrefix("//") || sourceURL(forkFrom) == nil {
            throw ValidationError("--fork-from must be a path on the same server, such as /orders")
        }
    }

    func run() async throws {
        let handle = try await options.withConfiguration { configuration throws(DurableStreamError) in
            let initialData = data.map { Data($0.utf8) }
            if let forkFrom, let source = sourceURL(forkFrom) {
                return try await DurableStreamHandle.fork(
                    url: options.streamURL,
                    from: source,
                    at: forkOffset.map(Offset.init(rawValue:)),
                    subOffset: forkSubOffset,
                    contentType: contentType,
                    expireAfter: ttl.map { .seconds($0) },
                    closed: closed,
                    initialData: initialData,
                    configuration: configuration
                )
            }
            return try await DurableStreamHandle.create(
                url: options.streamURL,
                contentType: contentType ?? "application/octet-stream",
                expireAfter: ttl.map { .seconds($0) },
                closed: closed,
                initialData: initialData,
                configuration: configuration
            )
        }
        let offset = await handle.offset?.rawValue ?? "-"
        print("\(handle.wasCreated ? "created" : "exists") \(offset)")
    }

    /// The source's URL: the path resolved against the stream's URL (same scheme, host and port).
    private func sourceURL(_ path: String) -> URL? {
        URL(string: path, relativeTo: options.streamURL)?.absoluteURL
    }
}

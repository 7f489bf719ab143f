import ArgumentParser
import DurableStreams
import Foundation

/// `durable-streams read URL`: prints a stream's data, and with `--live` keeps following it.
@available(OS2022, *)
struct ReadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "read",
        abstract: "Read a stream.",
        discussion: """
            Writes the stream's bytes to standard output as they arrive. Without --live it stops at the tail; \
            with --live it follows the stream (long-poll, or SSE with --live sse) until the stream is closed or \
            the command is interrupted. The last offset goes to standard error, to resume from with --offset.
            """
    )

    enum Live: String, ExpressibleByArgument {
        case longPoll = "long-poll"
        case sse
    }

    @OptionGroup var options: ClientOptions

    @Option(help: "Where to start: -1 (the beginning), now (the tail), or an offset from an earlier read.")
    var offset = "-1"

    @Option(
        name: .customLong("live"), help: "Follow the stream: long-poll or sse.",
        transform: { value in
            guard let live = Live(rawValue: value) else { throw ValidationError("--live must be long-poll or sse") }
            return live
        })
    var live: Live?

    @Flag(name: .customLong("follow"), help: "Follow the stream with long-polling (same as --live long-poll).")
    var follow = false

    func run() async throws {
        let mode: LiveMode =
            switch (live, follow) {
            case (.sse?, _): .sse
            case (.longPoll?, _), (nil, true): .longPoll
            case (nil, false): .catchUp
            }
        let last = try await options.withConfiguration { configuration throws(DurableStreamError) -> Offset in
            let response = try await DurableStream.stream(
                url: options.streamURL, offset: Offset(rawValue: offset), live: mode, configuration: configuration.http)
            var last = Offset(rawValue: offset)
            var iterator = response.byteStream().makeAsyncIterator()
            while true {
                let chunk: ByteChunk?
                do {
                    chunk = try await iterator.next()
                } catch let error as DurableStreamError {
                    throw error
                } catch {
                    throw .cancelled
                }
                guard let chunk else { break }
                if !chunk.data.isEmpty { FileHandle.standardOutput.write(chunk.data) }
                last = chunk.offset
            }
            return last
        }
        printError("offset: \(last.rawValue)")
    }
}

import ArgumentParser
import DurableStreams
import Foundation

/// `durable-streams head URL`: prints a stream's metadata.
@available(OS2022, *)
struct HeadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "head",
        abstract: "Show a stream's metadata: tail offset, content type, closure, expiry."
    )

    @OptionGroup var options: ClientOptions

    func run() async throws {
        let info = try await options.withConfiguration { configuration throws(DurableStreamError) in
            try await DurableStreamHandle.head(url: options.streamURL, configuration: configuration)
        }
        print("offset: \(info.offset.rawValue)")
        print("content-type: \(info.contentType ?? "-")")
        print("closed: \(info.isClosed)")
        if let ttl = info.timeToLive { print("ttl: \(ttl)") }
        if let expires = info.expires { print("expires-at: \(ISO8601DateFormatter().string(from: expires))") }
    }
}

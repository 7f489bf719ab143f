import ArgumentParser
import Foundation
import Wormhole

/// `wormhole read`: prints what is stored.
@available(OS2022, *)
struct Read: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the stored message of an identifier (with --queue, the queued messages).",
        discussion: """
            Exits with status 1 if nothing is stored, 65 if what is stored cannot be read (after printing the rest).
            """
    )

    @OptionGroup var options: WormholeOptions

    @Argument(help: "The identifier to read.")
    var identifier: String

    @Option(help: "Only messages numbered above this; \"missed\" then counts the messages replaced since.")
    var after: UInt64?

    @Option(help: "At most this many messages (queue mode).")
    var limit = 1024

    @Flag(help: "Print only the payload bytes, as stored, instead of JSON lines.")
    var payload = false

    func validate() throws {
        if limit < 1 { throw ValidationError("--limit must be at least 1.") }
    }

    func run() async throws {
        try await reporting {
            let id = MessageIdentifier(identifier)
            let wormhole = try options.open(for: [id])
            let deliveries = try await wormhole.storedMessages(Data.self, for: id, after: after ?? 0, limit: limit)
            guard !deliveries.isEmpty else { throw ExitCode(1) }
            var unreadable: WormholeError?
            for (index, delivery) in deliveries.enumerated() {
                // A plain read (no --after) has no previous message to have missed anything since.
                let missed = after == nil && index == 0 ? 0 : delivery.missedCount
                switch (payload, delivery.content) {
                case (true, .message(let bytes)):
                    Output.raw(bytes)
                case (true, .failure(let error)):
                    Output.error("wormhole: \(error)")
                default:
                    Output.line(Output.json(delivery, missed: missed))
                }
                unreadable = unreadable ?? delivery.error
            }
            if let unreadable { throw Failure(unreadable).exitCode }
        }
    }
}

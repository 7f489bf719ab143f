import ArgumentParser
import Foundation
import Wormhole

/// `wormhole read`: prints what is stored.
struct Read: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the stored message of an identifier (with --queue, the queued messages).",
        discussion: "Exits with status 1 if nothing is stored."
    )

    @OptionGroup var options: WormholeOptions

    @Argument(help: "The identifier to read.")
    var identifier: String

    @Option(help: "Only messages numbered above this.")
    var after: UInt64 = 0

    @Option(help: "At most this many messages (queue mode).")
    var limit = 1024

    @Flag(help: "Print only the payload bytes, as stored, instead of JSON lines.")
    var payload = false

    func run() async throws {
        try await reporting {
            let id = MessageIdentifier(identifier)
            let wormhole = try options.open(for: [id])
            let deliveries = try await wormhole.storedMessages(Data.self, for: id, after: after, limit: limit)
            guard !deliveries.isEmpty else { throw ExitCode(1) }
            for delivery in deliveries {
                if payload, let bytes = delivery.message {
                    Output.raw(bytes)
                } else {
                    Output.line(Output.json(delivery))
                }
            }
        }
    }
}

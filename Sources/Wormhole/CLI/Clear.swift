import ArgumentParser
import Wormhole

/// `wormhole clear`: removes stored messages.
@available(OS2022, *)
struct Clear: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Remove the stored message (and queue) of identifiers, or of all identifiers with --all."
    )

    @OptionGroup var options: WormholeOptions

    @Argument(help: "The identifiers to clear.")
    var identifiers: [String] = []

    @Flag(help: "Clear every identifier in the wormhole.")
    var all = false

    @Flag(help: "Notify listeners, which then receive a \"cleared\" event (not with --all).")
    var notify = false

    func validate() throws {
        if all == !identifiers.isEmpty {
            throw ValidationError("Give identifiers or --all (not both).")
        }
        if all && notify {
            throw ValidationError("--notify needs identifiers.")
        }
    }

    func run() async throws {
        try await reporting {
            let ids = identifiers.map { MessageIdentifier($0) }
            let wormhole = try options.open(for: ids)
            if all {
                try await wormhole.clearAllMessages()
            }
            for id in ids {
                try await wormhole.clearMessage(for: id, notify: notify)
            }
        }
    }
}

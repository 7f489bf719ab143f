import ArgumentParser
import Foundation
import Wormhole

/// `wormhole send`: stores a message and notifies listeners.
@available(OS2022, *)
struct Send: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Send a message: store it under an identifier and notify listeners.",
        discussion: """
            Prints the message's sequence number. The message is JSON unless --raw is given. From standard input, \
            one trailing newline is removed (as `echo` adds one) unless --raw is given.
            """
    )

    @OptionGroup var options: WormholeOptions

    @Argument(help: "The identifier to send to.")
    var identifier: String

    @Argument(help: "The message. Omit it, or pass -, to read the message from standard input.")
    var message: String?

    @Flag(help: "Store the bytes as given (a trailing newline included), without checking that they are JSON.")
    var raw = false

    func run() async throws {
        try await reporting {
            let id = MessageIdentifier(identifier)
            let configuration = options.configuration(for: [id])
            let limit = configuration.maximumMessageSize
            var payload: Data
            if let message, message != "-" {
                payload = Data(message.utf8)
            } else {
                // Stops reading one byte past the limit (plus the newline it may remove): a huge input is refused
                // without being held in memory.
                payload = try StandardInput.read(upTo: limit + (raw ? 1 : 2))
                if !raw { StandardInput.removeTrailingNewline(&payload) }
            }
            guard payload.count <= limit else {
                Output.error("wormhole: the message for \"\(identifier)\" is larger than the limit of \(limit) bytes")
                throw ExitCode(65)
            }
            if !raw {
                guard (try? JSONSerialization.jsonObject(with: payload, options: [.fragmentsAllowed])) != nil else {
                    Output.error("wormhole: the message is not valid JSON (pass --raw to send any bytes)")
                    throw ExitCode(65)
                }
            }
            let wormhole = try options.open(configuration)
            let sequence = try await wormhole.sendPayload(payload, to: id)
            Output.line("\(sequence)")
        }
    }
}

/// `wormhole signal`: notifies listeners without storing anything.
@available(OS2022, *)
struct Signal: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Notify listeners of an identifier without storing a message."
    )

    @OptionGroup var options: WormholeOptions

    @Argument(help: "The identifier to signal.")
    var identifier: String

    func run() async throws {
        try await reporting {
            let id = MessageIdentifier(identifier)
            try await options.open(for: [id]).signal(id)
        }
    }
}

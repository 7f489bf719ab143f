import ArgumentParser
import Foundation
import Wormhole

/// `wormhole send`: stores a message and notifies listeners.
struct Send: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Send a message: store it under an identifier and notify listeners.",
        discussion: "Prints the message's sequence number. The message is JSON unless --raw is given."
    )

    @OptionGroup var options: WormholeOptions

    @Argument(help: "The identifier to send to.")
    var identifier: String

    @Argument(help: "The message. Omit it, or pass -, to read the message from standard input.")
    var message: String?

    @Flag(help: "Store the bytes as given, without checking that they are JSON.")
    var raw = false

    func run() async throws {
        try await reporting {
            let payload: Data
            if let message, message != "-" {
                payload = Data(message.utf8)
            } else {
                payload = FileHandle.standardInput.readDataToEndOfFile()
            }
            if !raw {
                guard (try? JSONSerialization.jsonObject(with: payload, options: [.fragmentsAllowed])) != nil else {
                    Output.error("wormhole: the message is not valid JSON (pass --raw to send any bytes)")
                    throw ExitCode(65)
                }
            }
            let id = MessageIdentifier(identifier)
            let wormhole = try options.open(for: [id])
            let sequence = try await wormhole.sendPayload(payload, to: id)
            Output.line("\(sequence)")
        }
    }
}

/// `wormhole signal`: notifies listeners without storing anything.
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

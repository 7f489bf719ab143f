import ArgumentParser

/// `wormhole`: send, read, listen to and clear Wormhole messages from the shell or any language.
@main
@available(OS2022, *)
struct WormholeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wormhole",
        abstract: "Send, read, listen to and clear Wormhole messages in a directory.",
        discussion: """
            Every process using the same directory (or app group) shares the wormhole. Output is one JSON object per \
            line; see the README for the format and exit codes.
            """,
        version: "1.0.0",
        subcommands: [Send.self, Signal.self, Read.self, Listen.self, Clear.self, Request.self, Respond.self]
    )
}

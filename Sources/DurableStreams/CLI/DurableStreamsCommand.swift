import ArgumentParser

/// `durable-streams`: run a Durable Streams server, or talk to one from a shell.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@main
struct DurableStreamsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "durable-streams",
        abstract: "Run a Durable Streams server, or talk to one.",
        version: DurableStreamsVersion.current,
        subcommands: serverCommands + clientCommands
    )
}

import ArgumentParser

/// `durable-streams`: run a Durable Streams server, or talk to one from a shell.
@available(OS2023, *)
@main
struct DurableStreamsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "durable-streams",
        abstract: "Run a Durable Streams server, or talk to one.",
        version: DurableStreamsVersion.current,
        subcommands: serverCommands + clientCommands
    )
}

import ArgumentParser

extension DurableStreamsCommand {
    /// The subcommands that run a server.
    static let serverCommands: [any ParsableCommand.Type] = [ServeCommand.self]
}

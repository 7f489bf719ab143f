import ArgumentParser

@available(OS2023, *)
extension DurableStreamsCommand {
    /// The subcommands that run a server (the server needs macOS 14 / iOS 17 / tvOS 17 / watchOS 10).
    static let serverCommands: [any ParsableCommand.Type] = {
        if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) { return [ServeCommand.self] }
        return []
    }()
}

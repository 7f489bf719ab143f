import ArgumentParser

@available(OS2023, *)
extension DurableStreamsCommand {
    /// The subcommands that talk to a server (`create`, `append`, `read`, `head`, `delete`), each in its own
    /// file, built on the DurableStreams client library.
    static let clientCommands: [any ParsableCommand.Type] = [
        CreateStreamCommand.self,
        AppendCommand.self,
        ReadCommand.self,
        HeadCommand.self,
        DeleteStreamCommand.self,
        SubscriptionCommand.self,
        WorkerCommand.self,
    ]
}

import ArgumentParser
import DurableStreams
import Foundation

/// `durable-streams delete URL`: deletes a stream.
@available(OS2022, *)
struct DeleteStreamCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete a stream.")

    @OptionGroup var options: ClientOptions

    func run() async throws {
        try await options.withConfiguration { configuration throws(DurableStreamError) in
            try await DurableStreamHandle.delete(url: options.streamURL, configuration: configuration)
        }
        print("deleted")
    }
}

import ArgumentParser
import DurableStreams
import Foundation

/// `durable-streams append URL [DATA]`: appends data (or standard input) and prints the new tail offset.
@available(OS2022, *)
struct AppendCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "append",
        abstract: "Append to a stream.",
        discussion: """
            Appends DATA, or standard input when DATA is absent, in one request. For JSON streams the data is \
            one JSON value, or an array whose elements become separate messages. Prints the new tail offset.
            """
    )

    @OptionGroup var options: ClientOptions

    @Argument(help: "The data to append (standard input when absent).")
    var data: String?

    @Option(help: "A Stream-Seq writer sequence value.")
    var seq: String?

    @Flag(help: "Close the stream with this append.")
    var close = false

    func run() async throws {
        let bytes = data.map { Data($0.utf8) } ?? FileHandle.standardInput.readDataToEndOfFile()
        let offset = try await options.withConfiguration { configuration throws(DurableStreamError) in
            let handle = try await DurableStreamHandle.connect(url: options.streamURL, configuration: configuration)
            if close {
                return try await handle.closeStream(finalData: bytes.isEmpty ? nil : bytes).finalOffset
            }
            return try await handle.appendBytesSync(bytes, seq: seq).offset
        }
        print(offset.rawValue)
    }
}

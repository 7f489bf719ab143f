import Foundation
import Wormhole

/// The other process of a cross-process measurement.
///
/// `--echo <dir> <strategy> <encoding> <receiver>`: sends every `ping` message back as `pong`.
/// `--blast <dir> <strategy> <encoding> <receiver> <size> <count>`: on a `go` message, appends `count` messages to
/// the queue `bulk`.
@available(OS2022, *)
enum Peer {
    static func run(_ arguments: [String]) async throws {
        guard arguments.count >= 5, let strategy = Scenario.Strategy(rawValue: arguments[2]),
            let encoding = Encoding(rawValue: arguments[3]), let receiver = Scenario.Receiver(rawValue: arguments[4])
        else {
            FileHandle.standardError.write(Data("usage: --echo|--blast <dir> <strategy> <encoding> …\n".utf8))
            exit(64)
        }
        let directory = URL(fileURLWithPath: arguments[1])
        let wormhole = try Wormhole(configuration: configuration(directory, strategy))
        switch encoding {
        case .json: try await onReceiver(receiver, wormhole) { try await serve(Blob.self, wormhole, arguments) }
        case .raw: try await onReceiver(receiver, wormhole) { try await serve(Data.self, wormhole, arguments) }
        }
    }

    private static func serve<Message: BenchmarkMessage>(
        _ type: Message.Type,
        _ wormhole: Wormhole,
        _ arguments: [String]
    ) async throws {
        if arguments[0] == "--echo" {
            let pings = try await wormhole.messages(Message.self, for: "ping")
            ready()
            for await delivery in pings {
                guard let message = delivery.message else { continue }
                try await wormhole.send(message, to: "pong")
            }
        } else {
            guard arguments.count == 7, let size = Int(arguments[5]), let count = Int(arguments[6]) else { exit(64) }
            let go = try await wormhole.messages(Data.self, for: "go")
            ready()
            var iterator = go.makeAsyncIterator()
            _ = await iterator.next()
            for index in 0..<count {
                try await wormhole.send(Message.sized(size, index: index), to: "bulk")
            }
        }
    }

    static func configuration(_ directory: URL, _ strategy: Scenario.Strategy) -> Configuration {
        var configuration = Configuration(
            directory: directory,
            transitingStrategy: strategy == .file ? .file : .coordinatedFile
        )
        configuration.deliveryModes["bulk"] = .queue(capacity: 100_000)
        return configuration
    }

    private static func ready() {
        FileHandle.standardOutput.write(Data("ready\n".utf8))
    }
}

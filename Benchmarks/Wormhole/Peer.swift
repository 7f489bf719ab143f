import Foundation
import Wormhole

/// The other process of a cross-process measurement.
///
/// `--echo <dir> <strategy>`: sends every `ping` message back as `pong`.
/// `--blast <dir> <strategy> <size> <count>`: on a `go` signal, appends `count` messages to the queue `bulk`.
enum Peer {
    static func run(_ arguments: [String]) async throws {
        guard arguments.count >= 3, let strategy = Scenario.Strategy(rawValue: arguments[2]) else {
            FileHandle.standardError.write(Data("usage: --echo|--blast <dir> <strategy> …\n".utf8))
            exit(64)
        }
        let directory = URL(fileURLWithPath: arguments[1])
        let wormhole = try Wormhole(configuration: configuration(directory, strategy))
        if arguments[0] == "--echo" {
            let pings = try await wormhole.messages(Blob.self, for: "ping")
            ready()
            for await delivery in pings {
                guard let blob = delivery.message else { continue }
                try await wormhole.send(blob, to: "pong")
            }
        } else {
            guard arguments.count == 5, let size = Int(arguments[3]), let count = Int(arguments[4]) else { exit(64) }
            let go = try await wormhole.messages(Blob.self, for: "go")
            ready()
            var iterator = go.makeAsyncIterator()
            _ = await iterator.next()
            let blob = Blob.sized(size)
            for index in 0..<count {
                var message = blob
                message.index = index
                try await wormhole.send(message, to: "bulk")
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

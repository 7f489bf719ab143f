import Foundation
import Wormhole

#if canImport(Glibc)
import Glibc
#endif

/// Child processes for the cross-process tests.
///
///     WormholeTestHelper write <dir> <identifier> <writer> <count> <size> <file|coordinated> [queue-capacity]
///         Sends <count> stamps as writer <writer>, as fast as possible; prints "done".
///     WormholeTestHelper read <dir> <identifier> <count> <file|coordinated>
///         Reads the latest message <count> times as fast as possible; prints "reads=N intact=N torn=N empty=N".
///     WormholeTestHelper defaults-write <suite> <identifier> <writer> <count>
///         Writes <count> stamps to a user-defaults suite (UserDefaultsTransiting); prints "done".
///     WormholeTestHelper hang-mid-write <dir> <identifier> <size> <file|coordinated> [queue-capacity]
///         Starts sending a stamp and stops halfway through writing it: prints "mid-write <temporary file>" and
///         waits to be killed.
///     WormholeTestHelper respond <dir> <identifier> <sum|exit|fail|stall>
///         Answers requests (see Respond.swift); prints "ready" and runs until killed.
@main
@available(OS2022, *)
enum WormholeTestHelper {
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        do {
            switch arguments.first {
            case "write": try await write(Array(arguments.dropFirst()))
            case "read": try await read(Array(arguments.dropFirst()))
            case "hang-mid-write": try await hangMidWrite(Array(arguments.dropFirst()))
            case "defaults-write": try defaultsWrite(Array(arguments.dropFirst()))
            case "respond": try await respond(Array(arguments.dropFirst()))
            default: fail("unknown mode: \(arguments)")
            }
        } catch {
            fail("\(error)")
        }
    }

    static func write(_ arguments: [String]) async throws {
        guard arguments.count >= 6, let writer = Int(arguments[2]), let count = Int(arguments[3]),
            let size = Int(arguments[4])
        else { fail("usage: write <dir> <identifier> <writer> <count> <size> <strategy> [capacity]") }
        let identifier = MessageIdentifier(arguments[1])
        let wormhole = try Wormhole(
            configuration: configuration(arguments[0], identifier, arguments[5], arguments.dropFirst(6).first))
        for index in 0..<count {
            try await wormhole.send(Stamp(writer: writer, index: index, size: size), to: identifier)
        }
        line("done")
    }

    static func read(_ arguments: [String]) async throws {
        guard arguments.count == 4, let count = Int(arguments[2]) else {
            fail("usage: read <dir> <identifier> <count> <strategy>")
        }
        let identifier = MessageIdentifier(arguments[1])
        let wormhole = try Wormhole(configuration: configuration(arguments[0], identifier, arguments[3], nil))
        var intact = 0
        var torn = 0
        var empty = 0
        for _ in 0..<count {
            do {
                if let stamp = try await wormhole.message(Stamp.self, for: identifier) {
                    if stamp.isIntact { intact += 1 } else { torn += 1 }
                } else {
                    empty += 1
                }
            } catch {
                torn += 1
            }
        }
        line("reads=\(count) intact=\(intact) torn=\(torn) empty=\(empty)")
    }

    static func hangMidWrite(_ arguments: [String]) async throws {
        guard arguments.count >= 4, let size = Int(arguments[2]) else {
            fail("usage: hang-mid-write <dir> <identifier> <size> <strategy> [capacity]")
        }
        let identifier = MessageIdentifier(arguments[1])
        let transiting = try FileTransiting(
            directory: URL(fileURLWithPath: arguments[0]),
            partialWriteHook: { temporaryPath in
                line("mid-write \(temporaryPath)")
                while true { pause() }  // the test kills the process here
            }
        )
        var configuration = configuration(arguments[0], identifier, arguments[3], arguments.dropFirst(4).first)
        configuration.transitingStrategy = .custom(transiting)
        let wormhole = try Wormhole(configuration: configuration)
        try await wormhole.send(Stamp(writer: 99, index: 0, size: size), to: identifier)
        fail("the write completed although it should hang")
    }

    static func defaultsWrite(_ arguments: [String]) throws {
        guard arguments.count == 4, let writer = Int(arguments[2]), let count = Int(arguments[3]) else {
            fail("usage: defaults-write <suite> <identifier> <writer> <count>")
        }
        let store = try UserDefaultsTransiting(suiteName: arguments[0])
        let serializer = JSONMessageSerializer()
        let identifier = MessageIdentifier(arguments[1])
        for index in 0..<count {
            let payload = try serializer.encode(Stamp(writer: writer, index: index, size: 16), for: identifier)
            _ = try store.write(payload, for: identifier)
        }
        line("done")
    }

    static func configuration(
        _ directory: String, _ identifier: MessageIdentifier, _ strategy: String, _ capacity: String?
    )
        -> Configuration
    {
        var configuration = Configuration(
            directory: URL(fileURLWithPath: directory),
            transitingStrategy: strategy == "coordinated" ? .coordinatedFile : .file
        )
        if let capacity, let value = Int(capacity) {
            configuration.deliveryModes[identifier] = .queue(capacity: value)
        }
        return configuration
    }

    static func line(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("WormholeTestHelper: \(message)\n".utf8))
        exit(1)
    }
}

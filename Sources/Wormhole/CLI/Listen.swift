import ArgumentParser
import CourierPrimitives
import Foundation
import Wormhole

/// `wormhole listen`: prints a line for every delivery on the given identifiers.
@available(OS2022, *)
struct Listen: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print a JSON line for every message, signal, clear or error on the identifiers.",
        discussion: "Runs until interrupted, or until --count deliveries were printed."
    )

    @OptionGroup var options: WormholeOptions

    @Argument(help: "The identifiers to listen to.")
    var identifiers: [String]

    @Option(help: "First print what is stored above this sequence number (0: everything stored), then go on live.")
    var after: UInt64?

    @Option(help: "Exit after this many deliveries.")
    var count: Int?

    @Flag(help: "Print {\"event\":\"ready\",…} once listening, before any delivery.")
    var ready = false

    @Flag(help: "Print only each message's payload, one per line, instead of JSON lines.")
    var payload = false

    func validate() throws {
        if identifiers.isEmpty { throw ValidationError("Give at least one identifier.") }
        if let count, count < 1 { throw ValidationError("--count must be at least 1.") }
    }

    func run() async throws {
        try await reporting {
            let ids = identifiers.map { MessageIdentifier($0) }
            let wormhole = try options.open(for: ids)
            var streams: [MessageStream<Data>] = []
            for id in ids {
                streams.append(try await wormhole.messages(Data.self, for: id, after: after))
            }
            if ready { Output.line(Output.ready(ids)) }
            let printed = Counter(limit: count)
            await withTaskGroup(of: Void.self) { group in
                for stream in streams {
                    group.addTask {
                        for await delivery in stream {
                            guard printed.take() else { return }
                            if payload {
                                switch delivery.content {
                                case .message(let bytes): Output.line(String(decoding: bytes, as: UTF8.self))
                                case .failure(let error): Output.error("wormhole: \(error)")  // and go on
                                case .signal, .cleared: break
                                }
                            } else {
                                Output.line(Output.json(delivery))
                            }
                            if printed.isDone { return }
                        }
                    }
                }
                // The first stream to reach the count ends the others.
                await group.next()
                group.cancelAll()
            }
            withExtendedLifetime(wormhole) {}
        }
    }
}

/// Counts printed deliveries across the listening tasks.
@available(OS2022, *)
private final class Counter: Sendable {
    private let state: Locked<Int>
    private let limit: Int?

    init(limit: Int?) {
        self.limit = limit
        self.state = Locked(0)
    }

    /// Claims one delivery; `false` once the limit is reached.
    func take() -> Bool {
        state.withLock { printed in
            if let limit, printed >= limit { return false }
            printed += 1
            return true
        }
    }

    var isDone: Bool {
        guard let limit else { return false }
        return state.withLock { $0 >= limit }
    }
}

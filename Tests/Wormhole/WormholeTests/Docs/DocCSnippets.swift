// The Swift blocks of Wormhole's DocC catalog, word for word (scripts/readme-snippets checks it), compiled here.
import Foundation
import Wormhole

@available(OS2021, *)
enum WormholeDocCSnippets {
    /// Wormhole.md: getting started (in an app with an app group; compiled, not run).
    static func gettingStarted() async throws {
        struct CounterUpdate: Codable, Sendable {
            var count: Int
        }

        let wormhole = try Wormhole(appGroupIdentifier: "group.com.example.app", directory: "wormhole")

        // In the app:
        try await wormhole.send(CounterUpdate(count: 42), to: "counter")

        // In the extension:
        for await delivery in try await wormhole.messages(CounterUpdate.self, for: "counter") {
            if let update = delivery.message {
                print(update.count, "missed:", delivery.missedCount)
            }
        }
    }

    /// ReceivingMessages.md: every kind of delivery, with the app's own handlers.
    static func receiving(
        _ wormhole: Wormhole, show: (CounterUpdate) -> Void, log: (WormholeError) -> Void, refresh: () -> Void,
        reset: () -> Void
    ) async throws {
        for await delivery in try await wormhole.messages(CounterUpdate.self, for: "counter") {
            switch delivery.content {
            case .message(let update): show(update)
            case .failure(let error): log(error)  // the stream goes on
            case .signal: refresh()
            case .cleared: reset()
            }
        }
    }
}

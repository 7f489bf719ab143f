// The README's quick start, compiled and run by ReadmeTests. Keep the two in sync (the test checks).

// snippet: quick-start
import Foundation
import Wormhole

struct CounterUpdate: Codable, Sendable {
    var count: Int
}

@available(OS2022, *)
func quickStart(in directory: URL) async throws -> Int? {
    // In an app and its extensions: try Wormhole(appGroupIdentifier: "group.com.example.app", directory: "wormhole")
    let app = try Wormhole(directory: directory)
    let widget = try Wormhole(directory: directory)

    let updates = try await widget.messages(CounterUpdate.self, for: "counter")
    try await app.send(CounterUpdate(count: 42), to: "counter")

    for await delivery in updates {
        switch delivery.content {
        case .message(let update):
            print("count \(update.count), message #\(delivery.sequence ?? 0), missed \(delivery.missedCount)")
            return update.count
        case .failure(let error):
            print("skipped an unreadable message: \(error)")  // the stream goes on
        case .signal, .cleared:
            break
        }
    }
    return nil
}
// end-snippet

// counter-widget DIRECTORY [LAST]: the widget's side. Prints every counter update that arrives through the
// wormhole in DIRECTORY, including those sent before it started; once it has shown LAST (5 by default) it asks the
// app for its current count (request/reply) and exits; exits with status 1 if that has not happened within 10
// seconds or the answer is not LAST.

import CounterShared
import Foundation
import Wormhole

let arguments = CommandLine.arguments.dropFirst()
guard let path = arguments.first else {
    print("usage: counter-widget DIRECTORY [LAST]")
    exit(2)
}
let last = arguments.dropFirst().first.flatMap { Int($0) } ?? 5

Task {
    try await Task.sleep(nanoseconds: 10_000_000_000)
    say("widget: count \(last) did not arrive within 10 seconds")
    exit(1)
}

do {
    let wormhole = try Counter.wormhole(in: URL(fileURLWithPath: path))
    // `after: 0`: what is already queued first, then live updates.
    let updates = try await wormhole.messages(CounterUpdate.self, for: Counter.identifier, after: 0)
    say("widget: listening")
    if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, *) {
        // Handled on the thread the notifications arrive on (Linux's inotify thread; the shared pool where there
        // is none): one thread wake per update. The loop's work is short, so other streams are not held up.
        try await withTaskExecutorPreference(wormhole.deliveryExecutor) {
            try await show(updates, wormhole, last: last)
        }
    } else {
        try await show(updates, wormhole, last: last)
    }
} catch {
    say("widget: \(error)")
}
exit(1)

/// Prints every update; once `last` arrives, asks the app for its count and exits.
func show(_ updates: MessageStream<CounterUpdate>, _ wormhole: Wormhole, last: Int) async throws {
    for await delivery in updates {
        switch delivery.content {
        case .message(let update):
            say("widget: count \(update.count) (message #\(delivery.sequence ?? 0), missed \(delivery.missedCount))")
            if update.count == last {
                if #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) {
                    // Request/reply: ask the app, which answers while it runs.
                    let current = try await wormhole.request(
                        CountQuery(), to: Counter.currentCount, expecting: CounterUpdate.self, timeout: .seconds(5))
                    say("widget: the app says the count is \(current.count)")
                    exit(current.count == last ? 0 : 1)
                }
                exit(0)
            }
        case .failure(let error):
            say("widget: skipped an unreadable message: \(error)")
        case .signal, .cleared:
            break
        }
    }
}

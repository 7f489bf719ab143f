import Foundation
import Wormhole

/// The Wormhole step of the tour: an "app" and a "widget" exchange messages through a temporary directory, over
/// the real path (atomic file writes, inotify on Linux, Darwin notifications on Apple platforms).
@available(OS2023, *)
enum WormholeTour {
    struct CounterUpdate: Codable, Sendable {
        var count: Int
    }

    static func run() async throws {
        print("Wormhole: app ↔ extension messaging through a shared directory")
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("courier-tour-wormhole-\(UUID().uuidString.prefix(8))", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: directory) }

        var configuration = Configuration(directory: directory)
        configuration.deliveryModes["jobs"] = .queue(capacity: 16)
        let app = try Wormhole(configuration: configuration)
        let widget = try Wormhole(configuration: configuration)
        print("  directory \(directory.path)")

        // Latest-value messages: the widget wakes on each one.
        var updates = try await widget.messages(CounterUpdate.self, for: "counter").makeAsyncIterator()
        let clock = ContinuousClock()
        for count in [1, 2, 3] {
            let start = clock.now
            let sequence = try await app.send(CounterUpdate(count: count), to: "counter")
            guard let delivery = await updates.next() else { break }
            let (seconds, attoseconds) = (clock.now - start).components
            let elapsed = String(format: "%.0f µs", Double(seconds) * 1e6 + Double(attoseconds) / 1e12)
            print(
                "  app → widget  counter #\(sequence) = \(delivery.message?.count ?? -1)"
                    + "  (missed \(delivery.missedCount), \(elapsed))")
        }

        // Coalescing: three quick sends, one read; the sequence number says what was skipped.
        for count in [10, 11, 12] { try await app.send(CounterUpdate(count: count), to: "counter") }
        if let latest = await updates.next() {
            print("  three quick sends → widget reads #\(latest.sequence ?? 0), missed \(latest.missedCount)")
        }

        // A signal carries no payload.
        try await app.signal("counter")
        if let signal = await updates.next() {
            print("  signal → widget sees \(signal.content)")
        }

        // Queue mode keeps every message.
        let jobs = try await widget.messages(String.self, for: "jobs")
        for job in ["resize", "upload", "notify"] { try await widget.send(job, to: "jobs") }
        var received: [String] = []
        for await delivery in jobs {
            if let job = delivery.message { received.append("#\(delivery.sequence ?? 0) \(job)") }
            if received.count == 3 { break }
        }
        print("  queue \"jobs\": \(received.joined(separator: ", "))")
        print("  files: \(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted())")
    }
}

// sundial-protobuf: Protobuf messages between a simulated iPhone and Apple Watch (SundialKitTesting's
// `PairedSessions`). The Watch streams heart rates live, as Protobuf bytes; then, out of reach, it sends the
// workout's summary, which the iPhone receives once the Watch is back. Ends by itself; exits with 1 when something
// expected does not arrive within 5 seconds.

import Foundation
import SundialKitStream
import SundialKitTesting
import WorkoutMessages

do {
    try await run()
    print("done")
} catch {
    print("failed: \(error)")
    exit(1)
}

func run() async throws {
    let pair = PairedSessions()
    let decoder = WorkoutMessages.decoder
    let phone = ConnectivityObserver(session: pair.phone, messageDecoder: decoder)
    let watch = ConnectivityObserver(session: pair.watch, messageDecoder: decoder)
    try await phone.activate(timeout: .seconds(5))
    try await watch.activate(timeout: .seconds(5))
    try await within(.seconds(5)) {
        for await reachable in await watch.reachabilityStream() where reachable { return }
    }

    // The iPhone: every message, typed, with how it came.
    let received = await phone.messageStream()
    let phoneSide = Task { () -> [String] in
        var lines: [String] = []
        for await message in received {
            switch try? decoder.decode(message) {
            case let rate as Workout_HeartRate:
                lines.append("phone: \(rate.bpm) bpm by \(message.transport)")
            case let summary as Workout_WorkoutSummary:
                lines.append("phone: \(summary.name), \(summary.heartRates.count) samples by \(message.transport)")
                return lines
            default:
                continue
            }
        }
        return lines
    }

    // The Watch: heart rates live, as Protobuf bytes.
    var rates: [Int32] = []
    for bpm: Int32 in [92, 118, 131] {
        var rate = Workout_HeartRate()
        rate.bpm = bpm
        rate.timestampMs = Int64(Date().timeIntervalSince1970 * 1000)
        let result = try await watch.send(rate)
        print("watch: sent \(bpm) bpm by \(result.transport.map(\.rawValue) ?? "?") (\(try rate.encode().count) bytes)")
        rates.append(bpm)
    }

    // Out of reach: the summary waits in the application context until the iPhone is back.
    pair.setLinkUp(false)
    try await within(.seconds(5)) {
        for await reachable in await watch.reachabilityStream() where !reachable { return }
    }
    var summary = Workout_WorkoutSummary()
    summary.name = "Morning run"
    summary.heartRates = rates
    summary.durationSeconds = 1_800
    let result = try await watch.send(summary)
    print("watch: out of reach; sent the summary by \(result.transport.map(\.rawValue) ?? "?")")
    pair.setLinkUp(true)

    let lines = try await within(.seconds(5)) { await phoneSide.value }
    for line in lines { print(line) }
    guard lines.count == 4 else { throw ExampleError("the phone received \(lines.count) of 4 messages") }
}

/// Runs `operation`, failing if it takes longer than `limit`.
func within<T: Sendable>(_ limit: Duration, _ operation: @escaping @Sendable () async throws -> T) async throws -> T {
    try await withThrowingTaskGroup(of: T.self) { group in
        group.addTask { try await operation() }
        group.addTask {
            try await Task.sleep(for: limit)
            throw ExampleError("nothing arrived within \(limit)")
        }
        defer { group.cancelAll() }
        guard let first = try await group.next() else { throw ExampleError("no result") }
        return first
    }
}

struct ExampleError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

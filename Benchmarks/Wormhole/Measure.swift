import BenchmarkSupport
import CourierTooling
import Foundation
import Wormhole

/// Latency and throughput of one configuration.
@available(OS2022, *)
struct Figures {
    var latency: LatencySummary
    var pingPongPerSecond: Double
    var streamedPerSecond: Double
}

@available(OS2022, *)
enum Measure {
    /// Ping-pong between `local` (sending `ping`, receiving `pong`) and an echo that is already listening.
    /// One-way latency is half the round trip, as for the floor. Each message is built before its round trip's
    /// clock starts, as the floor's buffer is filled before it measures.
    static func pingPong<Message: BenchmarkMessage>(
        _ type: Message.Type,
        _ local: Wormhole,
        size: Int
    ) async throws -> (LatencySummary, Double) {
        let pongs = try await local.messages(Message.self, for: "pong")
        var iterator = pongs.makeAsyncIterator()
        var index = 0
        func roundTrip(_ message: Message) async throws {
            try await local.send(message, to: "ping")
            while let delivery = await iterator.next() {
                if delivery.message?.index == message.index { return }
            }
            throw BenchmarkError("pong stream ended")
        }
        func nextMessage() -> Message {
            index += 1
            return Message.sized(size, index: index)
        }
        for _ in 0..<Counts.warmup { try await roundTrip(nextMessage()) }
        let clock = ContinuousClock()
        let start = clock.now
        var samples: [Duration] = []
        samples.reserveCapacity(Counts.roundTrips)
        for _ in 0..<Counts.roundTrips {
            let message = nextMessage()
            let began = clock.now
            try await roundTrip(message)
            samples.append((clock.now - began) / 2)
        }
        let elapsed = clock.now - start
        return (LatencySummary(samples), rate(2 * Counts.roundTrips, in: elapsed))
    }

    /// Messages per second appended to a queue by a sender and all received by `local`.
    static func stream<Message: BenchmarkMessage>(
        _ type: Message.Type,
        _ local: Wormhole,
        count: Int,
        start: @Sendable () async throws -> Void
    ) async throws -> Double {
        let bulk = try await local.messages(Message.self, for: "bulk")
        let clock = ContinuousClock()
        let began = clock.now
        try await start()
        var received = 0
        for await delivery in bulk {
            guard delivery.message != nil else { throw BenchmarkError("bulk failure: \(delivery.content)") }
            received += 1 + Int(delivery.missedCount)
            if received >= count { break }
        }
        return rate(count, in: clock.now - began)
    }
}

@available(OS2022, *)
struct BenchmarkError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

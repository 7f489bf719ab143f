import Foundation
import SundialKitStream
import SundialKitTesting

/// SundialKit connectivity: an iPhone and an Apple Watch, simulated in memory, exchange messages.
@available(OS2023, *)
enum ConnectivityTour {
    struct Tempo: Messagable {
        static let key = "tempo"
        let bpm: Int

        init(bpm: Int) {
            self.bpm = bpm
        }

        init(from parameters: [String: any Sendable]) throws {
            guard let bpm = parameters["bpm"] as? Int else { throw SerializationError.missingField("bpm") }
            self.bpm = bpm
        }

        func parameters() -> [String: any Sendable] { ["bpm": bpm] }
    }

    static func run() async throws {
        print("== SundialKit connectivity (PairedSessions: an in-memory iPhone ↔ Apple Watch)")
        let pair = PairedSessions()
        let decoder = try MessageDecoder(validating: [Tempo.self])
        let phone = ConnectivityObserver(session: pair.phone, messageDecoder: decoder)
        let watch = ConnectivityObserver(session: pair.watch, messageDecoder: decoder)

        try await phone.activate(timeout: .seconds(5))
        try await watch.activate(timeout: .seconds(5))
        for await reachable in await phone.reachabilityStream() where reachable { break }
        print("   activated both sides; phone: \(phone.state)")

        // The watch answers every live Tempo with the tempo it will play.
        let incoming = await watch.messageStream()
        let watchSide = Task {
            for await received in incoming {
                guard let tempo = try? decoder.decode(received) as? Tempo else { continue }
                if let reply = received.reply {
                    try? reply.send(Tempo(bpm: min(tempo.bpm, 180)))
                } else {
                    print("   watch got \(received.transport) on reconnect: tempo \(tempo.bpm)")
                    return
                }
            }
        }

        let reply = try await phone.send(Tempo(bpm: 200), expecting: Tempo.self)
        print("   phone sent tempo 200 live; watch replied \(reply.bpm)")

        pair.setLinkUp(false)
        for await reachable in await phone.reachabilityStream() where !reachable { break }
        for bpm in [90, 100, 110] {
            let result = try await phone.send(Tempo(bpm: bpm))
            print("   unreachable: tempo \(bpm) sent by \(result.transport.map(\.rawValue) ?? "?") (latest wins)")
        }
        pair.setLinkUp(true)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await watchSide.value }
            group.addTask {
                try await Task.sleep(for: .seconds(5))
                throw ConnectivityError.transferTimedOut
            }
            try await group.next()
            group.cancelAll()
        }
        print("")
    }
}

#if canImport(SwiftUI)
import SundialKitProtobuf
import SundialKitStream
import SwiftUI
import WorkoutMessages

/// One side of the workout app bound to the actor `ConnectivityObserver`: the Watch sends heart rates and the
/// summary; the iPhone shows what arrives.
@MainActor
public final class WorkoutModel: ObservableObject {
    /// The latest heart rate sent or received, in beats per minute.
    @Published public private(set) var bpm: Int32?
    /// The last summary received.
    @Published public private(set) var summary: Workout_WorkoutSummary?
    /// What happened last, for the status line.
    @Published public private(set) var status = "activating…"

    private let observer = ConnectivityObserver(messageDecoder: WorkoutMessages.decoder)
    private var rates: [Int32] = []

    /// A model over this device's `WCSession`.
    public init() {}

    /// Activates the session and shows what arrives until the calling task is cancelled (use `.task { }`).
    public func run() async {
        let messages = await observer.messageStream()  // subscribed before anything arrives
        do {
            try await observer.activate()
            status = "activated"
        } catch {
            status = "\(error)"
            return
        }
        for await message in messages {
            switch try? WorkoutMessages.decoder.decode(message) {
            case let rate as Workout_HeartRate:
                bpm = rate.bpm
            case let summary as Workout_WorkoutSummary:
                self.summary = summary
            default:
                continue
            }
            status = "received by \(message.transport)"
        }
    }

    /// Sends a heart-rate sample (the Watch's side).
    public func send(bpm: Int32) async {
        var rate = Workout_HeartRate()
        rate.bpm = bpm
        rate.timestampMs = Int64(Date().timeIntervalSince1970 * 1000)
        rates.append(bpm)
        self.bpm = bpm
        await send(rate)
    }

    /// Sends the workout's summary (the Watch's side).
    public func finish(name: String, duration: Int32) async {
        var summary = Workout_WorkoutSummary()
        summary.name = name
        summary.heartRates = rates
        summary.durationSeconds = duration
        rates = []
        await send(summary)
    }

    private func send(_ message: some ProtobufMessagable) async {
        do {
            let result = try await observer.send(message)
            status = "sent by \(result.transport.map(\.rawValue) ?? "?")"
        } catch {
            status = "\(error)"
        }
    }
}
#endif

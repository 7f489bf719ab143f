#if canImport(SwiftUI)
import SwiftUI

/// The iPhone app's screen: the live heart rate and the last workout's summary.
public struct PhoneWorkoutView: View {
    @StateObject private var model = WorkoutModel()

    /// Creates the screen.
    public init() {}

    /// The heart rate, the summary and the status line.
    public var body: some View {
        VStack(spacing: 12) {
            Text(model.bpm.map { "\($0) bpm" } ?? "–").font(.largeTitle)
            if let summary = model.summary {
                Text("\(summary.name): \(summary.heartRates.count) samples, \(summary.durationSeconds / 60) min")
            }
            Text(model.status).font(.footnote)
        }
        .task { await model.run() }
    }
}

/// The Watch app's screen: sends a heart-rate sample, or ends the workout.
public struct WatchWorkoutView: View {
    @StateObject private var model = WorkoutModel()

    /// Creates the screen.
    public init() {}

    /// The heart rate and two buttons.
    public var body: some View {
        VStack {
            Text(model.bpm.map { "\($0) bpm" } ?? "–")
            Button("Sample") { Task { await model.send(bpm: .random(in: 80...160)) } }
            Button("End workout") { Task { await model.finish(name: "Workout", duration: 1_800) } }
            Text(model.status).font(.footnote)
        }
        .task { await model.run() }
    }
}
#endif

// Cost of delivering one path update to 1, 10 and 100 observers, for NetworkMonitor (callbacks),
// NetworkObserver (Combine publishers) and NetworkStream (AsyncStream subscribers), next to a model of the
// upstream SundialKit 2 alpha design (an actor that spawns one Task per update and awaits each observer), which
// is also checked for the order in which observers saw the updates.
//
//   swift run -c release sundialkit-network-benchmark [--quick]
import BenchmarkSupport
import Dispatch
import Foundation
import SundialKitCombine
import SundialKitCore
import SundialKitNetwork
import SundialKitStream
import SundialKitTesting

#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

if #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) {
    try await runBenchmark()
} else {
    print("sundialkit-network-benchmark needs macOS 13, iOS 16, tvOS 16 or watchOS 9")
    exit(1)
}

@MainActor
@available(OS2022, *)
func runBenchmark() async throws {
    printBuildBanner("sundialkit-network-benchmark")
    let updates = isQuickRun ? 1_000 : 20_000
    let repetitions = isQuickRun ? 1 : 7
    let observerCounts = [1, 10, 100]
    let statuses: [PathStatus] = [.satisfied(.wifi), .unsatisfied(.notAvailable)]

    /// Counts deliveries; handlers of one monitor run one at a time, so a plain counter is enough.
    final class Counter: @unchecked Sendable {
        var value = 0
    }

    /// Sends `updates` paths and returns how long it took; every observer must have received each one.
    func timedUpdates(_ paths: ScriptedPathMonitor, observers: Int, counter: Counter) -> Duration {
        let clock = ContinuousClock()
        let start = clock.now
        for index in 0..<updates {
            paths.send(statuses[index & 1])
        }
        let elapsed = clock.now - start
        precondition(counter.value == updates * observers, "lost deliveries")
        return elapsed
    }

    func monitorRun(observers: Int) -> Duration {
        let paths = ScriptedPathMonitor(initialPath: nil)
        let monitor = NetworkMonitor(monitor: paths)
        let counter = Counter()
        let observations = (0..<observers).map { _ in monitor.observe { _ in counter.value += 1 } }
        monitor.start(queue: DispatchQueue(label: "bench"))
        let elapsed = timedUpdates(paths, observers: observers, counter: counter)
        withExtendedLifetime(observations) {}
        return elapsed
    }

    func observerRun(observers: Int) -> Duration {
        let paths = ScriptedPathMonitor(initialPath: nil)
        let observer = NetworkObserver(monitor: paths)
        let counter = Counter()
        let cancellables = (0..<observers).map { _ in observer.pathStatusPublisher.sink { _ in counter.value += 1 } }
        observer.start(queue: DispatchQueue(label: "bench"))
        let elapsed = timedUpdates(paths, observers: observers, counter: counter)
        withExtendedLifetime(cancellables) {}
        return elapsed
    }

    func streamRun(observers: Int) async -> Duration {
        let paths = ScriptedPathMonitor(initialPath: ScriptedPath(pathStatus: .unknown))
        let network = NetworkStream(monitor: paths)
        let streams = (0..<observers).map { _ in network.pathStatusStream }
        let clock = ContinuousClock()
        return await withTaskGroup(of: Int.self) { group in
            for stream in streams {
                group.addTask {
                    var received = 0
                    for await _ in stream {
                        received += 1
                        if received == updates + 1 { break }
                    }
                    return received
                }
            }
            // Every subscriber first gets the current status (unknown); then the timed updates.
            let start = clock.now
            for index in 0..<updates {
                paths.send(statuses[index & 1])
            }
            var total = 0
            for await received in group { total += received }
            precondition(total == (updates + 1) * observers, "lost deliveries")
            return clock.now - start
        }
    }

    /// A model of the upstream 2.0 alpha monitor: an actor, one `Task` per path update, observers awaited in turn.
    actor TaskPerUpdateMonitor {
        var observers: [TaskPerUpdateObserver] = []
        func add(_ observer: TaskPerUpdateObserver) { observers.append(observer) }
        func handle(_ sequence: Int) async {
            for observer in observers { await observer.didUpdate(sequence) }
        }
        nonisolated func receive(_ sequence: Int) {
            Task { await self.handle(sequence) }
        }
    }

    actor TaskPerUpdateObserver {
        var last = -1
        private(set) var received = 0
        private(set) var outOfOrder = 0
        let done: AsyncStream<Void>.Continuation
        let expected: Int
        init(expected: Int, done: AsyncStream<Void>.Continuation) {
            self.expected = expected
            self.done = done
        }
        func didUpdate(_ sequence: Int) {
            if sequence < last { outOfOrder += 1 }
            last = max(last, sequence)
            received += 1
            if received == expected { done.yield() }
        }
    }

    func taskPerUpdateRun(observers: Int) async -> (Duration, outOfOrder: Int) {
        let monitor = TaskPerUpdateMonitor()
        let (done, continuation) = AsyncStream.makeStream(of: Void.self)
        let recorders = (0..<observers).map { _ in TaskPerUpdateObserver(expected: updates, done: continuation) }
        for recorder in recorders { await monitor.add(recorder) }
        let clock = ContinuousClock()
        let start = clock.now
        for index in 0..<updates { monitor.receive(index) }
        var finished = 0
        for await _ in done {
            finished += 1
            if finished == observers { break }
        }
        let elapsed = clock.now - start
        var outOfOrder = 0
        for recorder in recorders { outOfOrder += await recorder.outOfOrder }
        return (elapsed, outOfOrder)
    }

    func median(_ durations: [Duration]) -> Duration {
        LatencySummary(durations).p50
    }

    var report = Report(
        "Cost per path update delivered (\(updates) updates, median of \(repetitions))",
        columns: ["implementation", "observers", "per update", "per delivery", "deliveries/s", "out of order"]
    )
    for observers in observerCounts {
        var rows: [(String, Duration, String)] = []
        rows.append(
            ("NetworkMonitor (callbacks)", median((0..<repetitions).map { _ in monitorRun(observers: observers) }), "0")
        )
        rows.append(
            ("NetworkObserver (Combine)", median((0..<repetitions).map { _ in observerRun(observers: observers) }), "0")
        )
        var streamTimes: [Duration] = []
        for _ in 0..<repetitions { streamTimes.append(await streamRun(observers: observers)) }
        rows.append(("NetworkStream (AsyncStream)", median(streamTimes), "0"))
        var modelTimes: [Duration] = []
        var disorder: [Int] = []
        for _ in 0..<repetitions {
            let (time, outOfOrder) = await taskPerUpdateRun(observers: observers)
            modelTimes.append(time)
            disorder.append(outOfOrder)
        }
        rows.append(("upstream model: Task per update", median(modelTimes), "\(disorder.sorted()[disorder.count / 2])"))
        for (name, elapsed, outOfOrder) in rows {
            let deliveries = updates * observers
            report.add(
                name, "\(observers)", (elapsed / updates).nanosecondsText, (elapsed / deliveries).nanosecondsText,
                rateText(rate(deliveries, in: elapsed)), outOfOrder)
        }
    }
    report.print()
    let memory = residentMemory()
    print("\nresident memory: \(memory.current / 1_048_576) MiB, peak \(memory.peak / 1_048_576) MiB")
}

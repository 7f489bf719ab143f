import CourierPrimitives
import CourierTestSupport
import Dispatch
import SundialKitCore
import SundialKitTesting
import Testing

@testable import SundialKitNetwork

/// Collects what a ``NetworkStateObserver`` is told.
@available(OS2022, *)
final class RecordingObserver: NetworkStateObserver {
    enum Call: Equatable, Sendable {
        case pathStatus(PathStatus)
        case isExpensive(Bool)
        case isConstrained(Bool)
        case failure(NetworkError)
    }

    let calls = Locked([Call]())
    let onCall: (@Sendable (any NetworkMonitoring) -> Void)?

    init(onCall: (@Sendable (any NetworkMonitoring) -> Void)? = nil) {
        self.onCall = onCall
    }

    func networkMonitor(_ monitor: any NetworkMonitoring, didUpdatePathStatus status: PathStatus) {
        calls.withLock { $0.append(.pathStatus(status)) }
        onCall?(monitor)
    }

    func networkMonitor(_ monitor: any NetworkMonitoring, didUpdateIsExpensive isExpensive: Bool) {
        calls.withLock { $0.append(.isExpensive(isExpensive)) }
    }

    func networkMonitor(_ monitor: any NetworkMonitoring, didUpdateIsConstrained isConstrained: Bool) {
        calls.withLock { $0.append(.isConstrained(isConstrained)) }
    }

    func networkMonitor(_ monitor: any NetworkMonitoring, didFailWith error: NetworkError) {
        calls.withLock { $0.append(.failure(error)) }
    }
}

@Suite("NetworkMonitor")
struct NetworkMonitorTests {
    private let queue = DispatchQueue(label: "NetworkMonitorTests")

    @Test("Observers hear only about fields that changed, in order")
    @available(OS2022, *)
    func changedFieldsOnly() {
        let paths = ScriptedPathMonitor(initialPath: nil)
        let monitor = NetworkMonitor(monitor: paths)
        let observer = RecordingObserver()
        monitor.addObserver(observer)
        monitor.start(queue: queue)
        paths.send(ScriptedPath(pathStatus: .satisfied(.wifi)))
        paths.send(ScriptedPath(pathStatus: .satisfied(.wifi)))
        paths.send(ScriptedPath(isExpensive: true, pathStatus: .satisfied(.wifi)))
        paths.send(ScriptedPath(isConstrained: true, isExpensive: false, pathStatus: .unsatisfied(.notAvailable)))
        #expect(
            observer.calls.value == [
                .pathStatus(.satisfied(.wifi)), .isExpensive(true), .pathStatus(.unsatisfied(.notAvailable)),
                .isExpensive(false), .isConstrained(true),
            ])
        #expect(
            monitor.state
                == NetworkState(
                    pathStatus: .unsatisfied(.notAvailable), isExpensive: false,
                    isConstrained: true))
        monitor.removeObserver(observer)
        paths.send(.satisfied(.cellular))
        #expect(observer.calls.value.count == 5)
    }

    @Test("Concurrent updates reach every observer in the same order the state took them")
    @available(OS2022, *)
    func orderUnderConcurrency() async {
        let paths = ScriptedPathMonitor(initialPath: nil)
        let monitor = NetworkMonitor(monitor: paths)
        let observerCount = 4
        let logs = (0..<observerCount).map { _ in Locked([NetworkState]()) }
        let observations = logs.map { log in
            monitor.observe { event in
                if case .path(let state, _) = event { log.withLock { $0.append(state) } }
            }
        }
        monitor.start(queue: queue)
        await withTaskGroup(of: Void.self) { group in
            for sender in 0..<4 {
                group.addTask {
                    for step in 0..<500 {
                        paths.send(
                            ScriptedPath(
                                isExpensive: step % 2 == 0,
                                pathStatus: .satisfied(
                                    PathStatus.Interface(rawValue: 1 << (sender % 5)))))
                    }
                }
            }
        }
        let first = logs[0].value
        #expect(first.count == 2_000)
        for log in logs.dropFirst() {
            #expect(log.value == first)
        }
        #expect(first.last == monitor.state)
        _ = observations
    }

    @Test("An event sent from inside a handler is delivered after the current one")
    @available(OS2022, *)
    func reentrantSend() {
        let paths = ScriptedPathMonitor(initialPath: nil)
        let monitor = NetworkMonitor(monitor: paths)
        let seen = Locked([PathStatus]())
        let observation = monitor.observe { event in
            guard case .path(let state, _) = event else { return }
            seen.withLock { $0.append(state.pathStatus) }
            if state.pathStatus == .satisfied(.wifi) {
                paths.send(.unsatisfied(.notAvailable))
            }
        }
        let second = monitor.observe { event in
            guard case .path(let state, _) = event else { return }
            seen.withLock { $0.append(state.pathStatus) }
        }
        monitor.start(queue: queue)
        paths.send(.satisfied(.wifi))
        #expect(
            seen.value == [
                .satisfied(.wifi), .satisfied(.wifi), .unsatisfied(.notAvailable), .unsatisfied(.notAvailable),
            ])
        _ = (observation, second)
    }

    @Test("Start, stop, start: the monitor runs again, and paths that arrive while stopped are dropped")
    @available(OS2022, *)
    func restart() {
        let paths = ScriptedPathMonitor(initialPath: ScriptedPath(pathStatus: .satisfied(.wiredEthernet)))
        let monitor = NetworkMonitor(monitor: paths)
        let observer = RecordingObserver()
        monitor.addObserver(observer)
        monitor.start(queue: queue)
        monitor.start(queue: queue)
        #expect(paths.startCount == 1)
        #expect(monitor.pathStatus == .satisfied(.wiredEthernet))
        monitor.stop()
        #expect(!monitor.isRunning)
        #expect(paths.cancelCount == 1)
        paths.send(.unsatisfied(.notAvailable))
        #expect(monitor.pathStatus == .satisfied(.wiredEthernet))
        monitor.start(queue: queue)
        #expect(paths.startCount == 2)
        paths.send(.unsatisfied(.notAvailable))
        #expect(
            observer.calls.value == [.pathStatus(.satisfied(.wiredEthernet)), .pathStatus(.unsatisfied(.notAvailable))])
        monitor.cancel()
        #expect(paths.cancelCount == 2)
    }

    @Test("A factory gives every start a fresh path monitor")
    @available(OS2022, *)
    func factory() {
        let made = Locked([ScriptedPathMonitor]())
        let monitor = NetworkMonitor<ScriptedPathMonitor, NeverPing>(
            makeMonitor: {
                let paths = ScriptedPathMonitor()
                made.withLock { $0.append(paths) }
                return paths
            }, ping: nil)
        monitor.start(queue: queue)
        monitor.stop()
        monitor.start(queue: queue)
        #expect(made.value.count == 2)
        #expect(made.value.map(\.startCount) == [1, 1])
        #expect(made.value.map(\.cancelCount) == [1, 0])
        #expect(!monitor.hasPing)
    }

    @Test("Over monitors that cannot restart (as NWPathMonitor), stop then start still delivers paths")
    @available(OS2022, *)
    func restartOverOneShotMonitors() {
        let made = Locked([ScriptedPathMonitor]())
        let monitor = NetworkMonitor<ScriptedPathMonitor, NeverPing>(
            makeMonitor: {
                let paths = ScriptedPathMonitor(initialPath: nil, isRestartable: false)
                made.withLock { $0.append(paths) }
                return paths
            }, ping: nil)
        monitor.start(queue: queue)
        made.value.last?.send(.satisfied(.wifi))
        monitor.stop()
        monitor.start(queue: queue)
        made.value.last?.send(.unsatisfied(.notAvailable))
        #expect(monitor.pathStatus == .unsatisfied(.notAvailable))
        #expect(made.value.count == 2)
        #expect(made.value.first?.isDead == true)
    }

    @Test("The one-shot fake catches reuse: one instance, stopped and started, delivers nothing more")
    @available(OS2022, *)
    func oneShotFakeCatchesReuse() {
        let paths = ScriptedPathMonitor(initialPath: nil, isRestartable: false)
        let monitor = NetworkMonitor(monitor: paths)
        monitor.start(queue: queue)
        paths.send(.satisfied(.wifi))
        monitor.stop()
        monitor.start(queue: queue)
        paths.send(.unsatisfied(.notAvailable))
        #expect(monitor.pathStatus == .satisfied(.wifi))
        #expect(!paths.isRunning)
    }

    @Test("An observer may stop the monitor from inside the first delivery")
    @available(OS2022, *)
    func stopFromObserver() {
        let paths = ScriptedPathMonitor()
        let monitor = NetworkMonitor(monitor: paths)
        let observer = RecordingObserver { monitor in monitor.stop() }
        monitor.addObserver(observer)
        monitor.start(queue: queue)
        #expect(!monitor.isRunning)
        #expect(paths.cancelCount == 1)
        paths.send(.unsatisfied(.notAvailable))
        #expect(observer.calls.value == [.pathStatus(.satisfied(.wiredEthernet))])
    }

    @Test("A failing path monitor is reported to observers and kept as lastFailure")
    @available(OS2022, *)
    func failure() {
        let paths = ScriptedPathMonitor()
        let monitor = NetworkMonitor(monitor: paths)
        let observer = RecordingObserver()
        monitor.addObserver(observer)
        monitor.start(queue: queue)
        paths.fail(.monitoringFailed(reason: "gone"))
        #expect(monitor.lastFailure == .monitoringFailed(reason: "gone"))
        #expect(observer.calls.value.last == .failure(.monitoringFailed(reason: "gone")))
        monitor.stop()
        monitor.start(queue: queue)
        #expect(monitor.lastFailure == nil)
    }

    @Test("Cancelling an observation stops its deliveries; observers are held weakly")
    @available(OS2022, *)
    func observationLifetime() {
        let paths = ScriptedPathMonitor(initialPath: nil)
        let monitor = NetworkMonitor(monitor: paths)
        let count = Locked(0)
        let observation = monitor.observe { _ in count.withLock { $0 += 1 } }
        monitor.start(queue: queue)
        paths.send(.satisfied(.wifi))
        observation.cancel()
        observation.cancel()
        paths.send(.unsatisfied(nil))
        #expect(count.value == 1)

        var observer: RecordingObserver? = RecordingObserver()
        weak let weakObserver = observer
        if let observer { monitor.addObserver(observer) }
        observer = nil
        #expect(weakObserver == nil)
        paths.send(.satisfied(.wifi))
    }

    /// Implements only the path-status callback; the others keep their empty defaults.
    @available(OS2022, *)
    final class StatusOnlyObserver: NetworkStateObserver {
        let statuses = Locked([PathStatus]())

        func networkMonitor(_ monitor: any NetworkMonitoring, didUpdatePathStatus status: PathStatus) {
            statuses.withLock { $0.append(status) }
        }
    }

    /// Implements only the failure callback.
    @available(OS2022, *)
    final class FailureOnlyObserver: NetworkStateObserver {
        let failures = Locked([NetworkError]())

        func networkMonitor(_ monitor: any NetworkMonitoring, didFailWith error: NetworkError) {
            failures.withLock { $0.append(error) }
        }
    }

    @Test("An observer implements only the callbacks it needs; the others do nothing")
    @available(OS2022, *)
    func partialObservers() {
        let paths = ScriptedPathMonitor(initialPath: nil)
        let monitor = NetworkMonitor(monitor: paths)
        let statusOnly = StatusOnlyObserver()
        let failureOnly = FailureOnlyObserver()
        monitor.addObserver(statusOnly)
        monitor.addObserver(statusOnly)
        monitor.addObserver(failureOnly)
        monitor.start(queue: queue)
        paths.send(ScriptedPath(isConstrained: true, isExpensive: true, pathStatus: .satisfied(.cellular)))
        paths.send(ScriptedPath(pathStatus: .satisfied(.cellular)))
        paths.fail(.monitoringFailed(reason: "gone"))
        // Added twice, told once.
        #expect(statusOnly.statuses.value == [.satisfied(.cellular)])
        #expect(failureOnly.failures.value == [.monitoringFailed(reason: "gone")])
        #expect(
            monitor.state == NetworkState(pathStatus: .satisfied(.cellular), isExpensive: false, isConstrained: false))
    }

    #if os(Linux)
    @Test("The platform initializers with a ping use netlink on Linux")
    @available(OS2022, *)
    func platformInitializersWithPing() throws {
        let ping = try TCPConnectPing(host: "127.0.0.1", port: 9, timeInterval: 60, timeout: 1)
        let monitor = try NetworkMonitor(ping: ping)
        #expect(monitor.hasPing)
        #expect(!monitor.isRunning)
        let plain = try NetworkMonitor()
        #expect(!plain.hasPing)
    }
    #endif
}

import CourierPrimitives
import CourierTestSupport
import Dispatch
import SundialKitCombine
import SundialKitCore
import SundialKitNetwork
import SundialKitTesting
import Testing

#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

@Suite("NetworkObserver")
struct NetworkObserverTests {
    private let queue = DispatchQueue(label: "NetworkObserverTests")

    @Test("Every path is published on all three publishers, in order, with no de-duplication")
    @available(OS2022, *)
    func publishesEveryPath() {
        let paths = ScriptedPathMonitor(initialPath: nil)
        let observer = NetworkObserver(monitor: paths)
        let statuses = Locked([PathStatus]())
        let expensive = Locked([Bool]())
        let constrained = Locked([Bool]())
        let cancellables = [
            observer.pathStatusPublisher.sink { value in statuses.withLock { $0.append(value) } },
            observer.isExpensivePublisher.sink { value in expensive.withLock { $0.append(value) } },
            observer.isConstrainedPublisher.sink { value in constrained.withLock { $0.append(value) } },
        ]
        observer.start(queue: queue)
        paths.send(ScriptedPath(pathStatus: .satisfied(.wifi)))
        paths.send(ScriptedPath(pathStatus: .satisfied(.wifi)))
        paths.send(ScriptedPath(isConstrained: true, isExpensive: true, pathStatus: .unsatisfied(.notAvailable)))
        #expect(statuses.value == [.satisfied(.wifi), .satisfied(.wifi), .unsatisfied(.notAvailable)])
        #expect(expensive.value == [false, false, true])
        #expect(constrained.value == [false, false, true])
        observer.cancel()
        #expect(paths.cancelCount == 1)
        // As in 1.x, the observer stays wired to its monitor: a path the monitor still reports is published.
        paths.send(.satisfied(.cellular))
        #expect(statuses.value.count == 4)
        observer.start(queue: queue)
        paths.send(.satisfied(.cellular))
        #expect(statuses.value.last == .satisfied(.cellular))
        #expect(observer.networkMonitor.pathStatus == .satisfied(.cellular))
        _ = cancellables
    }

    @Test("Ping results are published, each one, in order")
    @available(OS2022, *)
    func publishesPings() async throws {
        let ping = ScriptedPing<Int>(timeInterval: 0.05) { .now($0 * 10) }
        let observer = NetworkObserver(monitor: ScriptedPathMonitor(), ping: ping)
        let results = Broadcast<Int>()
        let stream = results.subscribe()
        let cancellable = observer.pingStatusPublisher.sink { results.send($0) }
        observer.start(queue: queue)
        #expect(try await stream.first(3, within: .seconds(20)) == [10, 20, 30])
        observer.cancel()
        cancellable.cancel()
    }

    @Test("Many subscribers each get every value")
    @available(OS2022, *)
    func manySubscribers() {
        let paths = ScriptedPathMonitor(initialPath: nil)
        let observer = NetworkObserver(monitor: paths)
        let counts = (0..<10).map { _ in Locked(0) }
        let cancellables = counts.map { count in
            observer.pathStatusPublisher.sink { _ in count.withLock { $0 += 1 } }
        }
        observer.start(queue: queue)
        for _ in 0..<50 { paths.send(.satisfied(.wifi)) }
        #expect(counts.map(\.value) == Array(repeating: 50, count: 10))
        _ = cancellables
    }

    @Test("@Published values follow the paths, change only when the value does, and are set before the publishers emit")
    @available(OS2022, *)
    func publishedValues() {
        let paths = ScriptedPathMonitor(initialPath: nil)
        let observer = NetworkObserver(monitor: paths)
        #expect(observer.pathStatus == .unknown)
        #expect(!observer.isExpensive)
        #expect(!observer.isConstrained)
        let published = Locked([PathStatus]())
        let inStep = Locked([Bool]())
        let willChange = Locked(0)
        let cancellables = [
            observer.$pathStatus.sink { value in published.withLock { $0.append(value) } },
            observer.pathStatusPublisher.sink { [observer] value in
                inStep.withLock { $0.append(observer.pathStatus == value) }
            },
            observer.objectWillChange.sink { _ in willChange.withLock { $0 += 1 } },
        ]
        observer.start(queue: queue)
        paths.send(ScriptedPath(pathStatus: .satisfied(.wifi)))
        paths.send(ScriptedPath(pathStatus: .satisfied(.wifi)))
        paths.send(ScriptedPath(isConstrained: true, isExpensive: true, pathStatus: .satisfied(.cellular)))
        #expect(published.value == [.unknown, .satisfied(.wifi), .satisfied(.cellular)])
        #expect(inStep.value == [true, true, true])
        // Three properties changed across the two distinct paths: pathStatus twice, isExpensive, isConstrained.
        #expect(willChange.value == 4)
        #expect(observer.isExpensive)
        #expect(observer.isConstrained)
        _ = cancellables
    }

    @Test("An observer over a monitor that already has a path starts from its values; pingStatus holds the latest")
    @available(OS2022, *)
    func publishedStartAndPing() async throws {
        let paths = ScriptedPathMonitor(initialPath: ScriptedPath(isExpensive: true, pathStatus: .satisfied(.cellular)))
        let ping = ScriptedPing<Int>(timeInterval: 60) { .held($0) }
        let monitor = NetworkMonitor(monitor: paths, ping: ping)
        let fired = ping.firedPings()
        monitor.start(queue: queue)
        let observer = NetworkObserver(networkMonitor: monitor)
        #expect(observer.pathStatus == .satisfied(.cellular))
        #expect(observer.isExpensive)
        #expect(observer.pingStatus == nil)
        let results = Broadcast<Int?>()
        let stream = results.subscribe()
        let cancellable = observer.pingStatusPublisher.sink { [observer] _ in results.send(observer.pingStatus) }
        _ = try await fired.first(1, within: .seconds(20))
        ping.releaseHeldAnswers()
        #expect(try await stream.first(1, within: .seconds(20)) == [1])
        #expect(observer.pingStatus == 1)
        observer.cancel()
        cancellable.cancel()
    }

    @Test("Cancel then start over monitors that cannot restart (as NWPathMonitor) publishes the new monitor's paths")
    @available(OS2022, *)
    func restartOverOneShotMonitors() {
        let made = Locked([ScriptedPathMonitor]())
        let observer = NetworkObserver(
            networkMonitor: NetworkMonitor<ScriptedPathMonitor, NeverPing>(
                makeMonitor: {
                    let paths = ScriptedPathMonitor(initialPath: nil, isRestartable: false)
                    made.withLock { $0.append(paths) }
                    return paths
                }, ping: nil))
        let statuses = Locked([PathStatus]())
        let cancellable = observer.pathStatusPublisher.sink { value in statuses.withLock { $0.append(value) } }
        observer.start(queue: queue)
        made.value.last?.send(.satisfied(.wifi))
        observer.cancel()
        observer.start(queue: queue)
        made.value.last?.send(.unsatisfied(.notAvailable))
        #expect(statuses.value == [.satisfied(.wifi), .unsatisfied(.notAvailable)])
        #expect(made.value.count == 2)
        cancellable.cancel()
    }
}

#if os(Linux)
@Suite("NetworkObserver on Linux")
struct LinuxNetworkObserverTests {
    @Test("The platform initializers open netlink; with a ping the monitor pings")
    @available(OS2022, *)
    func platformInitializers() throws {
        let ping = try TCPConnectPing(host: "127.0.0.1", port: 9, timeInterval: 60, timeout: 1)
        let pinging = try NetworkObserver(ping: ping)
        #expect(pinging.networkMonitor.hasPing)
        let plain = try NetworkObserver()
        #expect(!plain.networkMonitor.hasPing)
        #expect(plain.pathStatus == .unknown)
    }
}
#endif

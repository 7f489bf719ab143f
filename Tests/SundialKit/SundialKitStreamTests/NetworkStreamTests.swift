import CourierPrimitives
import CourierTestSupport
import SundialKitCore
import SundialKitNetwork
import SundialKitStream
import SundialKitTesting
import Testing

@Suite("NetworkStream")
struct NetworkStreamTests {
    @Test("Each stream starts with the current value, then yields changes only")
    @available(OS2022, *)
    func currentThenChanges() async throws {
        let paths = ScriptedPathMonitor(initialPath: ScriptedPath(pathStatus: .satisfied(.wiredEthernet)))
        let network = NetworkStream(monitor: paths)
        let statuses = network.pathStatusStream
        let expensive = network.isExpensiveStream
        let constrained = network.isConstrainedStream
        #expect(try await statuses.first(1) == [.satisfied(.wiredEthernet)])
        #expect(try await expensive.first(1) == [false])
        #expect(try await constrained.first(1) == [false])
        paths.send(ScriptedPath(pathStatus: .satisfied(.wiredEthernet)))
        paths.send(ScriptedPath(isExpensive: true, pathStatus: .satisfied(.cellular)))
        paths.send(ScriptedPath(isConstrained: true, isExpensive: true, pathStatus: .satisfied(.cellular)))
        #expect(try await statuses.first(1) == [.satisfied(.cellular)])
        #expect(try await expensive.first(1) == [true])
        #expect(try await constrained.first(1) == [true])
        #expect(await network.pathStatus == .satisfied(.cellular))
        #expect(await network.currentPathStatus() == .satisfied(.cellular))
        #expect(await network.isExpensive)
        #expect(await network.isConstrained)
    }

    @Test("Every subscriber gets every update; ending one leaves the others running")
    @available(OS2022, *)
    func independentSubscribers() async throws {
        let paths = ScriptedPathMonitor(initialPath: ScriptedPath(pathStatus: .unsatisfied(.notAvailable)))
        let network = NetworkStream(monitor: paths)
        let lifecycle = paths.lifecycleEvents()
        let first = network.pathStatusStream
        let second = network.pathStatusStream
        let leaving = Task { try await network.pathStatusStream.first(1) }
        #expect(try await leaving.value == [.unsatisfied(.notAvailable)])
        #expect(try await first.first(1) == [.unsatisfied(.notAvailable)])
        #expect(try await second.first(1) == [.unsatisfied(.notAvailable)])
        let updates: [PathStatus] = [.satisfied(.wifi), .unsatisfied(nil), .satisfied(.cellular), .requiresConnection]
        for status in updates { paths.send(status) }
        #expect(try await first.first(4) == updates)
        #expect(try await second.first(4) == updates)
        #expect(await network.isMonitoring)
        #expect(try await lifecycle.first(1) == [.started])
        #expect(paths.startCount == 1)
    }

    @Test("The monitor runs while anyone listens and stops when the last subscription ends")
    @available(OS2022, *)
    func runsWhileListened() async throws {
        let paths = ScriptedPathMonitor()
        let network = NetworkStream(monitor: paths)
        let lifecycle = paths.lifecycleEvents()
        let one = Task { for await _ in network.pathStatusStream {} }
        let two = Task { for await _ in network.isExpensiveStream {} }
        #expect(try await lifecycle.first(1) == [.started])
        one.cancel()
        two.cancel()
        #expect(try await lifecycle.first(1) == [.cancelled])
        #expect(!paths.isRunning)
        let again = Task { try await network.pathStatusStream.first(1) }
        #expect(try await lifecycle.first(1) == [.started])
        #expect(try await again.value == [.satisfied(.wiredEthernet)])
        #expect(try await lifecycle.first(1) == [.cancelled])
        #expect(paths.startCount == 2)
    }

    @Test("Ping results stream in order; failures stream too")
    @available(OS2022, *)
    func pingsAndFailures() async throws {
        let paths = ScriptedPathMonitor()
        let ping = ScriptedPing<Int>(timeInterval: 0.05) { .now($0) }
        let network = NetworkStream(monitor: paths, ping: ping)
        let results = network.pingStatusStream
        let failures = network.failureStream
        #expect(try await results.first(3, within: .seconds(20)) == [1, 2, 3])
        #expect(await network.pingStatus.map { $0 >= 3 } == true)
        paths.fail(.monitoringFailed(reason: "gone"))
        #expect(try await failures.first(1) == [.monitoringFailed(reason: "gone")])
    }

    #if os(Linux)
    @Test("NetworkStream() follows this machine's network over netlink; with a ping it pings")
    @available(OS2022, *)
    func platformInitializers() async throws {
        let network = try NetworkStream()
        let first = try #require(try await network.pathStatusStream.firstValue(within: .seconds(30)))
        #expect(first != .unknown)
        #expect(await network.currentStatus() == first)
        let ping = try TCPConnectPing(host: "127.0.0.1", port: 9, timeInterval: 60, timeout: 1)
        let pinging = try NetworkStream(ping: ping)
        #expect(await !pinging.isMonitoring)
    }
    #endif

    @Test("Listening again over monitors that cannot restart (as NWPathMonitor) gets the new monitor's paths")
    @available(OS2022, *)
    func restartOverOneShotMonitors() async throws {
        let made = Locked([(ScriptedPathMonitor, AsyncStream<ScriptedPathMonitor.LifecycleEvent>)]())
        let network = NetworkStream(
            networkMonitor: NetworkMonitor<ScriptedPathMonitor, NeverPing>(
                makeMonitor: {
                    let paths = ScriptedPathMonitor(
                        initialPath: ScriptedPath(pathStatus: .satisfied(.wiredEthernet)), isRestartable: false)
                    made.withLock { $0.append((paths, paths.lifecycleEvents())) }
                    return paths
                }, ping: nil))
        #expect(try await network.pathStatusStream.first(1) == [.satisfied(.wiredEthernet)])
        let firstLifecycle = try #require(made.value.first?.1)
        #expect(try await firstLifecycle.first(2) == [.started, .cancelled])
        let again = network.pathStatusStream
        #expect(try await again.first(1) == [.satisfied(.wiredEthernet)])
        made.value.last?.0.send(.satisfied(.cellular))
        #expect(try await again.first(1) == [.satisfied(.cellular)])
        #expect(made.value.count == 2)
        #expect(made.value.first?.0.isDead == true)
    }
}

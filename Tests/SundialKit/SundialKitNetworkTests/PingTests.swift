import CourierPrimitives
import CourierTestSupport
import Dispatch
import SundialKitCore
import SundialKitTesting
import Testing

@testable import SundialKitNetwork

@Suite("NetworkMonitor pinging")
struct PingTests {
    private let queue = DispatchQueue(label: "PingTests")

    @available(OS2022, *)
    private func pingResults<Status: Sendable>(
        _ monitor: NetworkMonitor<ScriptedPathMonitor, ScriptedPing<Status>>
    ) -> (AsyncStream<Status>, NetworkObservation) {
        let (stream, continuation) = AsyncStream.makeStream(of: Status.self)
        let observation = monitor.observe { event in
            if case .ping(let status) = event { continuation.yield(status) }
        }
        return (stream, observation)
    }

    @Test("Pings fire at once, then every interval, and every result is published in order")
    @available(OS2022, *)
    func periodic() async throws {
        let ping = ScriptedPing<Int>(timeInterval: 0.05) { .now($0) }
        let monitor = NetworkMonitor(monitor: ScriptedPathMonitor(), ping: ping)
        let (results, observation) = pingResults(monitor)
        monitor.start(queue: queue)
        let first = try await results.first(4, within: .seconds(20))
        #expect(first == [1, 2, 3, 4])
        #expect(monitor.pingStatus.map { $0 >= 4 } == true)
        monitor.stop()
        observation.cancel()
    }

    @Test("Pings read the live status: none while shouldPing is false, one as soon as it holds")
    @available(OS2022, *)
    func liveStatus() async throws {
        let paths = ScriptedPathMonitor(initialPath: ScriptedPath(pathStatus: .unsatisfied(.notAvailable)))
        let ping = ScriptedPing<Int>(timeInterval: 60) { .now($0) }
        let monitor = NetworkMonitor(monitor: paths, ping: ping)
        let (results, observation) = pingResults(monitor)
        monitor.start(queue: queue)
        // Bounded negative check: nothing may be pinged while unsatisfied.
        try await Task.sleep(for: .milliseconds(200))
        #expect(ping.pingCount == 0)
        paths.send(.satisfied(.wifi))
        let first = try await results.first(1, within: .seconds(20))
        #expect(first == [1])
        monitor.stop()
        observation.cancel()
    }

    @Test("A ping that exceeds its timeout publishes the timeout status; its late answer is dropped")
    @available(OS2022, *)
    func timeout() async throws {
        let ping = ScriptedPing<String>(timeInterval: 60, timeout: 0.05, timeoutStatus: "timeout") { number in
            number == 1 ? .held("late") : .now("ok")
        }
        let paths = ScriptedPathMonitor()
        let monitor = NetworkMonitor(monitor: paths, ping: ping)
        let (results, observation) = pingResults(monitor)
        monitor.start(queue: queue)
        let first = try await results.first(1, within: .seconds(20))
        #expect(first == ["timeout"])
        // The first ping answers only now, after its timeout: that late answer must never appear.
        ping.releaseHeldAnswers()
        // Becoming satisfied again triggers the next ping, whose answer must be the next result.
        paths.send(.unsatisfied(.notAvailable))
        paths.send(.satisfied(.wifi))
        let next = try await results.first(1, within: .seconds(20))
        #expect(next == ["ok"])
        monitor.stop()
        observation.cancel()
        #expect(monitor.pingStatus == "ok")
    }

    @Test("Stopping drops answers still to come")
    @available(OS2022, *)
    func stopDropsAnswers() async throws {
        let ping = ScriptedPing<Int>(timeInterval: 60) { .held($0) }
        let monitor = NetworkMonitor(monitor: ScriptedPathMonitor(), ping: ping)
        let fired = ping.firedPings()
        monitor.start(queue: queue)
        _ = try await fired.first(1, within: .seconds(20))
        monitor.stop()
        // The answer arrives after the stop, so it must be dropped.
        ping.releaseHeldAnswers()
        #expect(monitor.pingStatus == nil)
    }

    @Test("TCPConnectPing connects to a listener on 127.0.0.1")
    @available(OS2022, *)
    func tcpSuccess() async throws {
        let listener = try LoopbackListener(listening: true)
        let ping = try TCPConnectPing(host: "127.0.0.1", port: listener.port, timeInterval: 60, timeout: 10)
        let result = await ping.ping()
        guard case .success(let duration) = result else {
            Issue.record("expected a connection, got \(result)")
            return
        }
        #expect(duration < .seconds(10))
        #expect(ping.shouldPing(onStatus: .satisfied(.loopback)))
        #expect(ping.shouldPing(onStatus: .requiresConnection))
        #expect(!ping.shouldPing(onStatus: .unsatisfied(nil)))
        #expect(!ping.shouldPing(onStatus: .unknown))
    }

    @Test("TCPConnectPing reports a refused port and an unknown host as failures")
    @available(OS2022, *)
    func tcpFailure() async throws {
        let closed = try LoopbackListener(listening: false)
        let refused = try await TCPConnectPing(host: "127.0.0.1", port: closed.port, timeInterval: 60).ping()
        guard case .failure(let error) = refused, error.code == .pingFailed, let reason = error.context.detail else {
            Issue.record("expected a refusal, got \(refused)")
            return
        }
        #expect(reason.contains("refused"))
        let unknown = try await TCPConnectPing(host: "no-such-host.invalid", port: 80, timeInterval: 60).ping()
        guard case .failure(let error) = unknown, error.code == .pingFailed else {
            Issue.record("expected a resolution failure, got \(unknown)")
            return
        }
        #expect(
            try TCPConnectPing(host: "h", port: 1).timeoutStatus.map { result in
                if case .failure(.pingTimeout) = result { true } else { false }
            } == true)
    }

    @Test("TCPConnectPing publishes through NetworkMonitor")
    @available(OS2022, *)
    func tcpThroughMonitor() async throws {
        let listener = try LoopbackListener(listening: true)
        let ping = try TCPConnectPing(host: "127.0.0.1", port: listener.port, timeInterval: 60, timeout: 10)
        let monitor = NetworkMonitor(monitor: ScriptedPathMonitor(), ping: ping)
        let (stream, continuation) = AsyncStream.makeStream(of: Bool.self)
        let observation = monitor.observe { event in
            if case .ping(let result) = event { continuation.yield((try? result.get()) != nil) }
        }
        monitor.start(queue: queue)
        #expect(try await stream.first(1, within: .seconds(20)) == [true])
        monitor.stop()
        observation.cancel()
    }

    @Test(
        "TCPConnectPing rejects invalid settings",
        arguments: [("", UInt16(80), 1.0, 1.0), ("h", 0, 1, 1), ("h", 80, 0, 1), ("h", 80, 1, -1), ("h", 80, .nan, 1)]
    )
    @available(OS2022, *)
    func tcpInvalid(host: String, port: UInt16, interval: Double, timeout: Double) {
        #expect(throws: NetworkError.self) {
            try TCPConnectPing(host: host, port: port, timeInterval: interval, timeout: timeout)
        }
    }
}

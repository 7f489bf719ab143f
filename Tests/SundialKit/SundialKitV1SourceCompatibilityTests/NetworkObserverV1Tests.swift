// SundialKit 1.0's `NetworkObserver` behaviour (1.0.0-beta.1, Sources/SundialKit/Network/NetworkObserver.swift):
// the observer calls `monitor.onPathUpdate` in `init`, feeds every path to three `PassthroughSubject`s, creates
// the ping's timer in `start(queue:)` and cancels it (and the monitor) in `cancel()`.
import CourierTestSupport
import Foundation
import SundialKit
import Testing

// 1.0's own tests read the observer's internal `isPingActive` and construct `NeverPing` through `@testable`.
@testable import SundialKitCombine
@testable import SundialKitCore

@Suite("SundialKit 1.0 source compatibility: NetworkObserver")
struct NetworkObserverV1Tests {
    private let queue = DispatchQueue(label: "NetworkObserverV1Tests")

    @Test("A path the monitor reports before start(queue:) is published (wired at init)")
    @available(OS2022, *)
    func pathBeforeStart() {
        let monitor = FakePathMonitor()
        let observer = NetworkObserver(monitor: monitor)
        let statuses = Recorder(observer.pathStatusPublisher)
        let expensive = Recorder(observer.isExpensivePublisher)
        let constrained = Recorder(observer.isConstrainedPublisher)
        monitor.send(FakePath(isConstrained: true, isExpensive: true, pathStatus: .requiresConnection))
        #expect(statuses.values == [.requiresConnection])
        #expect(expensive.values == [true])
        #expect(constrained.values == [true])
        #expect(monitor.startedQueueLabels.isEmpty)
    }

    @Test("start(queue:) starts the monitor on that queue; its first path is published before start returns")
    @available(OS2022, *)
    func start() {
        let monitor = FakePathMonitor()
        let observer = NetworkObserver(monitor: monitor)
        let statuses = Recorder(observer.pathStatusPublisher)
        observer.start(queue: queue)
        #expect(monitor.startedQueueLabels == [queue.label])
        #expect(statuses.values == [.satisfied(.wiredEthernet)])
        observer.cancel()
    }

    @Test("cancel() cancels the monitor; a path it still reports is published; a second start starts it again")
    @available(OS2022, *)
    func cancelAndRestart() {
        let monitor = FakePathMonitor(pathOnStart: nil)
        let observer = NetworkObserver(monitor: monitor)
        let statuses = Recorder(observer.pathStatusPublisher)
        let expensive = Recorder(observer.isExpensivePublisher)
        let constrained = Recorder(observer.isConstrainedPublisher)
        observer.start(queue: queue)
        observer.cancel()
        #expect(monitor.cancelCount == 1)
        monitor.send(FakePath(isConstrained: true, isExpensive: false, pathStatus: .unsatisfied(.notAvailable)))
        #expect(statuses.values == [.unsatisfied(.notAvailable)])
        #expect(expensive.values == [false])
        #expect(constrained.values == [true])
        observer.start(queue: queue)
        #expect(monitor.startedQueueLabels.count == 2)
        monitor.send(FakePath(isConstrained: false, isExpensive: true, pathStatus: .satisfied(.wifi)))
        #expect(statuses.values == [.unsatisfied(.notAvailable), .satisfied(.wifi)])
        #expect(expensive.values == [false, true])
        #expect(constrained.values == [true, false])
        observer.cancel()
        #expect(monitor.cancelCount == 2)
    }

    @Test("No ping before start(queue:) or after cancel(), even when paths arrive then")
    @available(OS2022, *)
    func noPingWhileStopped() async throws {
        let monitor = FakePathMonitor()
        // 1.0's ping timer exists only between start and cancel; a long interval leaves one ping per start.
        let observer = NetworkObserver(monitor: monitor, ping: FakePing(timeInterval: 3600))
        let (pings, cancellable) = collect(observer.pingStatusPublisher.map(\.number))
        defer { cancellable.cancel() }
        monitor.send(FakePath(pathStatus: .satisfied(.wifi)))
        monitor.send(FakePath(pathStatus: .satisfied(.cellular)))
        #expect(!observer.isPingActive)
        observer.start(queue: queue)
        #expect(observer.isPingActive)
        // The ping counts its calls: the first result being 1 proves nothing pinged before start.
        #expect(try await pings.first(1) == [1])
        observer.cancel()
        #expect(!observer.isPingActive)
        monitor.send(FakePath(pathStatus: .unsatisfied(.notAvailable)))
        monitor.send(FakePath(pathStatus: .satisfied(.wifi)))
        observer.start(queue: queue)
        // And the next being 2 proves nothing pinged while cancelled.
        #expect(try await pings.first(1) == [2])
        observer.cancel()
    }

    @Test("The publishers are passthrough: no replay for a late subscriber, and no de-duplication")
    @available(OS2022, *)
    func passthrough() {
        let monitor = FakePathMonitor()
        let observer = NetworkObserver(monitor: monitor)
        monitor.send(FakePath(pathStatus: .satisfied(.cellular)))
        let statuses = Recorder(observer.pathStatusPublisher)
        #expect(statuses.values.isEmpty)
        monitor.send(FakePath(pathStatus: .satisfied(.cellular)))
        monitor.send(FakePath(pathStatus: .satisfied(.cellular)))
        #expect(statuses.values == [.satisfied(.cellular), .satisfied(.cellular)])
    }

    @Test("The ping publishes at start and again after its interval; a second start pings again")
    @available(OS2022, *)
    func ping() async throws {
        let monitor = FakePathMonitor()
        let observer = NetworkObserver(monitor: monitor, ping: FakePing(timeInterval: 0.2))
        let (pings, cancellable) = collect(observer.pingStatusPublisher.map(\.number))
        defer { cancellable.cancel() }
        observer.start(queue: queue)
        let first = try await pings.first(2, within: .seconds(60))
        #expect(first == [1, 2])
        observer.cancel()
        observer.start(queue: queue)
        let next = try await pings.firstValue(within: .seconds(60)) { $0 > 2 }
        #expect(next != nil)
        observer.cancel()
    }

    @Test("NetworkObserver(monitor:) has no ping: NeverPing, whose interval is NaN and which never pings")
    @available(OS2022, *)
    func neverPing() {
        let monitor = FakePathMonitor()
        let observer: NetworkObserver<FakePathMonitor, NeverPing> = NetworkObserver(monitor: monitor)
        #expect(!observer.hasNetworkPing)
        observer.start(queue: queue)
        #expect(!observer.isPingActive)
        observer.cancel()
        #expect(NeverPing.StatusType.self == Never.self)
        // 1.0's `NeverPing` has a private initializer; its answers are read here through `@testable`.
        let ping = NeverPing()
        #expect(ping.timeInterval.isNaN)
        let statuses: [PathStatus] = [
            .satisfied(.wifi), .satisfied([]), .unsatisfied(nil), .unsatisfied(.notAvailable), .requiresConnection,
            .unknown,
        ]
        #expect(statuses.allSatisfy { !ping.shouldPing(onStatus: $0) })
    }
}

@Suite("SundialKit 1.0 source compatibility: path values")
struct PathValuesV1Tests {
    @Test("PathStatus and its reasons are 1.0's, Equatable")
    @available(OS2022, *)
    func pathStatus() {
        let reasons: [PathStatus.UnsatisfiedReason] = [
            .cellularDenied, .localNetworkDenied, .notAvailable, .wifiDenied, .unknown, .unsupported,
        ]
        let statuses: [PathStatus] =
            reasons.map { .unsatisfied($0) } + [
                .unsatisfied(nil), .satisfied(.wifi), .requiresConnection, .unknown,
            ]
        for (index, status) in statuses.enumerated() {
            #expect(statuses.firstIndex(of: status) == index)
        }
    }

    @Test("PathStatus.Interface is 1.0's OptionSet: the same raw values, typeValue, a settable rawValue")
    @available(OS2022, *)
    func interface() {
        #expect(PathStatus.Interface.cellular.rawValue == 1)
        #expect(PathStatus.Interface.wifi.rawValue == 2)
        #expect(PathStatus.Interface.wiredEthernet.rawValue == 4)
        #expect(PathStatus.Interface.other.rawValue == 8)
        #expect(PathStatus.Interface.loopback.rawValue == 16)
        var interface: PathStatus.Interface = [.wifi, .cellular]
        #expect(interface.typeValue == 3)
        interface.rawValue = 16
        #expect(interface == .loopback)
        #expect(PathStatus.Interface(rawValue: 6) == [.wifi, .wiredEthernet])
    }

    @Test("Interfaceable: PathStatus.Interface(interfaces:) gathers the kinds of 1.0's interfaces")
    @available(OS2022, *)
    func interfaceable() {
        let interfaces: [any Interfaceable] = [
            PathStatus.Interface.wifi, FakeInterface(typeValue: 1), PathStatus.Interface.wifi,
        ]
        #expect(PathStatus.Interface(interfaces: interfaces) == [.wifi, .cellular])
        #expect(PathStatus.Interface(interfaces: []) == [])
        #expect(PathStatus.Interface.loopback.typeValue == 16)
    }

    @Test("A custom NetworkPath works as 1.0's protocol")
    @available(OS2022, *)
    func networkPath() {
        let path: any NetworkPath = FakePath(isConstrained: true, isExpensive: false, pathStatus: .unknown)
        #expect(path.isConstrained)
        #expect(!path.isExpensive)
        #expect(path.pathStatus == .unknown)
    }
}

/// An interface of the app's own, as 1.0's `Interfaceable`.
@available(OS2022, *)
private struct FakeInterface: Interfaceable {
    let typeValue: Int
}

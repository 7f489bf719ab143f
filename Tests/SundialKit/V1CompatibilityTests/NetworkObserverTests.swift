// SundialKit 1.0's NetworkObserver tests, in Swift Testing, against the 2.0 modules (`SundialKit` +
// `SundialKitCombine`). The calls are the 1.0 public API: the initializers, the four publishers, `start(queue:)`
// and `cancel()`.
import CourierTestSupport
import Foundation
import SundialKit
import SundialKitCombine
import Testing

#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

@Suite("SundialKit 1.0 NetworkObserver")
struct NetworkObserverTests {
    @Test("start(queue:) starts the monitor on that queue, and the ping publishes at once and again after its interval")
    @available(OS2022, *)
    func start() async throws {
        let monitor = MockPathMonitor(id: UUID())
        let ping = MockNetworkPing(id: UUID(), timeInterval: 1.0)
        let observer = NetworkObserver(monitor: monitor, ping: ping)
        let (statuses, continuation) = AsyncStream.makeStream(of: MockNetworkPing.StatusType.self)
        let cancellable = observer.pingStatusPublisher.sink { status in
            continuation.yield(status)
        }
        let dispatchQueueLabel = UUID().uuidString
        observer.start(queue: .init(label: dispatchQueueLabel))
        #expect(monitor.dispatchQueueLabel == dispatchQueueLabel)
        let received = try await statuses.first(2, within: .seconds(60))
        #expect(received.count == 2)
        cancellable.cancel()
        observer.cancel()
    }

    @Test("cancel() cancels the monitor")
    @available(OS2022, *)
    func cancel() {
        let monitor = MockPathMonitor(id: UUID())
        let ping = MockNetworkPing(id: UUID(), timeInterval: 1.0)
        let observer = NetworkObserver(monitor: monitor, ping: ping)
        observer.start(queue: .init(label: UUID().uuidString))
        observer.cancel()
        #expect(monitor.isCancelled)
    }

    @Test("pathStatusPublisher publishes the status of a new path before sendPath returns")
    @available(OS2022, *)
    func pathStatusPublisher() {
        let monitor = MockPathMonitor(id: UUID())
        let ping = MockNetworkPing(id: UUID(), timeInterval: 1.0)
        let observer = NetworkObserver(monitor: monitor, ping: ping)
        var pathStatus: PathStatus?
        let cancellable = observer.pathStatusPublisher.sink {
            pathStatus = $0
        }
        observer.start(queue: .init(label: UUID().uuidString))
        monitor.sendPath(.init(pathStatus: .requiresConnection))
        #expect(pathStatus == .requiresConnection)
        cancellable.cancel()
        observer.cancel()
    }

    @Test("isExpensivePublisher publishes each path's value", arguments: [false, true])
    @available(OS2022, *)
    func isExpensivePublisher(expectedIsExpensive: Bool) {
        let monitor = MockPathMonitor(id: UUID())
        let observer = NetworkObserver(monitor: monitor, ping: MockNetworkPing(id: UUID(), timeInterval: 1.0))
        var actualIsExpensive: Bool?
        let cancellable = observer.isExpensivePublisher.sink {
            actualIsExpensive = $0
        }
        observer.start(queue: .init(label: UUID().uuidString))
        monitor.sendPath(.init(isExpensive: expectedIsExpensive))
        #expect(expectedIsExpensive == actualIsExpensive)
        cancellable.cancel()
    }

    @Test("isConstrainedPublisher publishes each path's value", arguments: [false, true])
    @available(OS2022, *)
    func isConstrainedPublisher(expectedIsConstrained: Bool) {
        let monitor = MockPathMonitor(id: UUID())
        let observer = NetworkObserver(monitor: monitor, ping: MockNetworkPing(id: UUID(), timeInterval: 1.0))
        var actualIsConstrained: Bool?
        let cancellable = observer.isConstrainedPublisher.sink {
            actualIsConstrained = $0
        }
        observer.start(queue: .init(label: UUID().uuidString))
        monitor.sendPath(.init(isConstrained: expectedIsConstrained))
        #expect(expectedIsConstrained == actualIsConstrained)
        cancellable.cancel()
    }

    @Test("The 1.0 initializers: with a ping, and without one (NeverPing)")
    @available(OS2022, *)
    func initializers() {
        let withPing: NetworkObserver<MockPathMonitor, MockNetworkPing> = NetworkObserver(
            monitor: MockPathMonitor(id: UUID()),
            ping: MockNetworkPing(id: UUID(), timeInterval: 2.0)
        )
        let withoutPing: NetworkObserver<MockPathMonitor, NeverPing> = NetworkObserver(
            monitor: MockPathMonitor(id: UUID())
        )
        #expect(withPing.networkMonitor.hasPing)
        #expect(!withoutPing.networkMonitor.hasPing)
        let never: AnyPublisher<Never, Never> = withoutPing.pingStatusPublisher
        _ = never
    }

    #if os(Linux)
    @Test("The platform default initializer watches this machine's network (netlink on Linux)")
    @available(OS2022, *)
    func platformDefault() async throws {
        let observer = try NetworkObserver()
        let (statuses, continuation) = AsyncStream.makeStream(of: PathStatus.self)
        let cancellable = observer.pathStatusPublisher.sink { continuation.yield($0) }
        observer.start(queue: .global())
        let first = try await statuses.first(1, within: .seconds(30))
        #expect(first.first != .unknown)
        observer.cancel()
        cancellable.cancel()
    }
    #endif
}

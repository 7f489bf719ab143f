import CourierPrimitives
import Foundation
import Testing

@testable import SundialKitCore

@Suite("Connectivity types")
struct ConnectivityTypesTests {
    @Test("ActivationState has WatchConnectivity's raw values and short descriptions")
    @available(OS2022, *)
    func activationState() {
        #expect(ActivationState.allCases.map(\.rawValue) == [0, 1, 2])
        #expect(ActivationState.allCases.map(\.description) == ["notActivated", "inactive", "activated"])
        #expect(ActivationState(rawValue: 2) == .activated)
        #expect(ActivationState(rawValue: 3) == nil)
    }

    @Test("ConnectivityState defaults to nothing known, and describes itself on one line")
    @available(OS2022, *)
    func connectivityState() {
        let initial = ConnectivityState()
        #expect(initial.activationState == .notActivated)
        #expect(!initial.isReachable && !initial.isPaired && !initial.isPairedAppInstalled)
        let state = ConnectivityState(
            activationState: .activated, isReachable: true, isPaired: true, isPairedAppInstalled: false)
        #expect(state.description == "activated, reachable: true, paired: true, app installed: false")
        #expect(state != initial)
        #expect(Set([state, state, initial]).count == 2)
    }

    /// A minimal `ConnectivityManagement`: the protocol's accessors read its `state`.
    @available(OS2022, *)
    final class FixedManager: ConnectivityManagement {
        let state: ConnectivityState
        let observers = Locked(0)

        init(_ state: ConnectivityState) {
            self.state = state
        }

        func activate(timeout: Duration) async throws(ConnectivityError) {
            throw .sessionNotSupported
        }

        func addObserver(_ observer: any ConnectivityStateObserver) {
            observers.withLock { $0 += 1 }
        }

        func removeObserver(_ observer: any ConnectivityStateObserver) {
            observers.withLock { $0 -= 1 }
        }
    }

    @Test("ConnectivityManagement's accessors read the state snapshot")
    @available(OS2022, *)
    func managementAccessors() async {
        let manager: any ConnectivityManagement = FixedManager(
            ConnectivityState(
                activationState: .inactive, isReachable: true, isPaired: false, isPairedAppInstalled: true)
        )
        #expect(manager.activationState == .inactive)
        #expect(manager.isReachable)
        #expect(!manager.isPaired)
        #expect(manager.isPairedAppInstalled)
        await #expect(throws: ConnectivityError.sessionNotSupported) { try await manager.activate(timeout: .zero) }
    }
}

@Suite("Pings")
struct PingDefaultsTests {
    @available(OS2022, *)
    struct MinimalPing: NetworkPing {
        let timeInterval: TimeInterval = 15
        func shouldPing(onStatus status: PathStatus) -> Bool { status.isSatisfied }
        func onPing(_ closure: @escaping @Sendable (Int) -> Void) { closure(1) }
    }

    @Test("A ping's timeout defaults to its interval, and an abandoned ping publishes nothing")
    @available(OS2022, *)
    func defaults() {
        let ping = MinimalPing()
        #expect(ping.timeout == 15)
        #expect(ping.timeoutStatus == nil)
    }

    @available(OS2022, *)
    @Sendable static func unreachable(_ never: Never) {}

    @Test("NeverPing never pings: no interval, never applicable, never answers")
    @available(OS2022, *)
    func neverPing() {
        let ping = NeverPing()
        #expect(ping.timeInterval.isNaN)
        #expect(ping.timeout.isNaN)
        for status in [PathStatus.satisfied(.wifi), .unsatisfied(nil), .requiresConnection, .unknown] {
            #expect(!ping.shouldPing(onStatus: status))
        }
        // Its result type is `Never`: the type system guarantees the closure is never called.
        ping.onPing(Self.unreachable)
    }
}

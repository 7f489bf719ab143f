import Foundation
import SundialKitConnectivity
import SundialKitTesting
import Testing

@Suite("Activation")
struct ActivationTests {
    @Test("Activation completes and is observed")
    func activates() async throws {
        let setup = try await ActivatedPair(activate: false)
        #expect(setup.phone.activationState == .notActivated)
        try await setup.phone.activate(timeout: .seconds(10))
        #expect(setup.phone.activationState == .activated)
        _ = try await setup.phoneEvents.next {
            if case .activationCompleted(.activated, nil) = $0 { return true }
            return false
        }
        // Already activated: returns at once.
        try await setup.phone.activate(timeout: .seconds(10))
    }

    @Test("Activation that never completes times out with a typed error")
    func timesOut() async throws {
        let setup = try await ActivatedPair(configuration: .init(phoneActivation: .manual), activate: false)
        await #expect(throws: ConnectivityError.activationTimedOut) {
            try await setup.phone.activate(timeout: .milliseconds(200))
        }
        // A later attempt starts afresh and can succeed.
        async let activation: Void = setup.phone.activate(timeout: .seconds(10))
        setup.pair.completeActivation(of: .phone)
        try await activation
        #expect(setup.phone.activationState == .activated)
    }

    @Test("A failed activation reports the session's error")
    func fails() async throws {
        let setup = try await ActivatedPair(
            configuration: .init(phoneActivation: .fails(.deviceNotPaired)),
            activate: false
        )
        await #expect(throws: ConnectivityError.deviceNotPaired) {
            try await setup.phone.activate(timeout: .seconds(10))
        }
    }

    @Test("Unsupported devices and NeverConnectivitySession fail with sessionNotSupported")
    func unsupported() async throws {
        let setup = try await ActivatedPair(configuration: .init(phoneActivation: .unsupported), activate: false)
        await #expect(throws: ConnectivityError.sessionNotSupported) {
            try await setup.phone.activate(timeout: .seconds(10))
        }
        let never = ConnectivityManager(session: NeverConnectivitySession())
        await #expect(throws: ConnectivityError.sessionNotSupported) { try await never.activate(timeout: .seconds(1)) }
        await #expect(throws: ConnectivityError.sessionNotActivated) { try await never.send(["x": 1]) }
        let session = NeverConnectivitySession()
        #expect(throws: ConnectivityError.sessionNotSupported) { try session.updateApplicationContext([:]) }
        #expect(throws: ConnectivityError.sessionNotSupported) { try session.transferUserInfo([:]) }
        #expect(throws: ConnectivityError.sessionNotSupported) {
            try session.transferFile(URL(fileURLWithPath: "/dev/null"), metadata: nil)
        }
    }

    @Test("Concurrent activations share one")
    func concurrent() async throws {
        let setup = try await ActivatedPair(configuration: .init(phoneActivation: .manual), activate: false)
        async let first: Void = setup.phone.activate(timeout: .seconds(10))
        async let second: Void = setup.phone.activate(timeout: .seconds(10))
        // Let both calls register before completing (they share the pending activation).
        try await Task.sleep(for: .milliseconds(100))
        setup.pair.completeActivation(of: .phone)
        _ = try await (first, second)
    }

    @Test("Sending before activation fails with sessionNotActivated")
    func notActivated() async throws {
        let setup = try await ActivatedPair(activate: false)
        await #expect(throws: ConnectivityError.sessionNotActivated) { try await setup.phone.send(["x": 1]) }
    }

    @Test("Switching watches makes the phone inactive, then deactivated; it can activate again")
    func watchSwitch() async throws {
        let setup = try await ActivatedPair(watchKeepsMessages: false)
        setup.pair.simulateWatchSwitch()
        _ = try await setup.phoneEvents.next {
            if case .stateChanged(let state) = $0 { return state.activationState == .notActivated }
            return false
        }
        await #expect(throws: ConnectivityError.sessionNotActivated) { try await setup.phone.send(["x": 1]) }
        try await setup.phone.activate(timeout: .seconds(10))
        _ = try await setup.phoneEvents.next { $0.reachable == true }
        let result = try await setup.phone.send(["x": 1])
        #expect(result.transport == .message)
    }
}

import CourierPrimitives
import CourierTestSupport
import Foundation
import SundialKitConnectivity
import SundialKitTesting
import Testing

@Suite("Activation")
struct ActivationTests {
    @Test("Activation completes and is observed")
    @available(OS2022, *)
    func activates() async throws {
        let setup = try await ActivatedPair(activate: false)
        #expect(setup.phone.activationState == .notActivated)
        try await setup.phone.activate(timeout: .seconds(60))
        #expect(setup.phone.activationState == .activated)
        _ = try await setup.phoneEvents.next {
            if case .activationCompleted(.activated, nil) = $0 { return true }
            return false
        }
        // Already activated: returns at once.
        try await setup.phone.activate(timeout: .seconds(60))
    }

    @Test("Activation that never completes times out with a typed error")
    @available(OS2022, *)
    func timesOut() async throws {
        let setup = try await ActivatedPair(configuration: .init(phoneActivation: .manual), activate: false)
        await #expect(throws: ConnectivityError.activationTimedOut) {
            try await setup.phone.activate(timeout: .milliseconds(200))
        }
        // A later attempt starts afresh and can succeed.
        let requests = setup.pair.activationRequests()
        async let activation: Void = setup.phone.activate(timeout: .seconds(60))
        #expect(try await requests.first(1) == [.phone])
        setup.pair.completeActivation(of: .phone)
        try await activation
        #expect(setup.phone.activationState == .activated)
        #expect(setup.pair.activationRequestCount(of: .phone) == 2)
    }

    @Test("A failed activation reports the session's error")
    @available(OS2022, *)
    func fails() async throws {
        let setup = try await ActivatedPair(
            configuration: .init(phoneActivation: .fails(.deviceNotPaired)),
            activate: false
        )
        await #expect(throws: ConnectivityError.deviceNotPaired) {
            try await setup.phone.activate(timeout: .seconds(60))
        }
    }

    @Test("Unsupported devices and NeverConnectivitySession fail with sessionNotSupported")
    @available(OS2022, *)
    func unsupported() async throws {
        let setup = try await ActivatedPair(configuration: .init(phoneActivation: .unsupported), activate: false)
        await #expect(throws: ConnectivityError.sessionNotSupported) {
            try await setup.phone.activate(timeout: .seconds(60))
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
    @available(OS2022, *)
    func concurrent() async throws {
        let setup = try await ActivatedPair(configuration: .init(phoneActivation: .manual), activate: false)
        let requests = setup.pair.activationRequests()
        async let first: Void = setup.phone.activate(timeout: .seconds(60))
        async let second: Void = setup.phone.activate(timeout: .seconds(60))
        // Whichever call comes first asks the session; the other joins it, or finds the session activated.
        #expect(try await requests.first(1) == [.phone])
        setup.pair.completeActivation(of: .phone)
        _ = try await (first, second)
        #expect(setup.pair.activationRequestCount(of: .phone) == 1)
        #expect(setup.phone.activationState == .activated)
    }

    @Test("Sends made while activation is in progress wait for it, then go out in call order")
    @available(OS2022, *)
    func sendsWaitForActivation() async throws {
        let setup = try await ActivatedPair(configuration: .init(phoneActivation: .manual), activate: false)
        try await setup.watch.activate(timeout: .seconds(60))
        try setup.phone.activate()
        #expect(setup.pair.activationRequestCount(of: .phone) == 1)
        let outcomes = Broadcast<Int>()
        let finished = outcomes.subscribe()
        // Order is under test, not timing: a reply may be slow on a loaded machine.
        let patient = SendOptions(replyTimeout: .seconds(60))
        for index in 0..<3 {
            setup.phone.send(["index": index], options: patient) { result in
                if case .success(let sent) = result, sent.transport == .message { outcomes.send(index) }
            }
        }
        async let awaited = setup.phone.send(["index": 3], options: patient)
        setup.pair.completeActivation(of: .phone)
        var indices: [Int] = []
        for _ in 0..<4 {
            let received = try await setup.watchEvents.nextMessage()
            // The watch answers each message at once, so no completion depends on when an unanswered reply
            // handler happens to be released (which acknowledges it).
            try received.reply?.send(["ok": true])
            indices.append(try #require(received.message["index"] as? Int))
        }
        #expect(indices == [0, 1, 2, 3])
        #expect(try await awaited.transport == .message)
        // Each send completes as a live message; completions come as the replies do, in no promised order.
        #expect(try await finished.first(3).sorted() == [0, 1, 2])
    }

    @Test("Sends held for an activation that fails or times out fail with sessionNotActivated")
    @available(OS2022, *)
    func heldSendsFail() async throws {
        let setup = try await ActivatedPair(configuration: .init(phoneActivation: .manual), activate: false)
        let requests = setup.pair.activationRequests()
        let activation = Task { try await setup.phone.activate(timeout: .milliseconds(300)) }
        #expect(try await requests.first(1) == [.phone])
        await #expect(throws: ConnectivityError.sessionNotActivated) { try await setup.phone.send(["x": 1]) }
        await #expect(throws: ConnectivityError.activationTimedOut) { try await activation.value }

        setup.pair.setActivationBehavior(.fails(.deviceNotPaired), for: .phone)
        try setup.phone.activate()
        await #expect(throws: ConnectivityError.sessionNotActivated) { try await setup.phone.send(["x": 2]) }
    }

    @Test("A send cancelled while it waits for the activation is never sent")
    @available(OS2022, *)
    func cancelledWhileHeld() async throws {
        let setup = try await ActivatedPair(configuration: .init(phoneActivation: .manual), activate: false)
        try await setup.watch.activate(timeout: .seconds(60))
        try setup.phone.activate()
        let held = Task { try await setup.phone.send(["cancelled": true]) }
        held.cancel()
        await #expect(throws: ConnectivityError.cancelled) { try await held.value }
        setup.pair.completeActivation(of: .phone)
        async let sent = setup.phone.send(["after": true])
        // The watch's first message is the later one: the cancelled send never left.
        let received = try await setup.watchEvents.nextMessage()
        #expect(received.message["after"] as? Bool == true)
        #expect(received.message["cancelled"] == nil)
        try received.reply?.send(["ok": true])
        #expect(try await sent.transport == .message)
    }

    @Test("Sending before activation fails with sessionNotActivated")
    @available(OS2022, *)
    func notActivated() async throws {
        let setup = try await ActivatedPair(activate: false)
        await #expect(throws: ConnectivityError.sessionNotActivated) { try await setup.phone.send(["x": 1]) }
    }

    @Test("Switching watches makes the phone inactive, then deactivated; the manager activates it again")
    @available(OS2022, *)
    func watchSwitch() async throws {
        let setup = try await ActivatedPair(watchKeepsMessages: false)
        #expect(setup.pair.activationRequestCount(of: .phone) == 1)
        setup.pair.simulateWatchSwitch()
        _ = try await setup.phoneEvents.next {
            if case .stateChanged(let state) = $0 { return state.activationState == .notActivated }
            return false
        }
        _ = try await setup.phoneEvents.next {
            if case .activationCompleted(.activated, nil) = $0 { return true }
            return false
        }
        #expect(setup.pair.activationRequestCount(of: .phone) == 2)
        #expect(setup.phone.state.isReachable)
        let result = try await setup.phone.send(["x": 1], options: SendOptions(replyTimeout: .seconds(60)))
        #expect(result.transport == .message)
    }

    @Test("SundialKit 2 sessions are activated again after a deactivation")
    @available(OS2022, *)
    func reactivationDecision() {
        let pair = PairedSessions()
        #expect(ConnectivityManager.reactivatesAfterDeactivation(of: pair.phone))
        #expect(ConnectivityManager.reactivatesAfterDeactivation(of: NeverConnectivitySession()))
    }
}

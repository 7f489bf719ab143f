import CourierTestSupport
import Foundation
import SundialKitConnectivity
import SundialKitTesting
import Testing

@Suite("Session health")
struct SessionHealthTests {
    static let activated = ConnectivityState(
        activationState: .activated, isReachable: true, isPaired: true, isPairedAppInstalled: true)

    static func sent(_ transport: MessageTransport) -> ConnectivityEvent {
        .sendCompleted(ConnectivitySendResult(message: [:], context: .applicationContext, transport: transport))
    }

    @Test("Accepted transfers are pending until finished, in either order of the two reports")
    func pendingTransfers() {
        var health = SessionHealth(state: Self.activated)
        health = health.applying(Self.sent(.userInfo)).applying(Self.sent(.file)).applying(Self.sent(.currentUserInfo))
        #expect(health.pendingTransfers == 3)
        #expect(!health.isHealthy)
        health = health.applying(.transferFinished(.userInfo, nil)).applying(.transferFinished(.file, nil))
        #expect(health.pendingTransfers == 1)
        // A finished report that comes before its acceptance.
        health = health.applying(.transferFinished(.userInfo, nil)).applying(.transferFinished(.userInfo, nil))
        #expect(health.pendingTransfers == 0)
        health = health.applying(Self.sent(.userInfo))
        #expect(health.pendingTransfers == 0)
        #expect(health.isHealthy)
        // Live messages and the context are never pending.
        #expect(health.applying(Self.sent(.message)).applying(Self.sent(.applicationContext)) == health)
    }

    @Test("The latest error of activation, sends, transfers and received files is kept; state follows events")
    func lastErrorAndState() {
        var health = SessionHealth(state: Self.activated)
        health = health.applying(.activationCompleted(.notActivated, .activationTimedOut))
        #expect(health.lastError == .activationTimedOut)
        health = health.applying(
            .sendCompleted(ConnectivitySendResult(message: [:], context: .failure(ConnectivityError.notReachable))))
        #expect(health.lastError == .notReachable)
        health = health.applying(Self.sent(.userInfo)).applying(.transferFinished(.userInfo, .transferTimedOut))
        #expect(health.lastError == .transferTimedOut)
        #expect(health.pendingTransfers == 0)
        health = health.applying(.receiveFailed(.fileNotAccessible)).applying(Self.sent(.message))
        #expect(health.lastError == .fileNotAccessible)
        var unreachable = Self.activated
        unreachable.isReachable = false
        health = health.applying(.reachabilityReported(unreachable))
        #expect(!health.isReachable)
        #expect(health.activationState == .activated)
        #expect(health.description.contains("last error fileNotAccessible"))
    }

    @Test("The stream: activation, a queued transfer while out of range, its delivery, and a failed send")
    @available(OS2022, *)
    func stream() async throws {
        let pair = PairedSessions()
        let phone = ConnectivityManager(session: pair.phone)
        let watch = ConnectivityManager(session: pair.watch)
        let updates = phone.healthUpdates()
        let first = try await updates.firstValue(within: .seconds(60)) { _ in true }
        #expect(first?.activationState == .notActivated)
        try await phone.activate(timeout: .seconds(60))
        try await watch.activate(timeout: .seconds(60))
        _ = try await updates.firstValue(within: .seconds(60)) { $0.isReachable }

        pair.setLinkUp(false)
        _ = try await updates.firstValue(within: .seconds(60)) { !$0.isReachable }
        let report = try await phone.deliver(["queued": 1])
        #expect(report.transport == .userInfo)
        let queued = try await updates.firstValue(within: .seconds(60)) { $0.pendingTransfers == 1 }
        #expect(queued?.lastError == nil)
        #expect(phone.health.pendingTransfers == 1)

        pair.setLinkUp(true)
        let delivered = try await updates.firstValue(within: .seconds(60)) {
            $0.pendingTransfers == 0 && $0.isReachable
        }
        #expect(delivered?.isHealthy == true)

        pair.inject(.init(.deliveryFailed), into: .message, from: .phone)
        _ = try? await phone.send(["x": 1])
        let failed = try await updates.firstValue(within: .seconds(60)) { $0.lastError != nil }
        #expect(failed?.lastError == .deliveryFailed)
    }

    @Test("Each update differs from the one before: events that change nothing yield nothing")
    @available(OS2022, *)
    func distinctUpdates() async throws {
        let setup = try await ActivatedPair(watchKeepsMessages: false)
        let updates = setup.phone.healthUpdates()
        // Events that change nothing (a live send, a reachability report with no change) yield nothing new.
        try await setup.phone.send(["a": 1])
        try await setup.phone.send(["b": 2])
        setup.pair.setLinkUp(false)
        let seen = try await withTimeout(.seconds(60)) {
            var seen: [SessionHealth] = []
            for await health in updates {
                seen.append(health)
                if !health.isReachable { break }
            }
            return seen
        }
        #expect(seen.count == 2)
        #expect(zip(seen, seen.dropFirst()).allSatisfy { $0 != $1 })
    }
}

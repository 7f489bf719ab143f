import CourierTestSupport
import Foundation
import SundialKitConnectivity
import SundialKitTesting
import Testing

@Suite("Delivery policy over PairedSessions")
struct DeliveryTests {
    /// Retries a millisecond apart, so that tests do not wait.
    @available(OS2022, *)
    static func quick(_ chain: [MessageTransport] = [.message, .userInfo, .applicationContext], tries: Int = 3)
        -> DeliveryPolicy
    {
        DeliveryPolicy(
            chain: chain, retry: RetryPolicy(maxAttempts: tries, initialBackoff: .milliseconds(1)),
            replyTimeout: .seconds(30))
    }

    @Test("Reachable: a live message, answered, with no failed try")
    @available(OS2022, *)
    func live() async throws {
        let setup = try await ActivatedPair(watchKeepsMessages: false)
        let report = try await setup.phone.deliver(["ping": 1], policy: Self.quick())
        #expect(report.transport == .message)
        #expect(report.wasDeliveredLive)
        #expect(report.result.context.reply?.isEmpty == true)
        #expect(report.failedAttempts.isEmpty)
    }

    @Test("Failed live tries are retried; the try that succeeds is reported with the failures before it")
    @available(OS2022, *)
    func retried() async throws {
        let setup = try await ActivatedPair(watchKeepsMessages: false)
        setup.pair.inject(.init(.deliveryFailed), into: .message, from: .phone, count: 2)
        let report = try await setup.phone.deliver(["ping": 1], policy: Self.quick())
        #expect(report.transport == .message)
        #expect(
            report.failedAttempts == [
                DeliveryAttempt(transport: .message, error: .deliveryFailed),
                DeliveryAttempt(transport: .message, error: .deliveryFailed),
            ])
    }

    @Test("Live tries used up: the message is queued as user info and reaches the watch")
    @available(OS2022, *)
    func fallsBackToUserInfo() async throws {
        let setup = try await ActivatedPair()
        setup.pair.inject(.init(.messageReplyTimedOut), into: .message, from: .phone, count: 3)
        let report = try await setup.phone.deliver(["step": 3], policy: Self.quick())
        #expect(report.transport == .userInfo)
        #expect(report.failedAttempts.map(\.transport) == [.message, .message, .message])
        let received = try await setup.watchEvents.nextMessage()
        #expect(received.transport == .userInfo)
        #expect(received.message["step"] as? Int == 3)
    }

    @Test("Out of range: user info at once, delivered when the link is back")
    @available(OS2022, *)
    func unreachableQueues() async throws {
        let setup = try await ActivatedPair()
        setup.pair.setLinkUp(false)
        _ = try await setup.phoneEvents.next { $0.reachable == false }
        let report = try await setup.phone.deliver(["queued": true], policy: Self.quick())
        #expect(report.transport == .userInfo)
        #expect(report.failedAttempts.isEmpty)
        #expect(setup.pair.outstandingTransfers(from: .phone) == 1)
        setup.pair.setLinkUp(true)
        let received = try await setup.watchEvents.nextMessage()
        #expect(received.transport == .userInfo)
    }

    @Test("User info refused: the application context carries the message")
    @available(OS2022, *)
    func fallsBackToContext() async throws {
        let setup = try await ActivatedPair()
        setup.pair.setLinkUp(false)
        _ = try await setup.phoneEvents.next { $0.reachable == false }
        setup.pair.inject(.init(.genericErrorCode(7), refusedAtOnce: true), into: .userInfo, from: .phone, count: 2)
        let report = try await setup.phone.deliver(["mode": "night"], policy: Self.quick(tries: 2))
        #expect(report.transport == .applicationContext)
        #expect(report.failedAttempts.map(\.transport) == [.userInfo, .userInfo])
        setup.pair.setLinkUp(true)
        let received = try await setup.watchEvents.nextMessage()
        #expect(received.transport == .applicationContext)
        #expect(received.message["mode"] as? String == "night")
    }

    @Test("Every transport used up: the last error is thrown")
    @available(OS2022, *)
    func everythingFails() async throws {
        let setup = try await ActivatedPair(watchKeepsMessages: false)
        setup.pair.inject(.init(.deliveryFailed), into: .message, from: .phone, count: 2)
        setup.pair.inject(.init(.genericErrorCode(7)), into: .applicationContext, from: .phone, count: 2)
        await #expect(throws: ConnectivityError.genericErrorCode(7)) {
            try await setup.phone.deliver(["x": 1], policy: Self.quick([.message, .applicationContext], tries: 2))
        }
    }

    @Test("Nothing usable: why, at once (a live-only chain out of range; the watch app removed)")
    @available(OS2022, *)
    func nothingUsable() async throws {
        let setup = try await ActivatedPair(watchKeepsMessages: false)
        setup.pair.setLinkUp(false)
        _ = try await setup.phoneEvents.next { $0.reachable == false }
        await #expect(throws: ConnectivityError.notReachable) {
            try await setup.phone.deliver(["x": 1], policy: Self.quick([.message]))
        }
        setup.pair.setWatchAppInstalled(false)
        _ = try await setup.phoneEvents.next { event in
            if case .stateChanged(let state) = event { !state.isPairedAppInstalled } else { false }
        }
        await #expect(throws: ConnectivityError.companionAppNotInstalled) {
            try await setup.phone.deliver(["x": 1], policy: Self.quick())
        }
    }

    @Test("A binary message goes live as bytes, and decodes on the watch")
    @available(OS2022, *)
    func binaryLive() async throws {
        let setup = try await ActivatedPair(watchKeepsMessages: false)
        let report = try await setup.phone.deliver(Reading(value: 7), policy: Self.quick())
        #expect(report.transport == .data)
        #expect(report.result.replyData?.isEmpty == true)
    }

    @Test("A delivery cancelled while it waits to retry ends with cancelled")
    @available(OS2022, *)
    func cancelledDuringBackoff() async throws {
        let setup = try await ActivatedPair(watchKeepsMessages: false)
        setup.pair.inject(.init(.deliveryFailed), into: .message, from: .phone, count: 1)
        let policy = DeliveryPolicy(retry: RetryPolicy(initialBackoff: .seconds(600)))
        let task = Task { try await setup.phone.deliver(["x": 1], policy: policy) }
        _ = try await setup.phoneEvents.next { event in
            if case .sendCompleted(let result) = event { result.context.error != nil } else { false }
        }
        task.cancel()
        await #expect(throws: ConnectivityError.cancelled) { try await task.value }
    }
}

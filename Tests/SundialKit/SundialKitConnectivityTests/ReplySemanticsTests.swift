import CourierPrimitives
import CourierTestSupport
import Foundation
import SundialKitConnectivity
import SundialKitTesting
import Testing

/// A message that expects a reply gets exactly one: the receiver's, or an automatic acknowledgement when the
/// receiver does not reply; the sender's completion runs once, whatever arrives after it.
@Suite("Reply semantics")
struct ReplySemanticsTests {
    @Test("A data message nobody answers is acknowledged with empty bytes")
    @available(OS2022, *)
    func unansweredDataIsAcknowledged() async throws {
        let setup = try await ActivatedPair(watchKeepsMessages: false)
        let result = try await setup.phone.send(Reading(value: 1))
        #expect(result.transport == .data)
        #expect(result.replyData == Data())
    }

    @Test("A receiver that drops the reply without answering acknowledges it, and only once")
    @available(OS2022, *)
    func droppedReplyAcknowledgesOnce() async throws {
        let setup = try await ActivatedPair()
        let watchEvents = setup.watchEvents
        let dropper = Task {
            // Looks at the message, then lets it (and its reply) go without answering.
            let received = try await watchEvents.nextMessage()
            #expect(received.reply?.isSent == false)
        }
        let result = try await setup.phone.send(["q": 1], options: SendOptions(replyTimeout: .seconds(60)))
        try await dropper.value
        #expect(result.transport == .message)
        #expect(result.context.reply?.isEmpty == true)
    }

    @Test("A reply after the sender timed out runs the sender's completion no second time")
    @available(OS2022, *)
    func replyAfterTimeoutRunsCompletionOnce() async throws {
        let setup = try await ActivatedPair()
        let watchEvents = setup.watchEvents
        let outcomes = Locked([Result<ConnectivitySendResult, ConnectivityError>]())
        let (settled, settle) = AsyncStream.makeStream(of: Void.self)
        let held = Task { try await watchEvents.nextMessage() }
        setup.phone.send(["q": 1], options: SendOptions(replyTimeout: .milliseconds(200))) { result in
            outcomes.withLock { $0.append(result) }
            settle.yield()
        }
        _ = try await settled.firstValue(within: .seconds(60)) { _ in true }
        let received = try await held.value
        // Answered late: the receiver accepts it, the sender has already settled.
        try received.reply?.send(["late": true])
        #expect(received.reply?.isSent == true)
        // A second round trip on the same link is answered after the late reply has been handled.
        let answerer = Task { try await watchEvents.nextMessage().reply?.send(["second": true]) }
        let second = try await setup.phone.send(["q": 2], options: SendOptions(replyTimeout: .seconds(60)))
        try await answerer.value
        #expect(second.context.reply?["second"] as? Bool == true)
        let recorded = outcomes.value
        #expect(recorded.count == 1)
        #expect(throws: ConnectivityError.messageReplyTimedOut) { try recorded.first?.get() }
    }

    @Test("A reply sent, then a second attempt and the drop of the reply, reach the sender once")
    @available(OS2022, *)
    func explicitReplyIsTheOnlyOne() async throws {
        let setup = try await ActivatedPair()
        let phoneEvents = setup.phoneEvents
        let watchEvents = setup.watchEvents
        let replier = Task {
            let received = try await watchEvents.nextMessage()
            try received.reply?.send(["first": 1])
            #expect(throws: ConnectivityError.replyAlreadySent) { try received.reply?.send(["second": 2]) }
        }
        let result = try await setup.phone.send(["q": 1], options: SendOptions(replyTimeout: .seconds(60)))
        try await replier.value
        #expect(result.context.reply?["first"] as? Int == 1)
        // The phone reports exactly one outcome for the send: the next outcome it reports is the next send's.
        let answerer = Task { try await watchEvents.nextMessage().reply?.send(["next": 1]) }
        _ = try await setup.phone.send(["q": 2], options: SendOptions(replyTimeout: .seconds(60)))
        try await answerer.value
        let first = try await phoneEvents.next { $0.sentReply != nil }
        let next = try await phoneEvents.next { $0.sentReply != nil }
        #expect(first.sentReply?["first"] as? Int == 1)
        #expect(next.sentReply?["next"] as? Int == 1)
    }
}

@available(OS2022, *)
extension ConnectivityEvent {
    fileprivate var sentReply: ConnectivityMessage? {
        guard case .sendCompleted(let sent) = self else { return nil }
        return sent.context.reply
    }
}

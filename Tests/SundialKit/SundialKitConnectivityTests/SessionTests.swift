import CourierPrimitives
import CourierTestSupport
import Foundation
import SundialKitConnectivity
import SundialKitTesting
import Testing

@Suite("Sessions")
struct SessionTests {
    @Test("NeverConnectivitySession reports nothing and refuses everything with sessionNotSupported")
    @available(OS2022, *)
    func neverSession() async throws {
        let session = NeverConnectivitySession()
        session.delegate = ConnectivityManager(session: NeverConnectivitySession())
        #expect(session.delegate == nil)
        #expect(session.activationState == .notActivated)
        #expect(!session.isReachable && !session.isPaired && !session.isPairedAppInstalled)
        #expect(session.receivedApplicationContext.isEmpty)
        #expect(throws: ConnectivityError.sessionNotSupported) { try session.transferCurrentComplicationUserInfo([:]) }
        let errors = Broadcast<ConnectivityError>()
        let received = errors.subscribe()
        session.sendMessage(["x": 1]) { _ in
        } errorHandler: {
            errors.send($0)
        }
        session.sendMessageData(Data([1])) { _ in
        } errorHandler: {
            errors.send($0)
        }
        #expect(try await received.first(2) == [.sessionNotSupported, .sessionNotSupported])
    }

    @Test("A simulated session calls a sender's reply handler even when it has no delegate")
    @available(OS2022, *)
    func repliesWithoutDelegate() async throws {
        let setup = try await ActivatedPair(watchKeepsMessages: false)
        setup.pair.phone.delegate = nil
        let replies = Broadcast<Bool>()
        let answered = replies.subscribe()
        setup.pair.phone.sendMessage(["x": 1]) { reply in
            replies.send(reply.isEmpty)
        } errorHandler: { _ in
            replies.send(false)
        }
        #expect(try await answered.first(1) == [true])
        #expect(setup.pair.session(.phone) === setup.pair.phone)
        #expect(setup.pair.session(.watch) === setup.pair.watch)
    }

    @Test("A live message to a side without a delegate fails with sessionMissingDelegate")
    @available(OS2022, *)
    func receiverWithoutDelegate() async throws {
        let setup = try await ActivatedPair()
        setup.pair.watch.delegate = nil
        await #expect(throws: ConnectivityError.sessionMissingDelegate) { try await setup.phone.send(["x": 1]) }
    }

    @Test("A simulated session checks live payloads itself: too large, not reachable, not activated")
    @available(OS2022, *)
    func simulatedChecks() async throws {
        let setup = try await ActivatedPair()
        let errors = Broadcast<ConnectivityError>()
        let reported = errors.subscribe()
        let session = setup.pair.phone
        session.sendMessageData(Data(count: 70_000)) { _ in
        } errorHandler: {
            errors.send($0)
        }
        session.sendMessage(["blob": Data(count: 70_000)]) { _ in
        } errorHandler: {
            errors.send($0)
        }
        #expect(
            try await reported.first(2).map { $0.code == .payloadTooLarge } == [true, true])
        setup.pair.setLinkUp(false)
        _ = try await setup.phoneEvents.next { $0.reachable == false }
        session.sendMessage(["x": 1]) { _ in
        } errorHandler: {
            errors.send($0)
        }
        #expect(try await reported.first(1) == [.notReachable])
        let idle = PairedSessions()
        idle.phone.sendMessage(["x": 1]) { _ in
        } errorHandler: {
            errors.send($0)
        }
        // Without a delegate nothing else is reported: the error handler is called all the same.
        #expect(try await reported.first(1) == [.sessionNotActivated])
    }

    @Test("The sent application context is kept; the companion app can be removed and reinstalled")
    @available(OS2022, *)
    func companionApp() async throws {
        let setup = try await ActivatedPair()
        try setup.phone.updateApplicationContext(["mode": "run"])
        #expect(setup.pair.phone.applicationContext["mode"] as? String == "run")
        setup.pair.setCompanionAppInstalled(false)
        _ = try await setup.watchEvents.next { $0.reachable == false }
        #expect(!setup.pair.watch.isPairedAppInstalled)
        await #expect(throws: ConnectivityError.companionAppNotInstalled) { try await setup.watch.send(["x": 1]) }
        setup.pair.setCompanionAppInstalled(true)
        _ = try await setup.watchEvents.next { $0.reachable == true }
    }
}

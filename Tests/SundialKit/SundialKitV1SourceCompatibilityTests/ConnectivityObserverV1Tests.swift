// SundialKit 1.0's `ConnectivityObserver` over a custom `ConnectivitySession` (1.0.0-beta.1,
// Sources/SundialKit/WatchConnectivity/ConnectivityObserver.swift): it becomes the session's delegate in `init`
// and again in `activate()`; activation completion, reachability and companion changes are published from
// `DispatchQueue.main.async`, reading the session then; becoming inactive or deactivated and received messages
// are published at once; `sendingMessageSubject` sends live when reachable, else as the application context when
// the counterpart app is installed, else fails with `SundialError.missingCompanion`, publishing at once.
import CourierTestSupport
import Foundation
import SundialKit
import SundialKitCombine
import Testing

@Suite("SundialKit 1.0 source compatibility: ConnectivityObserver over a custom session")
struct ConnectivityObserverV1Tests {
    @Test("The observer becomes the custom session's delegate when created, and again on activate()")
    @available(OS2022, *)
    func delegate() throws {
        let session = FakeWatchSession()
        let observer = ConnectivityObserver(session: session)
        #expect(session.delegate != nil)
        session.delegate = nil
        try observer.activate()
        #expect(session.delegate != nil)
        #expect(session.activateCalls == 1)
        try observer.activate()
        #expect(session.activateCalls == 2)
    }

    @Test("Reachability is published on the main queue at every change the session reports, even a repeat")
    @available(OS2022, *)
    func reachability() async throws {
        let session = FakeWatchSession()
        let observer = ConnectivityObserver(session: session)
        // (On Linux the main queue is not always drained by the main thread: mark the queue itself.)
        let onMain = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: onMain, value: true)
        let (values, cancellable) = collect(
            observer.isReachablePublisher.map { ($0, DispatchQueue.getSpecific(key: onMain) == true) }
        )
        defer { cancellable.cancel() }
        session.isReachable = true
        session.isReachable = true
        let received = try await values.first(2)
        #expect(received.map(\.0) == [true, true])
        #expect(received.allSatisfy { $0.1 })
    }

    @Test("A companion change publishes isPaired and isPairedAppInstalled on the main queue")
    @available(OS2022, *)
    func companion() async throws {
        let session = FakeWatchSession()
        let observer = ConnectivityObserver(session: session)
        let (installed, installedCancellable) = collect(observer.isPairedAppInstalledPublisher)
        let (paired, pairedCancellable) = collect(observer.isPairedPublisher)
        defer {
            installedCancellable.cancel()
            pairedCancellable.cancel()
        }
        session.isPairedAppInstalled = true
        #expect(try await installed.first(1) == [true])
        #expect(try await paired.first(1) == [false])
        session.isPaired = true
        #expect(try await paired.first(1) == [true])
    }

    @Test("activate() completes through the delegate: state, reachability and installation are all published")
    @available(OS2022, *)
    func activation() async throws {
        let session = FakeWatchSession()
        session.isReachable = true
        let observer = ConnectivityObserver(session: session)
        let (states, statesCancellable) = collect(observer.activationStatePublisher)
        let (reachable, reachableCancellable) = collect(observer.isReachablePublisher)
        let (installed, installedCancellable) = collect(observer.isPairedAppInstalledPublisher)
        defer {
            statesCancellable.cancel()
            reachableCancellable.cancel()
            installedCancellable.cancel()
        }
        try observer.activate()
        #expect(try await states.first(1) == [.activated])
        #expect(try await reachable.first(1) == [true])
        #expect(try await installed.first(1) == [false])
    }

    @Test("Becoming inactive or deactivated is published before the session's call returns")
    @available(OS2022, *)
    func inactiveAndDeactivated() {
        let session = FakeWatchSession()
        let observer = ConnectivityObserver(session: session)
        let states = Recorder(observer.activationStatePublisher)
        session.activationState = .inactive
        #expect(states.values == [.inactive])
        session.activationState = .notActivated
        #expect(states.values == [.inactive, .notActivated])
        // 1.0's observer left reactivation to the app: your own session is not activated again for you.
        #expect(session.activateCalls == 0)
    }

    @Test("A session that refuses to activate: activate() throws its SundialError")
    @available(OS2022, *)
    func activationRefused() {
        let session = FakeWatchSession()
        session.activationError = SundialError.sessionNotSupported
        let observer = ConnectivityObserver(session: session)
        #expect(throws: SundialError.sessionNotSupported) { try observer.activate() }
    }

    @Test("Reachable: the dictionary reaches the session as it is (a UUID too) and the reply is published")
    @available(OS2022, *)
    func sendReachable() async throws {
        let session = FakeWatchSession()
        session.isReachable = true
        let token = UUID()
        let replyToken = UUID()
        session.replyToSend = .success(["reply": replyToken])
        let observer = ConnectivityObserver(session: session)
        let replies = Recorder(observer.replyMessagePublisher)
        observer.sendingMessageSubject.send(["token": token])
        #expect(session.sentMessages.first?["token"] as? UUID == token)
        let result = try #require(replies.values.first)
        #expect(result.message["token"] as? UUID == token)
        guard case .reply(let reply) = result.context else {
            Issue.record("expected a reply, got \(result.context)")
            return
        }
        #expect(reply["reply"] as? UUID == replyToken)
    }

    @Test("Reachable, the session's send fails: the session's own error is published")
    @available(OS2022, *)
    func sendReachableFails() throws {
        let session = FakeWatchSession()
        session.isReachable = true
        session.replyToSend = .failure(FakeError(code: 7))
        let observer = ConnectivityObserver(session: session)
        let replies = Recorder(observer.replyMessagePublisher)
        observer.sendingMessageSubject.send(["n": 1])
        let result = try #require(replies.values.first)
        guard case .failure(let error) = result.context else {
            Issue.record("expected a failure, got \(result.context)")
            return
        }
        #expect(error as? FakeError == FakeError(code: 7))
    }

    @Test("Not reachable, app installed: sent as the application context, published before send returns")
    @available(OS2022, *)
    func sendApplicationContext() throws {
        let session = FakeWatchSession()
        session.isPairedAppInstalled = true
        let observer = ConnectivityObserver(session: session)
        let replies = Recorder(observer.replyMessagePublisher)
        let token = UUID()
        observer.sendingMessageSubject.send(["token": token])
        #expect(session.sentContexts.first?["token"] as? UUID == token)
        let result = try #require(replies.values.first)
        guard case .applicationContext = result.context else {
            Issue.record("expected the application context, got \(result.context)")
            return
        }
        #expect(result.message["token"] as? UUID == token)
    }

    @Test("The application context is refused: the session's own error is published before send returns")
    @available(OS2022, *)
    func sendApplicationContextFails() throws {
        let session = FakeWatchSession()
        session.isPairedAppInstalled = true
        session.contextError = FakeError(code: 3)
        let observer = ConnectivityObserver(session: session)
        let replies = Recorder(observer.replyMessagePublisher)
        observer.sendingMessageSubject.send(["n": 1])
        let result = try #require(replies.values.first)
        guard case .failure(let error) = result.context else {
            Issue.record("expected a failure, got \(result.context)")
            return
        }
        #expect(error as? FakeError == FakeError(code: 3))
    }

    @Test("No counterpart (not reachable, app not installed): SundialError.missingCompanion before send returns")
    @available(OS2022, *)
    func sendMissingCompanion() throws {
        let session = FakeWatchSession()
        let observer = ConnectivityObserver(session: session)
        let replies = Recorder(observer.replyMessagePublisher)
        observer.sendingMessageSubject.send(["n": 1])
        #expect(session.sentMessages.isEmpty)
        #expect(session.sentContexts.isEmpty)
        let result = try #require(replies.values.first)
        guard case .failure(let error) = result.context else {
            Issue.record("expected a failure, got \(result.context)")
            return
        }
        #expect(error as? SundialError == .missingCompanion)
    }

    @Test("A live message is published at once with its reply handler; replying reaches the session")
    @available(OS2022, *)
    func receiveMessage() throws {
        let session = FakeWatchSession()
        let observer = ConnectivityObserver(session: session)
        let received = Recorder(observer.messageReceivedPublisher)
        let replies = Inbox<ConnectivityMessage>()
        let token = UUID()
        session.receive(["token": token]) { reply in replies.append(reply) }
        let result = try #require(received.values.first)
        #expect(result.message["token"] as? UUID == token)
        #expect(!result.context.isApplicationContext)
        let handler = try #require(result.context.replyHandler)
        handler(["ok": true])
        #expect(replies.values.first?["ok"] as? Bool == true)
    }

    @Test("A live message nobody answers gets no reply; an answer given later reaches the session once")
    @available(OS2022, *)
    func unansweredMessage() async throws {
        let session = FakeWatchSession()
        let observer = ConnectivityObserver(session: session)
        let received = Recorder(observer.messageReceivedPublisher)
        let (reachable, cancellable) = collect(observer.isReachablePublisher)
        defer { cancellable.cancel() }
        let replies = Inbox<ConnectivityMessage>()
        session.receive(["n": 1]) { reply in replies.append(reply) }
        // Let the main queue run past everything the message caused.
        session.isReachable = true
        _ = try await reachable.first(1)
        #expect(replies.values.isEmpty)
        let handler = try #require(received.values.first?.context.replyHandler)
        handler(["late": true])
        #expect(replies.values.count == 1)
        #expect(replies.values.first?["late"] as? Bool == true)
    }

    @Test("An application context is published at once as .applicationContext")
    @available(OS2022, *)
    func receiveContext() throws {
        let session = FakeWatchSession()
        let observer = ConnectivityObserver(session: session)
        let received = Recorder(observer.messageReceivedPublisher)
        session.receiveContext(["volume": 3])
        let result = try #require(received.values.first)
        #expect(result.message["volume"] as? Int == 3)
        #expect(result.context.isApplicationContext)
        #expect(result.context.replyHandler == nil)
    }
}

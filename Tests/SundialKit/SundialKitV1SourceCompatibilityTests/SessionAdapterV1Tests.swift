// A SundialKit 1.0 session driven through `ConnectivitySessionAdapter`, the bridge to SundialKit 2's
// `ConnectivityManagedSession`: errors that are not `SundialError`s become `activationFailed` (activation) or
// `deliveryFailed` (sends), `SundialError`s pass through, and the transports 1.0 never had fail with
// `invalidParameter`. Also a 1.0 fake that omits `isPaired`, which 1.0 declared on iOS only.
import CourierTestSupport
import Foundation
import SundialKit
import SundialKitCombine
import Testing

@Suite("SundialKit 1.0 source compatibility: ConnectivitySessionAdapter")
struct SessionAdapterV1Tests {
    @Test("activate(): the session's own error becomes activationFailed; a SundialError passes through")
    @available(OS2022, *)
    func activationErrors() {
        let session = FakeWatchSession()
        let adapter = ConnectivitySessionAdapter(session)
        session.activationError = FakeError(code: 1)
        #expect(throws: ConnectivityError.self) { try adapter.activate() }
        #expect(Self.code { try adapter.activate() } == .activationFailed)
        session.activationError = SundialError.sessionNotSupported
        #expect(throws: SundialError.sessionNotSupported) { try adapter.activate() }
        session.activationError = nil
        #expect(throws: Never.self) { try adapter.activate() }
        #expect(adapter.activationState == .activated)
    }

    @Test("updateApplicationContext: the session's own error becomes deliveryFailed; a SundialError passes through")
    @available(OS2022, *)
    func contextErrors() throws {
        let session = FakeWatchSession()
        let adapter = ConnectivitySessionAdapter(session)
        session.contextError = FakeError(code: 2)
        #expect(throws: ConnectivityError.deliveryFailed) { try adapter.updateApplicationContext(["n": 1]) }
        session.contextError = SundialError.missingCompanion
        #expect(throws: SundialError.missingCompanion) { try adapter.updateApplicationContext(["n": 1]) }
        session.contextError = nil
        try adapter.updateApplicationContext(["n": 2])
        #expect(session.sentContexts.first?["n"] as? Int == 2)
    }

    @Test("sendMessage: the reply reaches replyHandler; the session's own error reaches errorHandler as deliveryFailed")
    @available(OS2022, *)
    func sendErrors() {
        let session = FakeWatchSession()
        let adapter = ConnectivitySessionAdapter(session)
        let replies = Inbox<ConnectivityMessage>()
        let errors = Inbox<ConnectivityError>()
        session.replyToSend = .success(["ok": true])
        adapter.sendMessage(["n": 1], replyHandler: { replies.append($0) }, errorHandler: { errors.append($0) })
        session.replyToSend = .failure(FakeError(code: 3))
        adapter.sendMessage(["n": 2], replyHandler: { replies.append($0) }, errorHandler: { errors.append($0) })
        session.replyToSend = .failure(SundialError.missingCompanion)
        adapter.sendMessage(["n": 3], replyHandler: { replies.append($0) }, errorHandler: { errors.append($0) })
        #expect(replies.values.count == 1)
        #expect(replies.values.first?["ok"] as? Bool == true)
        #expect(errors.values == [.deliveryFailed, .missingCompanion])
        #expect(session.sentMessages.compactMap { $0["n"] as? Int } == [1, 2, 3])
    }

    @Test("The transports a 1.0 session lacks fail with invalidParameter")
    @available(OS2022, *)
    func unsupportedTransports() throws {
        let adapter = ConnectivitySessionAdapter(FakeWatchSession())
        let errors = Inbox<ConnectivityError>()
        adapter.sendMessageData(Data([1]), replyHandler: { _ in }, errorHandler: { errors.append($0) })
        #expect(errors.values.map(\.code) == [.invalidParameter])
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        #expect(throws: ConnectivityError.self) { try adapter.transferUserInfo(["n": 1]) }
        #expect(Self.code { try adapter.transferUserInfo(["n": 1]) } == .invalidParameter)
        #expect(Self.code { try adapter.transferCurrentComplicationUserInfo(["n": 1]) } == .invalidParameter)
        #expect(Self.code { try adapter.transferFile(file, metadata: nil) } == .invalidParameter)
    }

    /// The code of the `ConnectivityError` `body` throws, or `nil` if it throws none (or another error).
    @available(OS2022, *)
    private static func code(_ body: () throws -> Void) -> ConnectivityError.Code? {
        do {
            try body()
            return nil
        } catch {
            return (error as? ConnectivityError)?.code
        }
    }

    @Test("ConnectivityManager over the adapter: activation, state, a live send, a failed send and a received context")
    @available(OS2022, *)
    func managerOverAdapter() async throws {
        let session = FakeWatchSession()
        let manager = ConnectivityManager(session: ConnectivitySessionAdapter(session))
        try manager.activate()
        #expect(manager.state.activationState == .activated)
        session.isReachable = true
        #expect(manager.state.isReachable)
        session.replyToSend = .success(["ok": true])
        let result = try await manager.send(["n": 1])
        #expect(result.context.reply?["ok"] as? Bool == true)
        #expect(session.sentMessages.first?["n"] as? Int == 1)
        session.replyToSend = .failure(FakeError(code: 4))
        await #expect(throws: ConnectivityError.deliveryFailed) { try await manager.send(["n": 2]) }
        session.receiveContext(["volume": 3])
        #expect(manager.receivedApplicationContext["volume"] as? Int == 3)
    }

    @Test("A 1.0 fake that omits isPaired conforms; isPaired reads false everywhere")
    @available(OS2022, *)
    func sessionWithoutIsPaired() async throws {
        let session = UnpairedWatchSession()
        let asProtocol: any ConnectivitySession = session
        #expect(!asProtocol.isPaired)
        #expect(!ConnectivitySessionAdapter(session).isPaired)
        let observer = ConnectivityObserver(session: session)
        let (paired, cancellable) = collect(observer.isPairedPublisher)
        defer { cancellable.cancel() }
        session.isPairedAppInstalled = true
        #expect(try await paired.first(1) == [false])
    }
}

/// A 1.0-style fake as written for watchOS or macOS, where 1.0's protocol had no `isPaired`.
@available(OS2022, *)
private final class UnpairedWatchSession: ConnectivitySession {
    var delegate: (any ConnectivitySessionDelegate)?
    var isReachable = false
    var activationState: ActivationState = .notActivated

    var isPairedAppInstalled = false {
        didSet { delegate?.sessionCompanionStateDidChange(self) }
    }

    func activate() throws {
        activationState = .activated
        delegate?.session(self, activationDidCompleteWith: .activated, error: nil)
    }

    func updateApplicationContext(_ context: ConnectivityMessage) throws {}

    func sendMessage(
        _ message: ConnectivityMessage, _ completion: @escaping (Result<ConnectivityMessage, any Error>) -> Void
    ) {
        completion(.success([:]))
    }
}

public import Foundation
public import SundialKitConnectivity

@available(OS2019, *)
extension ConnectivityObserver {
    /// The current state, read from the manager (safe from any thread; it can be ahead of the `@Published`
    /// properties while an update is on its way to the publishing queue).
    public var state: ConnectivityState { manager.state }

    /// Starts activating the session (1.0 API); the outcome arrives on the publishers. (The `async` sends made
    /// before it completes wait for it; ``sendingMessageSubject`` does not, as in 1.0.)
    /// - Throws: `ConnectivityError.sessionNotSupported` on devices without a counterpart (iPad, Mac,
    ///   Linux without a simulated session).
    public func activate() throws(ConnectivityError) {
        if let legacyAdapter {
            // 1.x: become the session's delegate again and ask it to activate, whatever its state.
            try legacyAdapter.activate()
        } else {
            try manager.activate()
        }
    }

    /// Activates the session and waits until it is activated.
    /// - Parameter timeout: How long to wait for the session.
    /// - Throws: `ConnectivityError` (not supported, timed out, cancelled, or the session's error).
    @available(OS2022, *)
    public func activate(timeout: Duration) async throws(ConnectivityError) {
        try await manager.activate(timeout: timeout)
    }

    /// Sends a dictionary and waits for the outcome; see `TransportPolicy` for the transport chosen.
    /// - Parameters:
    ///   - message: The dictionary (property-list values only).
    ///   - options: Transport choice and reply timeout.
    /// - Returns: The transport used and the reply, if any.
    /// - Throws: `ConnectivityError`.
    @discardableResult
    public func send(
        _ message: ConnectivityMessage,
        options: SendOptions = .automatic
    ) async throws(ConnectivityError) -> ConnectivitySendResult {
        try await manager.send(message, options: options)
    }

    /// Sends a typed message and waits for the outcome; a `BinaryMessagable` goes as bytes when the
    /// counterpart is reachable.
    /// - Parameters:
    ///   - message: The message.
    ///   - options: Transport choice and reply timeout.
    /// - Returns: The transport used and the reply, if any.
    /// - Throws: `ConnectivityError`.
    @discardableResult
    public func send(
        _ message: some Messagable,
        options: SendOptions = .automatic
    ) async throws(ConnectivityError) -> ConnectivitySendResult {
        try await manager.send(message, options: options)
    }

    /// Sends a typed message and decodes the counterpart's typed reply.
    /// - Parameters:
    ///   - message: The message.
    ///   - replyType: The type the counterpart replies with.
    ///   - options: Transport choice and reply timeout.
    /// - Returns: The reply.
    /// - Throws: `ConnectivityError`.
    public func send<Reply: Messagable>(
        _ message: some Messagable,
        expecting replyType: Reply.Type,
        options: SendOptions = .automatic
    ) async throws(ConnectivityError) -> Reply {
        try await manager.send(message, expecting: replyType, options: options)
    }

    /// Replaces the application context, whatever the reachability.
    /// - Parameter context: The new context.
    /// - Throws: `ConnectivityError` when it cannot be sent.
    public func updateApplicationContext(_ context: ConnectivityMessage) throws(ConnectivityError) {
        try manager.updateApplicationContext(context)
    }

    /// Queues a file transfer with metadata.
    /// - Parameters:
    ///   - file: The file to send.
    ///   - metadata: Property-list metadata.
    /// - Returns: The result (transport `.file`).
    /// - Throws: `ConnectivityError`.
    @discardableResult
    public func transferFile(
        _ file: URL,
        metadata: ConnectivityMessage? = nil
    ) throws(ConnectivityError) -> ConnectivitySendResult {
        try manager.transferFile(file, metadata: metadata)
    }
}

@available(OS2019, *)
extension ConnectivityObserver {
    /// The session the observer was created with (the 1.x session, or the manager's session).
    var session: AnyObject {
        legacyAdapter?.session ?? manager.session
    }

    /// Sends a dictionary from ``sendingMessageSubject`` as 1.0 did: live when the counterpart is reachable,
    /// as the application context when its app is installed, otherwise failing with
    /// `ConnectivityError.missingCompanion`; the outcome is published on ``replyMessagePublisher`` at once
    /// (or, for a live message, when the reply or error arrives), on the thread it happened on.
    func sendLikeV1(_ message: ConnectivityMessage) {
        let replies = replyMessageSubject
        guard let session = legacyAdapter?.session else {
            manager.sendImmediately(message) { [weak self] in self?.replyMessageSubject.send($0) }
            return
        }
        // A 1.x session gets the dictionary as it is; it is the session's job to check it.
        if session.isReachable {
            session.sendMessage(message) { result in
                replies.send(ConnectivitySendResult(message: message, context: .init(result), transport: .message))
            }
        } else if session.isPairedAppInstalled {
            do {
                try session.updateApplicationContext(message)
            } catch {
                replies.send(ConnectivitySendResult(message: message, context: .failure(error)))
                return
            }
            replies.send(
                ConnectivitySendResult(message: message, context: .applicationContext, transport: .applicationContext)
            )
        } else {
            replies.send(ConnectivitySendResult(message: message, context: .failure(SundialError.missingCompanion)))
        }
    }
}

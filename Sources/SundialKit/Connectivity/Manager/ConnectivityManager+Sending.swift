public import Foundation

extension ConnectivityManager {
    typealias SendCompletion = OnceCompletion<Result<ConnectivitySendResult, ConnectivityError>>

    /// Sends a dictionary, choosing the transport with ``TransportPolicy``, and waits for the outcome.
    ///
    /// A live message returns when the counterpart replies; a queued one when the session accepted it.
    /// - Parameters:
    ///   - message: The dictionary to send (property-list values only).
    ///   - options: Transport choice and reply timeout.
    /// - Returns: The transport used and the reply, if any.
    /// - Throws: `ConnectivityError`: not activated, not reachable, payload too large or not a property
    ///   list, reply timed out, cancelled, or what the session reported.
    @discardableResult
    @available(OS2019, *)
    public func send(
        _ message: ConnectivityMessage,
        options: SendOptions = .automatic
    ) async throws(ConnectivityError) -> ConnectivitySendResult {
        try await awaitSend(.dictionary(message), options: options)
    }

    /// Sends a typed message: bytes over `.data` for a ``BinaryMessagable`` when the counterpart is
    /// reachable, its dictionary form otherwise.
    /// - Parameters:
    ///   - message: The message.
    ///   - options: Transport choice and reply timeout.
    /// - Returns: The transport used and the reply, if any.
    /// - Throws: `ConnectivityError`, including `ConnectivityError.serialization(_:)` when the message
    ///   cannot be encoded.
    @discardableResult
    @available(OS2019, *)
    public func send(
        _ message: some Messagable,
        options: SendOptions = .automatic
    ) async throws(ConnectivityError) -> ConnectivitySendResult {
        try await awaitSend(.messagable(message), options: options)
    }

    /// Sends a typed message and decodes the counterpart's typed reply.
    /// - Parameters:
    ///   - message: The message.
    ///   - replyType: The type the counterpart replies with.
    ///   - options: Transport choice and reply timeout; the send must go live (reachable).
    /// - Returns: The decoded reply.
    /// - Throws: `ConnectivityError`; `ConnectivityError.serialization(_:)` when the reply does not
    ///   decode as `replyType`.
    @available(OS2019, *)
    public func send<Reply: Messagable>(
        _ message: some Messagable,
        expecting replyType: Reply.Type,
        options: SendOptions = .automatic
    ) async throws(ConnectivityError) -> Reply {
        let result = try await awaitSend(.messagable(message), options: options)
        let decoder = MessageDecoder(messagableTypes: [replyType])
        do throws(SerializationError) {
            let reply: any Messagable
            if let data = result.replyData {
                reply = try decoder.decodeBinary(data)
            } else if let dictionary = result.context.reply {
                reply = try decoder.decodeMessage(dictionary)
            } else {
                throw .missingField("reply (the message was queued, not delivered live)")
            }
            // The decoder knows only `Reply`, so whatever it decodes is one.
            guard let typed = reply as? Reply else { throw .unknownMessageType(Reply.key) }
            return typed
        } catch {
            throw .serialization(error)
        }
    }

    /// Sends a dictionary and reports the outcome to `completion` (and as a
    /// ``ConnectivityEvent/sendCompleted(_:)`` event).
    ///
    /// The session is called before this method returns (or, while an activation is in progress, as soon as
    /// it ends), so sends reach the session in call order.
    /// - Parameters:
    ///   - message: The dictionary to send.
    ///   - options: Transport choice and reply timeout.
    ///   - completion: Called once with the outcome.
    public func send(
        _ message: ConnectivityMessage,
        options: SendOptions = .automatic,
        completion: @escaping @Sendable (Result<ConnectivitySendResult, ConnectivityError>) -> Void
    ) {
        let pending = SendCompletion()
        pending.wait(completion)
        dispatch(.dictionary(message), options: options, pending: pending)
    }

    /// Sends a typed message and reports the outcome to `completion`; see ``send(_:options:completion:)``.
    public func send(
        _ message: some Messagable,
        options: SendOptions = .automatic,
        completion: @escaping @Sendable (Result<ConnectivitySendResult, ConnectivityError>) -> Void
    ) {
        let pending = SendCompletion()
        pending.wait(completion)
        dispatch(.messagable(message), options: options, pending: pending)
    }

    /// Replaces the application context, whatever the reachability; the outcome is also reported as a
    /// ``ConnectivityEvent/sendCompleted(_:)`` event.
    /// - Parameter context: The new context.
    /// - Throws: `ConnectivityError` when it cannot be sent.
    public func updateApplicationContext(_ context: ConnectivityMessage) throws(ConnectivityError) {
        let result: Result<ConnectivitySendResult, ConnectivityError>
        do throws(ConnectivityError) {
            result = .success(try sendQueued(.dictionary(context), options: .via(.applicationContext)))
        } catch {
            result = .failure(error)
        }
        report(result, message: context)
        _ = try result.get()
    }

    /// Queues a file transfer with metadata.
    /// - Parameters:
    ///   - file: The file to send.
    ///   - metadata: Property-list metadata.
    /// - Returns: The result (context ``ConnectivitySendContext/applicationContext``, transport `.file`).
    /// - Throws: `ConnectivityError` when the session is not ready, the counterpart is missing, the
    ///   file cannot be read, or the metadata is not a property list.
    @discardableResult
    public func transferFile(
        _ file: URL,
        metadata: ConnectivityMessage? = nil
    ) throws(ConnectivityError) -> ConnectivitySendResult {
        let result: Result<ConnectivitySendResult, ConnectivityError>
        do throws(ConnectivityError) {
            _ = try TransportPolicy.transport(for: .dictionary, options: .via(.userInfo), state: liveState)
            if let metadata {
                _ = try PropertyListValue.validatedSizeBound(of: metadata)
            }
            guard FileManager.default.isReadableFile(atPath: file.path) else {
                throw .fileNotAccessible
            }
            try session.transferFile(file, metadata: metadata)
            result = .success(
                ConnectivitySendResult(message: metadata ?? [:], context: .applicationContext, transport: .file)
            )
        } catch {
            result = .failure(error)
        }
        report(result, message: metadata ?? [:])
        return try result.get()
    }

    // MARK: - Dispatch

    /// The session's state now, for routing: the reported ``state`` can lag a change whose callback is
    /// still on its way.
    var liveState: ConnectivityState {
        Self.snapshot(of: session)
    }

    @available(OS2019, *)
    func awaitSend(
        _ outgoing: OutgoingMessage,
        options: SendOptions
    ) async throws(ConnectivityError) -> ConnectivitySendResult {
        let pending = SendCompletion()
        dispatch(outgoing, options: options, pending: pending)
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                pending.wait { continuation.resume(returning: $0) }
            }
        } onCancel: {
            self.finish(pending, .failure(.cancelled), message: [:])
        }
        return try result.get()
    }

    /// The single path every send takes: wait for an activation in progress, route, encode, check, hand to
    /// the session.
    private func dispatch(_ outgoing: OutgoingMessage, options: SendOptions, pending: SendCompletion) {
        afterActivation { [self] in
            // A send cancelled while it waited for the activation is not sent.
            guard pending.value == nil else { return }
            route(outgoing, options: options, pending: pending)
        }
    }

    private func route(_ outgoing: OutgoingMessage, options: SendOptions, pending: SendCompletion) {
        let transport: MessageTransport
        do {
            transport = try TransportPolicy.transport(for: outgoing.payload, options: options, state: liveState)
        } catch {
            finish(pending, .failure(error), message: (try? outgoing.dictionary()) ?? [:])
            return
        }
        switch transport {
        case .message:
            sendLive(outgoing, options: options, pending: pending)
        case .data:
            sendLiveData(outgoing, options: options, pending: pending)
        case .applicationContext, .userInfo, .currentUserInfo, .file:
            do {
                let result = try sendQueued(outgoing, options: .via(transport))
                finish(pending, .success(result), message: result.message)
            } catch {
                finish(pending, .failure(error), message: (try? outgoing.dictionary()) ?? [:])
            }
        }
    }

    private func sendLive(_ outgoing: OutgoingMessage, options: SendOptions, pending: SendCompletion) {
        let message: ConnectivityMessage
        do {
            message = try outgoing.dictionary()
            try PropertyListValue.checkSize(of: message, limit: Self.payloadLimit)
        } catch {
            finish(pending, .failure(error), message: (try? outgoing.dictionary()) ?? [:])
            return
        }
        pending.onTimeout(afterNanoseconds: options.replyTimeoutNanoseconds) { [weak self] in
            self?.finish(pending, .failure(.messageReplyTimedOut), message: message)
        }
        session.sendMessage(message) { [weak self] reply in
            let result = ConnectivitySendResult(message: message, context: .reply(reply), transport: .message)
            self?.finish(pending, .success(result), message: message)
        } errorHandler: { [weak self] error in
            self?.finish(pending, .failure(error), message: message)
        }
    }

    private func sendLiveData(_ outgoing: OutgoingMessage, options: SendOptions, pending: SendCompletion) {
        let data: Data
        do throws(ConnectivityError) {
            data = try outgoing.binary()
            guard data.count <= Self.payloadLimit else {
                throw .payloadTooLarge(size: data.count, limit: Self.payloadLimit)
            }
        } catch {
            finish(pending, .failure(error), message: [:])
            return
        }
        pending.onTimeout(afterNanoseconds: options.replyTimeoutNanoseconds) { [weak self] in
            self?.finish(pending, .failure(.messageReplyTimedOut), message: [:])
        }
        session.sendMessageData(data) { [weak self] reply in
            let result = ConnectivitySendResult(message: [:], context: .reply([:]), transport: .data, replyData: reply)
            self?.finish(pending, .success(result), message: [:])
        } errorHandler: { [weak self] error in
            self?.finish(pending, .failure(error), message: [:])
        }
    }

    /// Application context and user-info transfers: accepted or refused at once.
    private func sendQueued(
        _ outgoing: OutgoingMessage,
        options: SendOptions
    ) throws(ConnectivityError) -> ConnectivitySendResult {
        let transport = try TransportPolicy.transport(for: outgoing.payload, options: options, state: liveState)
        let message = try outgoing.dictionary()
        if transport.hasPayloadLimit {
            try PropertyListValue.checkSize(of: message, limit: Self.payloadLimit)
        } else {
            _ = try PropertyListValue.validatedSizeBound(of: message)
        }
        switch transport {
        case .applicationContext: try session.updateApplicationContext(message)
        case .userInfo: try session.transferUserInfo(message)
        case .currentUserInfo: try session.transferCurrentComplicationUserInfo(message)
        case .message, .data, .file:
            throw .invalidParameter("\(transport) is not a queued dictionary transport")
        }
        return ConnectivitySendResult(message: message, context: .applicationContext, transport: transport)
    }

    /// Settles a send once, and reports it before the sender resumes: a send's outcome event comes before the
    /// events of whatever the sender does next.
    private func finish(
        _ pending: SendCompletion,
        _ result: Result<ConnectivitySendResult, ConnectivityError>,
        message: ConnectivityMessage
    ) {
        pending.complete(result) { report(result, message: message) }
    }

    private func report(_ result: Result<ConnectivitySendResult, ConnectivityError>, message: ConnectivityMessage) {
        switch result {
        case .success(let sent):
            relay.send(.sendCompleted(sent))
        case .failure(let error):
            relay.send(.sendCompleted(ConnectivitySendResult(message: message, context: .failure(error))))
        }
    }
}

extension ConnectivityManager {
    /// Sends a dictionary the way SundialKit 1.x's `sendingMessageSubject` did: at once, without waiting for an
    /// activation, live when the counterpart is reachable, as the application context when its app is
    /// installed, and otherwise (also before activation) failing with `ConnectivityError.missingCompanion`. The
    /// payload is checked (property-list types, size) before it reaches the session. `completion` is called once: before this
    /// method returns unless the send went live, then when the reply or error arrives. No event is reported.
    /// - Parameters:
    ///   - message: The dictionary to send.
    ///   - completion: Called once with the outcome.
    package func sendImmediately(
        _ message: ConnectivityMessage,
        completion: @escaping @Sendable (ConnectivitySendResult) -> Void
    ) {
        let state = liveState
        let failure = { @Sendable (error: ConnectivityError, transport: MessageTransport?) in
            completion(ConnectivitySendResult(message: message, context: .failure(error), transport: transport))
        }
        // A `WCSession` that is not activated reports neither, so 1.x failed such a send this way too.
        guard state.activationState != .notActivated, state.isReachable || state.isPairedAppInstalled else {
            failure(.missingCompanion, nil)
            return
        }
        let transport: MessageTransport = state.isReachable ? .message : .applicationContext
        do throws(ConnectivityError) {
            try PropertyListValue.checkSize(of: message, limit: Self.payloadLimit)
            if transport == .applicationContext {
                try session.updateApplicationContext(message)
            }
        } catch {
            failure(error, transport)
            return
        }
        guard transport == .message else {
            completion(ConnectivitySendResult(message: message, context: .applicationContext, transport: transport))
            return
        }
        session.sendMessage(message) { reply in
            completion(ConnectivitySendResult(message: message, context: .reply(reply), transport: .message))
        } errorHandler: { error in
            failure(error, .message)
        }
    }
}

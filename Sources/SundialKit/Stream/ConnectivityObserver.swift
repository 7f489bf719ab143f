import CourierPrimitives
public import Foundation
public import SundialKitConnectivity

/// iPhone ↔ Apple Watch connectivity as `AsyncStream`s and `async` calls.
///
/// ```swift
/// let observer = ConnectivityObserver(messageDecoder: MessageDecoder(messagableTypes: [ColorMessage.self]))
/// try await observer.activate()
/// Task {
///     for await isReachable in observer.reachabilityStream() { print("reachable:", isReachable) }
/// }
/// let result = try await observer.send(ColorMessage(red: 1, green: 0.5, blue: 0))
/// ```
///
/// Every stream sees events in the order the session produced them. State streams start with the current
/// value. Streams buffer what their consumer has not read yet; a received live message keeps its reply
/// open while any stream holds it (see ``ConnectivityReply``), and is acknowledged at once when no stream
/// is subscribed: subscribe before the messages you want to answer can arrive.
public actor ConnectivityObserver {
    /// The manager doing the work; use it for callback-style access.
    public nonisolated let manager: ConnectivityManager

    /// Decodes received messages for ``typedMessageStream()``.
    public nonisolated let messageDecoder: MessageDecoder?

    private nonisolated let states = Broadcast<ConnectivityState>(replayLatest: true)
    private nonisolated let messages = FanOut<ConnectivityReceiveResult>()
    private nonisolated let sendResults = FanOut<ConnectivitySendResult>()
    private nonisolated let files = FanOut<ConnectivityFile>()
    private nonisolated let activations = FanOut<Result<ActivationState, ConnectivityError>>()
    private nonisolated let subscription: ConnectivityEventSubscription

    /// Creates an observer over a manager.
    /// - Parameters:
    ///   - manager: The manager (its session's delegate).
    ///   - messageDecoder: Decodes messages for ``typedMessageStream()``.
    public init(manager: ConnectivityManager, messageDecoder: MessageDecoder? = nil) {
        self.manager = manager
        self.messageDecoder = messageDecoder
        let states = states
        let messages = messages
        let sendResults = sendResults
        let files = files
        let activations = activations
        subscription = manager.addEventHandler(replayingState: true) { event in
            switch event {
            case .stateChanged(let state): states.send(state)
            case .messageReceived(let received): messages.send(received)
            case .sendCompleted(let result): sendResults.send(result)
            case .fileReceived(let file): files.send(file)
            case .activationCompleted(let state, let error):
                activations.send(error.map { .failure($0) } ?? .success(state))
            case .receiveFailed, .transferFinished: break
            }
        }
    }

    /// Creates an observer over any session (a ``WatchConnectivitySession``, a
    /// `SundialKitTesting.SimulatedSession`, a ``NeverConnectivitySession``).
    public init(session: any ConnectivitySession, messageDecoder: MessageDecoder? = nil) {
        self.init(manager: ConnectivityManager(session: session), messageDecoder: messageDecoder)
    }

    /// Creates an observer for this device's session (WatchConnectivity on iPhone and Apple Watch).
    public init(messageDecoder: MessageDecoder? = nil) {
        self.init(manager: ConnectivityManager(), messageDecoder: messageDecoder)
    }

    deinit {
        subscription.cancel()
        states.finish()
        messages.finish()
        sendResults.finish()
        files.finish()
        activations.finish()
    }

    // MARK: - Lifecycle

    /// Activates the session and waits until it is activated.
    /// - Parameter timeout: How long to wait for the session.
    /// - Throws: ``ConnectivityError`` (not supported, timed out, cancelled, or the session's error).
    public func activate(timeout: Duration = .seconds(30)) async throws(ConnectivityError) {
        try await manager.activate(timeout: timeout)
    }

    /// The current state.
    public nonisolated var state: ConnectivityState { manager.state }

    /// The latest application context received (empty if none).
    public nonisolated var receivedApplicationContext: ConnectivityMessage { manager.receivedApplicationContext }

    // MARK: - Streams

    /// Every state change, starting with the current state.
    public nonisolated func stateStream() -> AsyncStream<ConnectivityState> {
        states.subscribe()
    }

    /// Activation state changes, starting with the current one.
    public nonisolated func activationStates() -> AsyncStream<ActivationState> {
        distinct { $0.activationState }
    }

    /// Each activation outcome: the resulting state, or the error.
    public nonisolated func activationResults() -> AsyncStream<Result<ActivationState, ConnectivityError>> {
        activations.subscribe()
    }

    /// Reachability changes, starting with the current value.
    public nonisolated func reachabilityStream() -> AsyncStream<Bool> {
        distinct { $0.isReachable }
    }

    /// Counterpart-app-installed changes, starting with the current value.
    public nonisolated func pairedAppInstalledStream() -> AsyncStream<Bool> {
        distinct { $0.isPairedAppInstalled }
    }

    /// Paired changes, starting with the current value (always `true` on the watch).
    public nonisolated func pairedStream() -> AsyncStream<Bool> {
        distinct { $0.isPaired }
    }

    /// Every received message (live, application context, user info), raw.
    public nonisolated func messageStream() -> AsyncStream<ConnectivityReceiveResult> {
        messages.subscribe()
    }

    /// Received messages decoded with ``messageDecoder``; messages it cannot decode are left out (they
    /// still appear in ``messageStream()`` and ``decodingFailures()``).
    public nonisolated func typedMessageStream() -> AsyncStream<any Messagable> {
        let decoder = messageDecoder
        return transformed(messages.subscribe()) { received in
            try? decoder?.decode(received)
        }
    }

    /// Received messages of one type.
    public nonisolated func messages<Message: Messagable>(of type: Message.Type) -> AsyncStream<Message> {
        let decoder = MessageDecoder(messagableTypes: [type])
        return transformed(messages.subscribe()) { received in
            try? decoder.decode(received) as? Message
        }
    }

    /// Why received messages could not be decoded with ``messageDecoder``.
    public nonisolated func decodingFailures() -> AsyncStream<SerializationError> {
        let decoder = messageDecoder
        return transformed(messages.subscribe()) { received in
            guard let decoder else { return nil }
            do throws(SerializationError) {
                _ = try decoder.decode(received)
                return nil
            } catch {
                return error
            }
        }
    }

    /// The outcome of every send, in the order they finished.
    public nonisolated func sendResultStream() -> AsyncStream<ConnectivitySendResult> {
        sendResults.subscribe()
    }

    /// Received files (moved out of the session's reach: they are yours to keep or delete).
    public nonisolated func fileStream() -> AsyncStream<ConnectivityFile> {
        files.subscribe()
    }

    // MARK: - Sending

    /// Sends a dictionary; see ``TransportPolicy`` for the transport chosen.
    /// - Returns: The transport used and the reply, if any.
    /// - Throws: ``ConnectivityError``.
    @discardableResult
    public nonisolated func send(
        _ message: ConnectivityMessage,
        options: SendOptions = .automatic
    ) async throws(ConnectivityError) -> ConnectivitySendResult {
        try await manager.send(message, options: options)
    }

    /// Sends a typed message; a ``BinaryMessagable`` goes as bytes when the counterpart is reachable.
    /// - Returns: The transport used and the reply, if any.
    /// - Throws: ``ConnectivityError``.
    @discardableResult
    public nonisolated func send(
        _ message: some Messagable,
        options: SendOptions = .automatic
    ) async throws(ConnectivityError) -> ConnectivitySendResult {
        try await manager.send(message, options: options)
    }

    /// Sends a typed message and decodes the typed reply.
    /// - Returns: The reply.
    /// - Throws: ``ConnectivityError``.
    public nonisolated func send<Reply: Messagable>(
        _ message: some Messagable,
        expecting replyType: Reply.Type,
        options: SendOptions = .automatic
    ) async throws(ConnectivityError) -> Reply {
        try await manager.send(message, expecting: replyType, options: options)
    }

    /// Replaces the application context.
    /// - Throws: ``ConnectivityError``.
    public nonisolated func updateApplicationContext(_ context: ConnectivityMessage) throws(ConnectivityError) {
        try manager.updateApplicationContext(context)
    }

    /// Queues a file transfer with metadata.
    /// - Throws: ``ConnectivityError``.
    @discardableResult
    public nonisolated func transferFile(
        _ file: URL,
        metadata: ConnectivityMessage? = nil
    ) throws(ConnectivityError) -> ConnectivitySendResult {
        try manager.transferFile(file, metadata: metadata)
    }

    // MARK: - Helpers

    private nonisolated func distinct<Value: Equatable & Sendable>(
        _ value: @escaping @Sendable (ConnectivityState) -> Value
    ) -> AsyncStream<Value> {
        let source = states.subscribe()
        return AsyncStream { continuation in
            let task = Task {
                var last: Value?
                for await state in source {
                    let current = value(state)
                    if current != last {
                        last = current
                        continuation.yield(current)
                    }
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    private nonisolated func transformed<Input: Sendable, Output: Sendable>(
        _ source: AsyncStream<Input>,
        _ transform: @escaping @Sendable (Input) -> Output?
    ) -> AsyncStream<Output> {
        AsyncStream { continuation in
            let task = Task {
                for await input in source {
                    if let output = transform(input) {
                        continuation.yield(output)
                    }
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}

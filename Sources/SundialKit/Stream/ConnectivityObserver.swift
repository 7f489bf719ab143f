import CourierPrimitives
import Foundation
public import SundialKitConnectivity

/// iPhone ↔ Apple Watch connectivity as `AsyncStream`s and `async` calls.
///
/// ```swift
/// let observer = ConnectivityObserver(messageDecoder: MessageDecoder(messagableTypes: [ColorMessage.self]))
/// try await observer.activate()
/// Task {
///     for await isReachable in await observer.reachabilityStream() { print("reachable:", isReachable) }
/// }
/// let result = try await observer.send(ColorMessage(red: 1, green: 0.5, blue: 0))
/// ```
///
/// Every stream sees events in the order the session produced them. State streams start with the current
/// value. Streams buffer what their consumer has not read yet; a received live message keeps its reply
/// open while any stream holds it (see `ConnectivityReply`), and is acknowledged at once when no stream
/// is subscribed: subscribe before the messages you want to answer can arrive.
///
/// The stream methods are isolated to the actor (`await observer.messageStream()`); each has subscribed when it
/// returns. ``activationStateStream`` and ``isReachableStream`` are the same streams as properties, readable
/// without `await`. `ConnectivityStream` is another name for this type.
@available(OS2019, *)
public actor ConnectivityObserver {
    /// The manager doing the work; use it for callback-style access.
    public nonisolated let manager: ConnectivityManager

    /// Decodes received messages for ``typedMessageStream()``.
    public nonisolated let messageDecoder: MessageDecoder?

    nonisolated let states = Broadcast<ConnectivityState>(replayLatest: true)
    nonisolated let messages = FanOut<ConnectivityReceiveResult>()
    nonisolated let sendResults = FanOut<ConnectivitySendResult>()
    nonisolated let files = FanOut<ConnectivityFile>()
    nonisolated let activations = FanOut<Result<ActivationState, ConnectivityError>>()
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
            case .receiveFailed, .transferFinished, .companionStateReported, .reachabilityReported: break
            }
        }
    }

    /// Creates an observer over any session (a `WatchConnectivitySession`, a
    /// `SundialKitTesting.SimulatedSession`, a `NeverConnectivitySession`).
    public init(session: any ConnectivityManagedSession, messageDecoder: MessageDecoder? = nil) {
        self.init(manager: ConnectivityManager(session: session), messageDecoder: messageDecoder)
    }

    /// Creates an observer over a SundialKit 1.x session, through a `ConnectivitySessionAdapter`.
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
    /// - Throws: `ConnectivityError` (not supported, timed out, cancelled, or the session's error).
    @available(OS2022, *)
    public func activate(timeout: Duration = .seconds(30)) async throws(ConnectivityError) {
        try await manager.activate(timeout: timeout)
    }

    /// The current state.
    public nonisolated var state: ConnectivityState { manager.state }

    /// The latest application context received (empty if none).
    public nonisolated var receivedApplicationContext: ConnectivityMessage { manager.receivedApplicationContext }
}

/// The name the SundialKit 2.0 design document gives the AsyncStream connectivity observer.
@available(OS2019, *)
public typealias ConnectivityStream = ConnectivityObserver

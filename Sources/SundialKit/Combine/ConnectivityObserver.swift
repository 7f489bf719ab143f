import Foundation
public import SundialKitConnectivity

#if canImport(Combine)
public import Combine
#else
@preconcurrency public import OpenCombine
#endif

/// iPhone ↔ Apple Watch connectivity as Combine publishers: the SundialKit 1.0 `ConnectivityObserver`.
///
/// The 1.0 API is unchanged: ``activate()``, ``sendingMessageSubject``, ``activationStatePublisher``,
/// ``isReachablePublisher``, ``isPairedAppInstalledPublisher``, ``isPairedPublisher``,
/// ``messageReceivedPublisher`` and ``replyMessagePublisher``. New: a public initializer taking any
/// session, typed publishers (``typedMessagePublisher``), `async` ``activate(timeout:)`` and `send`.
///
/// ```swift
/// let observer = ConnectivityObserver()
/// let cancellable = observer.isReachablePublisher
///     .receive(on: DispatchQueue.main)
///     .sink { isReachable in print(isReachable) }
/// try observer.activate()
/// observer.sendingMessageSubject.send(["message": "hello"])
/// ```
///
/// Publishers emit on the session's callback queue, in the order the session produced the events; state
/// publishers emit when the value changes. On Linux the publishers are OpenCombine's.
public final class ConnectivityObserver: @unchecked Sendable {
    // Sendable: every stored property is immutable, and subjects may be sent to from any thread.

    /// The manager doing the work.
    public let manager: ConnectivityManager

    /// Decodes received messages for ``typedMessagePublisher``.
    public let messageDecoder: MessageDecoder?

    /// Send a dictionary through this subject to send it to the counterpart (1.0 API). Each send is routed
    /// by ``TransportPolicy``; its outcome is published on ``replyMessagePublisher``.
    public let sendingMessageSubject = PassthroughSubject<ConnectivityMessage, Never>()

    private let stateSubject: CurrentValueSubject<ConnectivityState, Never>
    private let activationStateSubject = PassthroughSubject<ActivationState, Never>()
    private let isReachableSubject = PassthroughSubject<Bool, Never>()
    private let isPairedAppInstalledSubject = PassthroughSubject<Bool, Never>()
    private let isPairedSubject = PassthroughSubject<Bool, Never>()
    private let messageReceivedSubject = PassthroughSubject<ConnectivityReceiveResult, Never>()
    private let replyMessageSubject = PassthroughSubject<ConnectivitySendResult, Never>()
    private let fileReceivedSubject = PassthroughSubject<ConnectivityFile, Never>()
    private let sendingCancellable: AnyCancellable
    private let subscription: ConnectivityEventSubscription

    /// Creates an observer over a manager.
    /// - Parameters:
    ///   - manager: The manager (its session's delegate).
    ///   - messageDecoder: Decodes messages for ``typedMessagePublisher``.
    public init(manager: ConnectivityManager, messageDecoder: MessageDecoder? = nil) {
        self.manager = manager
        self.messageDecoder = messageDecoder
        let stateSubject = CurrentValueSubject<ConnectivityState, Never>(manager.state)
        self.stateSubject = stateSubject
        sendingCancellable = sendingMessageSubject.sink { message in
            manager.send(message) { _ in }
        }
        let activation = activationStateSubject
        let reachable = isReachableSubject
        let installed = isPairedAppInstalledSubject
        let paired = isPairedSubject
        let received = messageReceivedSubject
        let replies = replyMessageSubject
        let files = fileReceivedSubject
        subscription = manager.addEventHandler { event in
            switch event {
            case .stateChanged(let state):
                let previous = stateSubject.value
                stateSubject.send(state)
                if state.activationState != previous.activationState { activation.send(state.activationState) }
                if state.isReachable != previous.isReachable { reachable.send(state.isReachable) }
                if state.isPairedAppInstalled != previous.isPairedAppInstalled {
                    installed.send(state.isPairedAppInstalled)
                }
                if state.isPaired != previous.isPaired { paired.send(state.isPaired) }
            case .messageReceived(let message): received.send(message)
            case .sendCompleted(let result): replies.send(result)
            case .fileReceived(let file): files.send(file)
            case .activationCompleted, .receiveFailed, .transferFinished: break
            }
        }
    }

    /// Creates an observer over any session (a ``WatchConnectivitySession``, a
    /// `SundialKitTesting.SimulatedSession`, a ``NeverConnectivitySession``).
    public convenience init(session: any ConnectivitySession, messageDecoder: MessageDecoder? = nil) {
        self.init(manager: ConnectivityManager(session: session), messageDecoder: messageDecoder)
    }

    /// Creates an observer for this device's session: WatchConnectivity on iPhone and Apple Watch, a
    /// ``NeverConnectivitySession`` elsewhere (1.0 API).
    public convenience init() {
        self.init(manager: ConnectivityManager())
    }

    deinit {
        subscription.cancel()
        sendingCancellable.cancel()
    }

    // MARK: - 1.0 publishers

    /// Activation state changes.
    public var activationStatePublisher: AnyPublisher<ActivationState, Never> {
        activationStateSubject.eraseToAnyPublisher()
    }

    /// Reachability changes.
    public var isReachablePublisher: AnyPublisher<Bool, Never> {
        isReachableSubject.eraseToAnyPublisher()
    }

    /// Counterpart-app-installed changes.
    public var isPairedAppInstalledPublisher: AnyPublisher<Bool, Never> {
        isPairedAppInstalledSubject.eraseToAnyPublisher()
    }

    /// Paired changes (the watch is always paired).
    public var isPairedPublisher: AnyPublisher<Bool, Never> {
        isPairedSubject.eraseToAnyPublisher()
    }

    /// Received messages, with their reply handler for live messages.
    public var messageReceivedPublisher: AnyPublisher<ConnectivityReceiveResult, Never> {
        messageReceivedSubject.eraseToAnyPublisher()
    }

    /// The outcome of every send.
    public var replyMessagePublisher: AnyPublisher<ConnectivitySendResult, Never> {
        replyMessageSubject.eraseToAnyPublisher()
    }

    /// Sessions are supported on Apple Watch and on iPhones that can pair one; elsewhere this throws
    /// ``ConnectivityError/sessionNotSupported`` (1.0 API; the outcome arrives on the publishers).
    public func activate() throws(ConnectivityError) {
        try manager.activate()
    }

    // MARK: - 2.0 additions

    /// The whole state, starting with the current value.
    public var statePublisher: AnyPublisher<ConnectivityState, Never> {
        stateSubject.eraseToAnyPublisher()
    }

    /// Received messages decoded with ``messageDecoder`` (messages it cannot decode are left out).
    public var typedMessagePublisher: AnyPublisher<any Messagable, Never> {
        let decoder = messageDecoder
        return messageReceivedSubject.compactMap { try? decoder?.decode($0) }.eraseToAnyPublisher()
    }

    /// Received files.
    public var fileReceivedPublisher: AnyPublisher<ConnectivityFile, Never> {
        fileReceivedSubject.eraseToAnyPublisher()
    }

    /// The current state.
    public var state: ConnectivityState { manager.state }

    /// Activates the session and waits until it is activated.
    /// - Throws: ``ConnectivityError``.
    public func activate(timeout: Duration) async throws(ConnectivityError) {
        try await manager.activate(timeout: timeout)
    }

    /// Sends a dictionary and waits for the outcome.
    /// - Throws: ``ConnectivityError``.
    @discardableResult
    public func send(
        _ message: ConnectivityMessage,
        options: SendOptions = .automatic
    ) async throws(ConnectivityError) -> ConnectivitySendResult {
        try await manager.send(message, options: options)
    }

    /// Sends a typed message and waits for the outcome.
    /// - Throws: ``ConnectivityError``.
    @discardableResult
    public func send(
        _ message: some Messagable,
        options: SendOptions = .automatic
    ) async throws(ConnectivityError) -> ConnectivitySendResult {
        try await manager.send(message, options: options)
    }
}

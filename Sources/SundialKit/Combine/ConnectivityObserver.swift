public import Foundation
public import SundialKitConnectivity

#if canImport(Combine)
public import Combine
#else
@preconcurrency public import OpenCombine
#endif

/// iPhone ↔ Apple Watch connectivity for Combine and SwiftUI: the SundialKit 1.0 `ConnectivityObserver`, an
/// `ObservableObject`.
///
/// The 1.0 API is unchanged: ``init()``, ``activate()``, ``sendingMessageSubject``, ``activationStatePublisher``,
/// ``isReachablePublisher``, ``isPairedAppInstalledPublisher``, ``isPairedPublisher``,
/// ``messageReceivedPublisher`` and ``replyMessagePublisher``. New: `@Published` session state
/// (``activationState``, ``isReachable``, ``isPaired``, ``isPairedAppInstalled``), decoded messages
/// (``typedMessageReceived``), initializers taking a decoder or any session, and `async` `activate(timeout:)`
/// and `send`.
///
/// ```swift
/// let observer = ConnectivityObserver(messageDecoder: MessageDecoder(messagableTypes: [ColorMessage.self]))
/// try observer.activate()
/// let cancellable = observer.$isReachable.sink { isReachable in print("reachable:", isReachable) }
/// let result = try await observer.send(ColorMessage(red: 1, green: 0.5, blue: 0))
/// ```
///
/// ## Threads and order
///
/// Everything the observer publishes (the `@Published` properties and every publisher) is published on its
/// ``publishingQueue``, the main queue unless you choose otherwise, in the order the session produced the events.
/// So SwiftUI views can bind to the `@Published` properties directly, and `sink` closures written in
/// `@MainActor` code run on the main thread. For each state change the `@Published` properties are updated
/// first, then ``statePublisher`` and the 1.0 publishers emit, so a `sink` of a 1.0 publisher reads the new
/// values from the properties. (A `$property` publisher emits just before its property changes, as `@Published`
/// always does.) Use the `@Published` properties and their `$property` publishers on the publishing queue;
/// ``state`` and the other publishers may be used from any thread.
///
/// Pass `publishingQueue: nil` to publish synchronously on the session's callback queue instead (no hop;
/// useful off the main thread, in tools and in tests). A `sink` closure written in `@MainActor` code then needs
/// `.receive(on: DispatchQueue.main)` before it: Swift 6 checks at run time that a main-actor closure runs on the
/// main actor. On Linux the publishers are OpenCombine's.
///
/// ## As in 1.0
///
/// The 1.0 publishers emit each change; every field when an activation completes, `isPaired` and
/// `isPairedAppInstalled` on every companion call, and `isReachable` on every reachability call, changed or not.
/// ``sendingMessageSubject`` routes and publishes its outcome on ``replyMessagePublisher`` at once, as 1.0 did (see
/// `ConnectivityManager`'s 1.0 routing): live when reachable, else the application context when the counterpart
/// app is installed, else `SundialError.missingCompanion`, also before activation. An observer created over your
/// own 1.0 `ConnectivitySession` (``init(session:)``) publishes exactly as 1.0's did.
@available(OS2019, *)
public final class ConnectivityObserver: ObservableObject, @unchecked Sendable {
    // Sendable: the subjects may be sent to from any thread, the `@Published` properties are written only on
    // the publishing queue (or the session's serial callback queue), and the other properties are immutable
    // after `init`.

    /// The manager doing the work.
    public let manager: ConnectivityManager

    /// Decodes received messages for ``typedMessageReceived``.
    public let messageDecoder: MessageDecoder?

    /// The queue everything is published on, or `nil` for the session's callback queue.
    public let publishingQueue: DispatchQueue?

    /// Send a dictionary through this subject to send it to the counterpart (1.0 API). Each send is routed
    /// by `TransportPolicy`; its outcome is published on ``replyMessagePublisher``.
    public let sendingMessageSubject = PassthroughSubject<ConnectivityMessage, Never>()

    /// The session's activation state.
    @Published public private(set) var activationState: ActivationState

    /// Whether the counterpart app can receive live messages now.
    @Published public private(set) var isReachable: Bool

    /// Whether an Apple Watch is paired with this iPhone (always `true` on the watch).
    @Published public private(set) var isPaired: Bool

    /// Whether the counterpart app is installed.
    @Published public private(set) var isPairedAppInstalled: Bool

    let stateSubject: CurrentValueSubject<ConnectivityState, Never>
    let activationStateSubject = PassthroughSubject<ActivationState, Never>()
    let isReachableSubject = PassthroughSubject<Bool, Never>()
    let isPairedAppInstalledSubject = PassthroughSubject<Bool, Never>()
    let isPairedSubject = PassthroughSubject<Bool, Never>()
    let messageReceivedSubject = PassthroughSubject<ConnectivityReceiveResult, Never>()
    let replyMessageSubject = PassthroughSubject<ConnectivitySendResult, Never>()
    let fileReceivedSubject = PassthroughSubject<ConnectivityFile, Never>()
    private var sendingCancellable: AnyCancellable?
    private var subscription: ConnectivityEventSubscription?
    /// The 1.x session this observer was created with, if any; it then publishes as 1.x's observer did.
    let legacyAdapter: ConnectivitySessionAdapter?
    private var legacyPublisher: LegacyEventPublisher?
    /// The 1.0 fields the latest state change published that no session call has reported since (used on the
    /// publishing queue only).
    private var v1Published: V1StateFields = []

    /// Creates an observer over a manager.
    /// - Parameters:
    ///   - manager: The manager (its session's delegate).
    ///   - messageDecoder: Decodes messages for ``typedMessageReceived``.
    ///   - publishingQueue: Where to publish; `nil` publishes on the session's callback queue.
    public convenience init(
        manager: ConnectivityManager,
        messageDecoder: MessageDecoder? = nil,
        publishingQueue: DispatchQueue? = .main
    ) {
        self.init(manager: manager, messageDecoder: messageDecoder, publishingQueue: publishingQueue, legacy: nil)
    }

    init(
        manager: ConnectivityManager,
        messageDecoder: MessageDecoder?,
        publishingQueue: DispatchQueue?,
        legacy: ConnectivitySessionAdapter?
    ) {
        self.manager = manager
        self.legacyAdapter = legacy
        self.messageDecoder = messageDecoder
        self.publishingQueue = publishingQueue
        let state = manager.state
        stateSubject = CurrentValueSubject(state)
        activationState = state.activationState
        isReachable = state.isReachable
        isPaired = state.isPaired
        isPairedAppInstalled = state.isPairedAppInstalled
        // OpenCombine creates `objectWillChange` and each `$property` publisher lazily, without a lock: create
        // them now, before anything is published, so that later subscriptions cannot race an update.
        _ = objectWillChange
        _ = ($activationState, $isReachable, $isPaired, $isPairedAppInstalled)
        // The handler first gets the state as of now, so no change between the snapshot above and this line is
        // missed.
        sendingCancellable = sendingMessageSubject.sink { [weak self] message in
            self?.sendLikeV1(message)
        }
        if let legacy {
            let publisher = LegacyEventPublisher(observer: self)
            legacyPublisher = publisher
            legacy.addListener(publisher)
        }
        subscription = manager.addEventHandler(replayingState: true) { [weak self] event in
            guard let self else { return }
            if let publishingQueue = self.publishingQueue {
                publishingQueue.async { [weak self] in self?.publish(event) }
            } else {
                self.publish(event)
            }
        }
    }

    /// Creates an observer over a SundialKit 1.x session, your own type conforming to `ConnectivitySession`,
    /// that behaves as 1.x's observer did (1.0 API): it becomes the session's delegate now and at every
    /// ``activate()``; the publishers emit on every session event, activation completion, reachability and
    /// companion changes on the main queue and the others at once; ``sendingMessageSubject`` hands dictionaries to
    /// the session unchanged and publishes the outcome at once (or when the reply comes); live messages carry the
    /// session's own reply handler.
    /// - Parameter session: The 1.x session.
    public convenience init(session: any ConnectivitySession) {
        let adapter = ConnectivitySessionAdapter(session)
        self.init(
            manager: ConnectivityManager(session: adapter),
            messageDecoder: nil,
            publishingQueue: .main,
            legacy: adapter
        )
    }

    /// Creates an observer over any session (a `WatchConnectivitySession`, a
    /// `SundialKitTesting.SimulatedSession`, a `NeverConnectivitySession`).
    /// - Parameters:
    ///   - session: The session to drive.
    ///   - messageDecoder: Decodes messages for ``typedMessageReceived``.
    ///   - publishingQueue: Where to publish; `nil` publishes on the session's callback queue.
    public convenience init(
        session: any ConnectivityManagedSession,
        messageDecoder: MessageDecoder? = nil,
        publishingQueue: DispatchQueue? = .main
    ) {
        self.init(
            manager: ConnectivityManager(session: session),
            messageDecoder: messageDecoder,
            publishingQueue: publishingQueue
        )
    }

    /// Creates an observer for this device's session, decoding messages with `messageDecoder`:
    /// WatchConnectivity on iPhone and Apple Watch, a `NeverConnectivitySession` elsewhere.
    /// - Parameters:
    ///   - messageDecoder: Decodes messages for ``typedMessageReceived``.
    ///   - publishingQueue: Where to publish; `nil` publishes on the session's callback queue.
    public convenience init(messageDecoder: MessageDecoder, publishingQueue: DispatchQueue? = .main) {
        self.init(manager: ConnectivityManager(), messageDecoder: messageDecoder, publishingQueue: publishingQueue)
    }

    /// Creates an observer for this device's session: WatchConnectivity on iPhone and Apple Watch, a
    /// `NeverConnectivitySession` elsewhere (1.0 API). It publishes on the main queue.
    public convenience init() {
        self.init(manager: ConnectivityManager())
    }

    deinit {
        subscription?.cancel()
        sendingCancellable?.cancel()
    }

    /// Publishes one event: on the publishing queue, in the order the manager reported events.
    private func publish(_ event: ConnectivityEvent) {
        switch event {
        case .stateChanged(let state):
            publishState(state)
        case .messageReceived(let message):
            // A 1.x session's messages are published by the `LegacyEventPublisher`, as they arrive.
            if legacyAdapter == nil { messageReceivedSubject.send(message) }
        case .sendCompleted(let result):
            replyMessageSubject.send(result)
        case .fileReceived(let file):
            fileReceivedSubject.send(file)
        case .activationCompleted:
            // 1.0 published every field when activation completed, changed or not.
            if legacyAdapter == nil { publishReported(.all, of: stateSubject.value) }
        case .companionStateReported(let state):
            // 1.0 published both companion fields on every companion call, changed or not.
            if legacyAdapter == nil { publishReported([.isPaired, .isPairedAppInstalled], of: state) }
        case .reachabilityReported(let state):
            // 1.0 published reachability on every reachability call, changed or not.
            if legacyAdapter == nil { publishReported(.isReachable, of: state) }
        case .receiveFailed, .transferFinished:
            break
        }
    }

    /// Updates the `@Published` properties that changed, then emits the state and the 1.0 publishers.
    private func publishState(_ state: ConnectivityState) {
        let previous = stateSubject.value
        guard state != previous else { return }
        if state.activationState != activationState { activationState = state.activationState }
        if state.isReachable != isReachable { isReachable = state.isReachable }
        if state.isPaired != isPaired { isPaired = state.isPaired }
        if state.isPairedAppInstalled != isPairedAppInstalled { isPairedAppInstalled = state.isPairedAppInstalled }
        stateSubject.send(state)
        // A 1.x session's 1.0 publishers are fed by the `LegacyEventPublisher`, on every event.
        guard legacyAdapter == nil else { return }
        v1Published = V1StateFields.changed(from: previous, to: state)
        publishV1(v1Published, of: state)
    }

    /// Emits the fields a session call reported (1.0 published them on every call, changed or not), except
    /// those the state change that call caused has just published: each field once per call, even when one
    /// call changed fields that a later call reports (an uninstalled app is reported as a companion change,
    /// then as a reachability change).
    private func publishReported(_ fields: V1StateFields, of state: ConnectivityState) {
        publishV1(fields.subtracting(v1Published), of: state)
        v1Published.subtract(fields)
    }
}

import CourierPrimitives
public import Foundation

/// The connectivity domain logic, with no reactive framework: session state, activation with a
/// timeout, routing and sending with replies, and received messages, reported as ordered
/// ``ConnectivityEvent``s.
///
/// The Combine and AsyncStream observers are thin layers over one manager. Use it directly when you
/// want callbacks:
///
/// ```swift
/// let manager = ConnectivityManager(session: session)
/// let subscription = manager.addEventHandler { event in
///     if case .messageReceived(let received) = event { print(received.message) }
/// }
/// try await manager.activate(timeout: .seconds(5))
/// let result = try await manager.send(["ping": 1])
/// ```
///
/// The manager becomes the session's delegate. Events reach handlers synchronously, on the session's
/// callback queue, in the order the session produced them.
public final class ConnectivityManager: ConnectivityManagement, ConnectivityManagedSessionDelegate {
    /// WatchConnectivity's limit for a live message, live bytes, or an application context, in bytes.
    public static let payloadLimit = 65_536

    struct ObserverBox {
        weak var observer: (any ConnectivityStateObserver)?
    }

    struct Internal {
        var state: ConnectivityState
        var activation: OnceCompletion<Result<Void, ConnectivityError>>?
        var observers: [ObserverBox] = []
        /// Sends made while an activation is in progress, in call order.
        var deferredSends: [@Sendable () -> Void] = []
        var isReleasingDeferredSends = false
    }

    /// The session this manager drives.
    public let session: any ConnectivityManagedSession

    /// Where received files are moved to before they are handed over.
    public let fileInbox: URL

    let internalState: Locked<Internal>
    let relay = EventRelay<ConnectivityEvent>()
    /// The fold of every event into a ``SessionHealth``.
    let healthState: Locked<SessionHealth>

    /// Creates a manager for a session and becomes its delegate.
    /// - Parameters:
    ///   - session: The session to drive.
    ///   - fileInbox: Where received files are moved (a folder in the temporary directory by default).
    public init(session: any ConnectivityManagedSession, fileInbox: URL? = nil) {
        self.session = session
        self.fileInbox =
            fileInbox
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("SundialKitFiles", isDirectory: true)
        let state = Self.snapshot(of: session)
        internalState = Locked(Internal(state: state))
        healthState = Locked(SessionHealth(state: state))
        trackHealth()
        session.delegate = self
    }

    /// Creates a manager for a SundialKit 1.x session, through a ``ConnectivitySessionAdapter``.
    /// - Parameters:
    ///   - session: The 1.x session to drive.
    ///   - fileInbox: Where received files are moved (a folder in the temporary directory by default).
    public convenience init(session: any ConnectivitySession, fileInbox: URL? = nil) {
        self.init(session: ConnectivitySessionAdapter(session), fileInbox: fileInbox)
    }

    /// The current state.
    public var state: ConnectivityState {
        internalState.withLock { $0.state }
    }

    /// The latest application context received from the counterpart (empty if none).
    public var receivedApplicationContext: ConnectivityMessage {
        session.receivedApplicationContext
    }

    /// Adds a handler for every event from now on, called in order on the session's callback queue.
    /// - Parameters:
    ///   - replayingState: First hand the handler a ``ConnectivityEvent/stateChanged(_:)`` with the current
    ///     state, ordered before any later change.
    ///   - handler: Called with each event.
    /// - Returns: A subscription; cancel it to stop receiving events.
    public func addEventHandler(
        replayingState: Bool = false,
        _ handler: @escaping @Sendable (ConnectivityEvent) -> Void
    ) -> ConnectivityEventSubscription {
        let initial: (() -> ConnectivityEvent?)? = replayingState ? { [self] in .stateChanged(state) } : nil
        let id = relay.add(handler, initial: initial)
        return ConnectivityEventSubscription { [weak self] in self?.relay.remove(id) }
    }

    /// Registers an observer for state changes; it is held weakly.
    public func addObserver(_ observer: any ConnectivityStateObserver) {
        internalState.withLock { state in
            state.observers.removeAll { $0.observer == nil }
            state.observers.append(ObserverBox(observer: observer))
        }
    }

    /// Removes an observer.
    public func removeObserver(_ observer: any ConnectivityStateObserver) {
        internalState.withLock { state in
            state.observers.removeAll { $0.observer == nil || $0.observer === observer }
        }
    }

    /// Re-reads the session's state, and reports a change if there is one.
    func refreshState() {
        let new = Self.snapshot(of: session)
        let change: (ConnectivityState, [any ConnectivityStateObserver])? = internalState.withLock { state in
            guard state.state != new else { return nil }
            let previous = state.state
            state.state = new
            return (previous, state.observers.compactMap(\.observer))
        }
        guard let (previous, observers) = change else { return }
        relay.send(.stateChanged(new))
        for observer in observers {
            observer.connectivityStateDidChange(to: new, from: previous)
        }
    }

    static func snapshot(of session: any ConnectivityManagedSession) -> ConnectivityState {
        ConnectivityState(
            activationState: session.activationState,
            isReachable: session.isReachable,
            isPaired: session.isPaired,
            isPairedAppInstalled: session.isPairedAppInstalled
        )
    }
}

/// A registration made with ``ConnectivityManager/addEventHandler(replayingState:_:)``.
public final class ConnectivityEventSubscription: Sendable {
    private let onCancel: Locked<(@Sendable () -> Void)?>

    init(onCancel: @escaping @Sendable () -> Void) {
        self.onCancel = Locked(onCancel)
    }

    /// Stops delivering events to the handler.
    public func cancel() {
        onCancel.withLock { $0.take() }?()
    }
}

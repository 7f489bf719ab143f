import CourierPrimitives
import Foundation
import SundialKitConnectivity

/// The shared medium between the two simulated sessions.
///
/// All state sits behind one lock. Callbacks are queued onto the receiving side's serial queue while the
/// lock is held, so each side sees events in the order they happened; delegates run outside the lock.
@available(OS2019, *)
final class PairLink: Sendable {
    private struct Sessions {
        weak var phone: SimulatedSession?
        weak var watch: SimulatedSession?
    }

    let state: Locked<LinkState>
    private let sessions = Locked(Sessions())
    private let phoneQueue = DispatchQueue(label: "PairedSessions.phone")
    private let watchQueue = DispatchQueue(label: "PairedSessions.watch")
    let replyTimeoutNanoseconds: Int64
    let stagingDirectory: URL
    /// Each `activate()` call, by side, once the call has taken effect.
    let activationRequests = Broadcast<PairedSessions.Side>()

    init(configuration: PairedSessions.Configuration) {
        state = Locked(
            LinkState(
                phone: SideState(activationBehavior: configuration.phoneActivation),
                watch: SideState(activationBehavior: configuration.watchActivation),
                isPaired: configuration.isPaired,
                isWatchAppInstalled: configuration.isWatchAppInstalled,
                isCompanionAppInstalled: configuration.isCompanionAppInstalled,
                isLinkUp: configuration.isLinkUp,
                complicationBudget: configuration.complicationTransferBudget
            )
        )
        replyTimeoutNanoseconds = configuration.replyTimeoutNanoseconds
        stagingDirectory = FileManager.default.temporaryDirectory
            .appendingPathComponent("PairedSessions-\(UUID().uuidString)", isDirectory: true)
    }

    func attach(phone: SimulatedSession, watch: SimulatedSession) {
        sessions.withLock {
            $0.phone = phone
            $0.watch = watch
        }
    }

    func removeStagedFiles() {
        try? FileManager.default.removeItem(at: stagingDirectory)
    }

    // MARK: - State

    func read<Value>(_ body: (LinkState) -> Value) -> Value {
        state.withLock { body($0) }
    }

    /// Changes the pair's conditions, then reports what changed and delivers what became deliverable.
    func update(_ body: (inout LinkState) -> Void) {
        state.withLock { state in
            body(&state)
            reconcile(&state)
        }
    }

    func delegate(of side: PairedSessions.Side) -> (any ConnectivityManagedSessionDelegate)? {
        state.withLock { $0[side].delegate.value }
    }

    func setDelegate(_ delegate: (any ConnectivityManagedSessionDelegate)?, of side: PairedSessions.Side) {
        state.withLock { $0[side].delegate = WeakDelegate(value: delegate) }
    }

    // MARK: - Activation

    func activate(_ side: PairedSessions.Side) throws(ConnectivityError) {
        let behavior = state.withLock { state in
            state[side].activationRequestCount += 1
            if state[side].activationBehavior == .manual {
                state[side].isActivationPending = true
            }
            return state[side].activationBehavior
        }
        defer { activationRequests.send(side) }
        switch behavior {
        case .unsupported:
            throw .sessionNotSupported
        case .manual:
            break
        case .succeeds:
            finishActivation(of: side, error: nil)
        case .fails(let error):
            finishActivation(of: side, error: error)
        }
    }

    func completeActivation(of side: PairedSessions.Side, error: ConnectivityError?) {
        let wasPending = state.withLock { state in
            defer { state[side].isActivationPending = false }
            return state[side].isActivationPending
        }
        if wasPending {
            finishActivation(of: side, error: error)
        }
    }

    /// Activation completes asynchronously, on the side's queue, like `WCSession.activate()`.
    private func finishActivation(of side: PairedSessions.Side, error: ConnectivityError?) {
        queue(side).async { [self] in
            let activation = state.withLock { state in
                if error == nil {
                    state[side].activation = .activated
                    reconcile(&state)
                }
                return state[side].activation
            }
            guard let session = session(side) else { return }
            delegate(of: side)?.session(session, activationDidCompleteWith: activation, error: error)
        }
    }

    func deactivatePhone() {
        queue(.phone).async { [self] in
            update { $0.phone.activation = .inactive }
            if let session = session(.phone) {
                delegate(of: .phone)?.sessionDidBecomeInactive(session)
            }
            update { $0.phone.activation = .notActivated }
            if let session = session(.phone) {
                delegate(of: .phone)?.sessionDidDeactivate(session)
            }
        }
    }

    // MARK: - Queues

    func queue(_ side: PairedSessions.Side) -> DispatchQueue {
        side == .phone ? phoneQueue : watchQueue
    }

    func session(_ side: PairedSessions.Side) -> SimulatedSession? {
        sessions.withLock { side == .phone ? $0.phone : $0.watch }
    }

    /// Runs a sender's reply or error handler on the side's queue, whether or not the side has a delegate:
    /// WatchConnectivity calls the handlers it was given, delegate or not.
    func answer(_ side: PairedSessions.Side, _ body: @escaping @Sendable () -> Void) {
        queue(side).async(execute: body)
    }

    /// Runs `body` on the side's queue with its delegate, if it has one.
    func post(
        _ side: PairedSessions.Side,
        _ body: @escaping @Sendable (any ConnectivityManagedSessionDelegate, SimulatedSession) -> Void
    ) {
        queue(side).async { [self] in
            guard let session = session(side), let delegate = delegate(of: side) else { return }
            body(delegate, session)
        }
    }
}

import CourierPrimitives
import Foundation
import SundialKitConnectivity

/// The shared medium between the two simulated sessions.
///
/// All state sits behind one lock. Callbacks are queued onto the receiving side's serial queue while the
/// lock is held, so each side sees events in the order they happened; delegates run outside the lock.
final class PairLink: Sendable {
    private struct Sessions {
        weak var phone: SimulatedSession?
        weak var watch: SimulatedSession?
    }

    private let state: Locked<LinkState>
    private let sessions = Locked(Sessions())
    private let phoneQueue = DispatchQueue(label: "PairedSessions.phone")
    private let watchQueue = DispatchQueue(label: "PairedSessions.watch")
    private let replyTimeout: Duration
    let stagingDirectory: URL

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
        replyTimeout = configuration.replyTimeout
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

    func delegate(of side: PairedSessions.Side) -> (any ConnectivitySessionDelegate)? {
        state.withLock { $0[side].delegate.value }
    }

    func setDelegate(_ delegate: (any ConnectivitySessionDelegate)?, of side: PairedSessions.Side) {
        state.withLock { $0[side].delegate = WeakDelegate(value: delegate) }
    }

    // MARK: - Activation

    func activate(_ side: PairedSessions.Side) throws(ConnectivityError) {
        let behavior = state.withLock { $0[side].activationBehavior }
        switch behavior {
        case .unsupported:
            throw .sessionNotSupported
        case .manual:
            state.withLock { $0[side].isActivationPending = true }
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

    // MARK: - Live messages

    func sendLive(
        from sender: PairedSessions.Side,
        payload: LivePayload,
        transport: MessageTransport,
        onReply: @escaping @Sendable (LivePayload) -> Void,
        onError: @escaping @Sendable (ConnectivityError) -> Void
    ) {
        state.withLock { state in
            if let error = liveError(state, from: sender, payload: payload) {
                post(sender) { _, _ in onError(error) }
                return
            }
            if let fault = state[sender].takeFault(for: transport) {
                post(sender) { _, _ in
                    onError(fault.error)
                    if fault.reportedTwice {
                        onError(fault.error)
                    }
                }
                return
            }
            let id = state.nextID
            state.nextID &+= 1
            state[sender].pending[id] = PendingLive(onReply: onReply, onError: onError)
            let receiver = sender.counterpart
            queue(receiver).async { [self] in
                guard let session = session(receiver), let delegate = delegate(of: receiver) else {
                    failLive(from: sender, id: id, with: .sessionMissingDelegate)
                    return
                }
                switch payload {
                case .dictionary(let message):
                    delegate.session(session, didReceiveMessage: message) { [self] reply in
                        resolveLive(from: sender, id: id, with: .dictionary(reply))
                    }
                case .data(let data):
                    delegate.session(session, didReceiveMessageData: data) { [self] reply in
                        resolveLive(from: sender, id: id, with: .data(reply))
                    }
                }
            }
            queue(sender).asyncAfter(deadline: .now() + Self.interval(replyTimeout)) { [self] in
                failLive(from: sender, id: id, with: .messageReplyTimedOut)
            }
        }
    }

    private func liveError(_ state: LinkState, from sender: PairedSessions.Side, payload: LivePayload)
        -> ConnectivityError?
    {
        if let error = state.queueingError(from: sender) {
            return error
        }
        guard state.isReachable(sender) else { return .notReachable }
        switch payload {
        case .dictionary(let message):
            do {
                try PropertyListValue.checkSize(of: message, limit: ConnectivityManager.payloadLimit)
            } catch {
                return error
            }
        case .data(let data):
            if data.count > ConnectivityManager.payloadLimit {
                return .payloadTooLarge(size: data.count, limit: ConnectivityManager.payloadLimit)
            }
        }
        return nil
    }

    private func resolveLive(from sender: PairedSessions.Side, id: UInt64, with reply: LivePayload) {
        state.withLock { state in
            guard let pending = state[sender].pending.removeValue(forKey: id) else { return }
            post(sender) { _, _ in pending.onReply(reply) }
        }
    }

    private func failLive(from sender: PairedSessions.Side, id: UInt64, with error: ConnectivityError) {
        state.withLock { state in
            guard let pending = state[sender].pending.removeValue(forKey: id) else { return }
            post(sender) { _, _ in pending.onError(error) }
        }
    }

    // MARK: - Queued transports

    func updateApplicationContext(_ context: ConnectivityMessage, from sender: PairedSessions.Side)
        throws(ConnectivityError)
    {
        try state.withLock { (state: inout LinkState) throws(ConnectivityError) in
            if let error = state.queueingError(from: sender) {
                throw error
            }
            if let fault = state[sender].takeFault(for: .applicationContext) {
                throw fault.error
            }
            try PropertyListValue.checkSize(of: context, limit: ConnectivityManager.payloadLimit)
            state[sender].sentContext = context
            state[sender].undeliveredContext = context
            reconcile(&state)
        }
    }

    func enqueue(
        _ content: QueuedTransfer.Content,
        transport: MessageTransport,
        from sender: PairedSessions.Side
    ) throws(ConnectivityError) {
        try state.withLock { (state: inout LinkState) throws(ConnectivityError) in
            if let error = state.queueingError(from: sender) {
                throw error
            }
            if case .userInfo(let userInfo) = content {
                _ = try PropertyListValue.validatedSizeBound(of: userInfo)
            }
            let fault = state[sender].takeFault(for: transport)
            if transport == .currentUserInfo {
                guard sender == .phone else {
                    throw .invalidParameter("complication user info is sent from the iPhone")
                }
                if state.complicationBudget > 0 {
                    state.complicationBudget -= 1
                    // Ahead of ordinary transfers, behind earlier complication transfers.
                    let index = state[sender].outbox.prefix { $0.transport == .currentUserInfo }.count
                    state[sender].outbox.insert(
                        QueuedTransfer(content: content, transport: transport, fault: fault),
                        at: index
                    )
                    reconcile(&state)
                    return
                }
            }
            let queued = transport == .currentUserInfo ? MessageTransport.userInfo : transport
            state[sender].outbox.append(QueuedTransfer(content: content, transport: queued, fault: fault))
            reconcile(&state)
        }
    }

    func enqueueFile(_ file: URL, metadata: ConnectivityMessage?, from sender: PairedSessions.Side)
        throws(ConnectivityError)
    {
        if let error = read({ $0.queueingError(from: sender) }) {
            throw error
        }
        if let metadata {
            _ = try PropertyListValue.validatedSizeBound(of: metadata)
        }
        let staged = stagingDirectory.appendingPathComponent(
            "\(UUID().uuidString)-\(file.lastPathComponent)",
            isDirectory: false
        )
        do {
            try FileManager.default.createDirectory(at: stagingDirectory, withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: file, to: staged)
        } catch {
            throw .fileNotAccessible
        }
        try enqueue(.file(staged: staged, metadata: metadata, original: file), transport: .file, from: sender)
    }

    // MARK: - Reconciliation and delivery (called with the lock held)

    /// Reports reachability and companion changes, fails live messages of a side that lost
    /// reachability, and delivers queued transfers to reachable sides.
    private func reconcile(_ state: inout LinkState) {
        for side in PairedSessions.Side.allCases {
            let reachable = state.isReachable(side)
            if reachable != state[side].reportedReachable {
                state[side].reportedReachable = reachable
                post(side) { delegate, session in delegate.sessionReachabilityDidChange(session) }
                if !reachable {
                    let pending = state[side].pending.values
                    state[side].pending.removeAll()
                    post(side) { _, _ in
                        for message in pending {
                            message.onError(.notReachable)
                        }
                    }
                }
            }
            let paired = state.isPaired(for: side)
            let installed = state.isCounterpartInstalled(for: side)
            if paired != state[side].reportedPaired || installed != state[side].reportedInstalled {
                state[side].reportedPaired = paired
                state[side].reportedInstalled = installed
                if state[side].activation == .activated {
                    post(side) { delegate, session in delegate.sessionCompanionStateDidChange(session) }
                }
            }
        }
        for receiver in PairedSessions.Side.allCases where state.isReachable(receiver) {
            deliverQueued(to: receiver, state: &state)
        }
    }

    private func deliverQueued(to receiver: PairedSessions.Side, state: inout LinkState) {
        let sender = receiver.counterpart
        if let context = state[sender].undeliveredContext {
            state[sender].undeliveredContext = nil
            state[receiver].receivedContext = context
            post(receiver) { delegate, session in
                delegate.session(session, didReceiveApplicationContext: context)
            }
        }
        let outbox = state[sender].outbox
        state[sender].outbox.removeAll()
        for transfer in outbox {
            deliver(transfer, from: sender)
        }
    }

    private func deliver(_ transfer: QueuedTransfer, from sender: PairedSessions.Side) {
        let receiver = sender.counterpart
        switch transfer.content {
        case .userInfo(let userInfo):
            if let fault = transfer.fault {
                post(sender) { delegate, session in
                    delegate.session(session, didFinishUserInfoTransfer: userInfo, error: fault.error)
                }
                return
            }
            post(receiver) { delegate, session in delegate.session(session, didReceiveUserInfo: userInfo) }
            post(sender) { delegate, session in
                delegate.session(session, didFinishUserInfoTransfer: userInfo, error: nil)
            }
        case .file(let staged, let metadata, let original):
            if let fault = transfer.fault {
                try? FileManager.default.removeItem(at: staged)
                post(sender) { delegate, session in
                    delegate.session(session, didFinishFileTransfer: original, error: fault.error)
                }
                return
            }
            queue(receiver).async { [self] in
                // The receiver gets the file for the duration of the callback, then it is deleted.
                if let session = session(receiver), let delegate = delegate(of: receiver) {
                    delegate.session(session, didReceiveFile: ConnectivityFile(fileURL: staged, metadata: metadata))
                }
                try? FileManager.default.removeItem(at: staged)
            }
            post(sender) { delegate, session in
                delegate.session(session, didFinishFileTransfer: original, error: nil)
            }
        }
    }

    // MARK: - Queues

    private func queue(_ side: PairedSessions.Side) -> DispatchQueue {
        side == .phone ? phoneQueue : watchQueue
    }

    private func session(_ side: PairedSessions.Side) -> SimulatedSession? {
        sessions.withLock { side == .phone ? $0.phone : $0.watch }
    }

    /// Runs `body` on the side's queue with its delegate, if it has one.
    private func post(
        _ side: PairedSessions.Side,
        _ body: @escaping @Sendable (any ConnectivitySessionDelegate, SimulatedSession) -> Void
    ) {
        queue(side).async { [self] in
            guard let session = session(side), let delegate = delegate(of: side) else { return }
            body(delegate, session)
        }
    }

    private static func interval(_ duration: Duration) -> DispatchTimeInterval {
        let (seconds, attoseconds) = duration.components
        let nanoseconds = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        guard !nanoseconds.overflow, nanoseconds.partialValue < Int64(Int.max) else { return .never }
        return .nanoseconds(Int(nanoseconds.partialValue + attoseconds / 1_000_000_000))
    }
}

import Foundation
import SundialKitConnectivity

@available(OS2019, *)
extension PairLink {
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
            if let fault, fault.refusedAtOnce {
                throw fault.error
            }
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
    func reconcile(_ state: inout LinkState) {
        for side in PairedSessions.Side.allCases {
            let reachable = state.isReachable(side)
            if reachable != state[side].reportedReachable {
                state[side].reportedReachable = reachable
                post(side) { delegate, session in delegate.sessionReachabilityDidChange(session) }
                if !reachable {
                    let pending = state[side].pending.values
                    state[side].pending.removeAll()
                    answer(side) {
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
}

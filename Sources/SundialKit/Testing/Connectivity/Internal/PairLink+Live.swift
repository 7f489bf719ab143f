import CourierPrimitives
import Foundation
import SundialKitConnectivity

@available(OS2019, *)
extension PairLink {
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
                answer(sender) { onError(error) }
                return
            }
            if let fault = state[sender].takeFault(for: transport) {
                answer(sender) {
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
            queue(sender).asyncAfter(
                deadline: .now() + DurationConversion.dispatchInterval(nanoseconds: replyTimeoutNanoseconds)
            ) { [self] in
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
            answer(sender) { pending.onReply(reply) }
        }
    }

    private func failLive(from sender: PairedSessions.Side, id: UInt64, with error: ConnectivityError) {
        state.withLock { state in
            guard let pending = state[sender].pending.removeValue(forKey: id) else { return }
            answer(sender) { pending.onError(error) }
        }
    }
}

/// The 1.x delegate a ``ConnectivitySessionAdapter`` installs on its session: it forwards each event to the
/// adapter's 2.x delegate, then to the adapter's listeners.
final class ConnectivitySessionBridge: ConnectivitySessionDelegate {
    weak var adapter: ConnectivitySessionAdapter?

    func session(
        _ session: any ConnectivitySession,
        activationDidCompleteWith activationState: ActivationState,
        error: (any Error)?
    ) {
        forward { adapter, delegate in
            let mapped = error.map { $0 as? ConnectivityError ?? .activationFailed(String(describing: $0)) }
            delegate?.session(adapter, activationDidCompleteWith: activationState, error: mapped)
        } legacy: {
            $0.session(session, activationDidCompleteWith: activationState, error: error)
        }
    }

    func sessionDidBecomeInactive(_ session: any ConnectivitySession) {
        forward {
            $1?.sessionDidBecomeInactive($0)
        } legacy: {
            $0.sessionDidBecomeInactive(session)
        }
    }

    func sessionDidDeactivate(_ session: any ConnectivitySession) {
        forward {
            $1?.sessionDidDeactivate($0)
        } legacy: {
            $0.sessionDidDeactivate(session)
        }
    }

    func sessionCompanionStateDidChange(_ session: any ConnectivitySession) {
        forward {
            $1?.sessionCompanionStateDidChange($0)
        } legacy: {
            $0.sessionCompanionStateDidChange(session)
        }
    }

    func sessionReachabilityDidChange(_ session: any ConnectivitySession) {
        forward {
            $1?.sessionReachabilityDidChange($0)
        } legacy: {
            $0.sessionReachabilityDidChange(session)
        }
    }

    func session(
        _ session: any ConnectivitySession,
        didReceiveMessage message: ConnectivityMessage,
        replyHandler: @escaping ConnectivityHandler
    ) {
        guard let adapter else { return }
        let (delegate, listeners) = adapter.recipients()
        // A listener (a 1.x observer) owns live messages, as in 1.x: the reply handler is the session's own,
        // called only when the app replies. Without one, the 2.x delegate gets them (and acknowledges a message
        // nobody answers).
        guard listeners.isEmpty else {
            for listener in listeners {
                listener.session(session, didReceiveMessage: message, replyHandler: replyHandler)
            }
            return
        }
        delegate?.session(adapter, didReceiveMessage: message, replyHandler: replyHandler)
    }

    func session(
        _ session: any ConnectivitySession,
        didReceiveApplicationContext applicationContext: ConnectivityMessage,
        error: (any Error)?
    ) {
        adapter?.state.withLock { $0.receivedApplicationContext = applicationContext }
        forward {
            $1?.session($0, didReceiveApplicationContext: applicationContext)
        } legacy: {
            $0.session(session, didReceiveApplicationContext: applicationContext, error: error)
        }
    }

    private func forward(
        _ body: (ConnectivitySessionAdapter, (any ConnectivityManagedSessionDelegate)?) -> Void,
        legacy: (any ConnectivitySessionDelegate) -> Void
    ) {
        guard let adapter else { return }
        let (delegate, listeners) = adapter.recipients()
        body(adapter, delegate)
        listeners.forEach(legacy)
    }
}

import Foundation
import SundialKitConnectivity

/// Publishes a SundialKit 1.x session's events on a ``ConnectivityObserver``'s 1.0 publishers, at the moments
/// 1.x's observer did: activation completion, reachability and companion changes on the main queue (each value
/// read from the session when published), the other events at once on the session's thread, and every event,
/// changed or not.
@available(OS2019, *)
final class LegacyEventPublisher: ConnectivitySessionDelegate, @unchecked Sendable {
    // `@unchecked`: immutable; the observer's subjects may be sent to from any thread.
    private weak var observer: ConnectivityObserver?

    init(observer: ConnectivityObserver) {
        self.observer = observer
    }

    func session(
        _ session: any ConnectivitySession,
        activationDidCompleteWith activationState: ActivationState,
        error: (any Error)?
    ) {
        onMain(session) { observer, session in
            observer.activationStateSubject.send(session.activationState)
            observer.isReachableSubject.send(session.isReachable)
            observer.isPairedAppInstalledSubject.send(session.isPairedAppInstalled)
            observer.isPairedSubject.send(session.isPaired)
        }
    }

    func sessionDidBecomeInactive(_ session: any ConnectivitySession) {
        observer?.activationStateSubject.send(session.activationState)
    }

    func sessionDidDeactivate(_ session: any ConnectivitySession) {
        observer?.activationStateSubject.send(session.activationState)
    }

    func sessionCompanionStateDidChange(_ session: any ConnectivitySession) {
        onMain(session) { observer, session in
            observer.isPairedSubject.send(session.isPaired)
            observer.isPairedAppInstalledSubject.send(session.isPairedAppInstalled)
        }
    }

    func sessionReachabilityDidChange(_ session: any ConnectivitySession) {
        onMain(session) { observer, session in
            observer.isReachableSubject.send(session.isReachable)
        }
    }

    func session(
        _ session: any ConnectivitySession,
        didReceiveMessage message: ConnectivityMessage,
        replyHandler: @escaping ConnectivityHandler
    ) {
        observer?.messageReceivedSubject.send(
            ConnectivityReceiveResult(message: message, context: .replyWith(replyHandler), transport: .message)
        )
    }

    func session(
        _ session: any ConnectivitySession,
        didReceiveApplicationContext applicationContext: ConnectivityMessage,
        error: (any Error)?
    ) {
        observer?.messageReceivedSubject.send(
            ConnectivityReceiveResult(
                message: applicationContext,
                context: .applicationContext,
                transport: .applicationContext
            )
        )
    }

    /// Runs `body` on the main queue, as 1.x's `DispatchQueue.main.async` did.
    private func onMain(
        _ session: any ConnectivitySession,
        _ body: @escaping @Sendable (ConnectivityObserver, any ConnectivitySession) -> Void
    ) {
        let box = SessionBox(session: session)
        DispatchQueue.main.async { [weak observer] in
            guard let observer else { return }
            body(observer, box.session)
        }
    }
}

/// Carries a 1.x session (not `Sendable`) to the main queue, as 1.x did.
@available(OS2019, *)
private struct SessionBox: @unchecked Sendable {
    // Sendable: it only carries the session, unread, to the main queue, where 1.x's observer read it too.
    let session: any ConnectivitySession
}

/// Everything a ``ConnectivityManager`` reports, in the order the session produced it.
public enum ConnectivityEvent: Sendable {
    /// Activation finished, successfully or not.
    case activationCompleted(ActivationState, ConnectivityError?)
    /// Some part of the state changed; carries the new state.
    case stateChanged(ConnectivityState)
    /// The session said the counterpart's pairing or installation may have changed; carries the state then.
    /// Reported after the `stateChanged` it caused, if any, and also when nothing changed.
    case companionStateReported(ConnectivityState)
    /// The session said reachability may have changed; carries the state then. Reported after the
    /// `stateChanged` it caused, if any, and also when nothing changed.
    case reachabilityReported(ConnectivityState)
    /// A message arrived (live, application context or user info).
    case messageReceived(ConnectivityReceiveResult)
    /// A file arrived.
    case fileReceived(ConnectivityFile)
    /// Something arrived but could not be handed over (for example a file that could not be moved).
    case receiveFailed(ConnectivityError)
    /// A send finished: delivered, queued, or failed.
    case sendCompleted(ConnectivitySendResult)
    /// A queued user-info or file transfer finished.
    case transferFinished(MessageTransport, ConnectivityError?)
}

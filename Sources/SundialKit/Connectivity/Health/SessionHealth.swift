/// The session's health in one value: activation, reachability, the user-info and file transfers still
/// queued, and the latest error. ``ConnectivityManager/health`` holds it and
/// ``ConnectivityManager/healthUpdates()`` streams it.
///
/// It is folded from the manager's events (``applying(_:)``), so transfers queued by an earlier run of the
/// app, which the manager never saw, are not counted.
public struct SessionHealth: Sendable, Hashable, CustomStringConvertible {
    /// Activation, reachability, pairing and installation.
    public private(set) var state: ConnectivityState
    /// The latest error: a failed activation, send, transfer, or received file. A later success does not
    /// clear it.
    public private(set) var lastError: ConnectivityError?
    /// Transfers accepted minus transfers finished; below zero for a moment when a transfer's end is
    /// reported before its acceptance.
    private var transferBalance = 0

    /// Creates the health of a session in this state, with nothing queued and no error.
    public init(state: ConnectivityState) {
        self.state = state
    }

    /// The activation state.
    public var activationState: ActivationState { state.activationState }

    /// Whether the counterpart can receive live messages now.
    public var isReachable: Bool { state.isReachable }

    /// User-info and file transfers accepted and not finished yet.
    public var pendingTransfers: Int { max(0, transferBalance) }

    /// Whether a live message can be sent now and nothing is waiting to be delivered.
    public var isHealthy: Bool {
        state.activationState == .activated && state.isReachable && pendingTransfers == 0
    }

    /// One line: state, pending transfers and the latest error.
    public var description: String {
        "\(state), \(pendingTransfers) pending transfers" + (lastError.map { ", last error \($0)" } ?? "")
    }

    /// The health after an event.
    /// - Parameter event: A manager event.
    /// - Returns: The new health.
    public func applying(_ event: ConnectivityEvent) -> SessionHealth {
        var next = self
        switch event {
        case .stateChanged(let state), .companionStateReported(let state), .reachabilityReported(let state):
            next.state = state
        case .activationCompleted(_, let error):
            if let error { next.lastError = error }
        case .sendCompleted(let result):
            if let error = result.context.error {
                next.lastError = error
            } else if let transport = result.transport, Self.isTransfer(transport) {
                next.transferBalance += 1
            }
        case .transferFinished(_, let error):
            next.transferBalance -= 1
            if let error { next.lastError = error }
        case .receiveFailed(let error):
            next.lastError = error
        case .messageReceived, .fileReceived:
            break
        }
        return next
    }

    /// Transports that end with a finished-transfer report.
    private static func isTransfer(_ transport: MessageTransport) -> Bool {
        switch transport {
        case .userInfo, .currentUserInfo, .file: true
        case .message, .data, .applicationContext: false
        }
    }
}

/// A snapshot of everything observable about a connectivity session.
public struct ConnectivityState: Sendable, Hashable, CustomStringConvertible {
    /// Whether the session is activated.
    public var activationState: ActivationState

    /// Whether the counterpart app can receive live messages right now.
    public var isReachable: Bool

    /// Whether an Apple Watch is paired with this iPhone (always `true` on the watch).
    public var isPaired: Bool

    /// Whether the counterpart app is installed (`isWatchAppInstalled` on iPhone,
    /// `isCompanionAppInstalled` on the watch).
    public var isPairedAppInstalled: Bool

    /// Creates a snapshot.
    public init(
        activationState: ActivationState = .notActivated,
        isReachable: Bool = false,
        isPaired: Bool = false,
        isPairedAppInstalled: Bool = false
    ) {
        self.activationState = activationState
        self.isReachable = isReachable
        self.isPaired = isPaired
        self.isPairedAppInstalled = isPairedAppInstalled
    }

    /// A one-line summary for logs.
    public var description: String {
        "\(activationState), reachable: \(isReachable), paired: \(isPaired), app installed: \(isPairedAppInstalled)"
    }
}

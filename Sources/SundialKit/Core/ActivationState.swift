/// The activation state of a connectivity session, mirroring `WCSessionActivationState`.
///
/// The raw values match WatchConnectivity's, so a state can be converted in either direction with
/// `ActivationState(rawValue:)`.
public enum ActivationState: Int, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The session is not activated: nothing is sent or received in this state.
    case notActivated = 0

    /// The session was active and is being deactivated (iPhone only, when the user switches watches).
    ///
    /// Data already received may still be delivered, but nothing can be sent.
    case inactive = 1

    /// The session is active: the iPhone and Apple Watch apps may communicate.
    case activated = 2

    /// A short name for logs and diagnostics.
    public var description: String {
        switch self {
        case .notActivated: "notActivated"
        case .inactive: "inactive"
        case .activated: "activated"
        }
    }
}

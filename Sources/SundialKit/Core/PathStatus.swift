/// The status of a network path: whether traffic can leave the device, and over which kinds of interface.
///
/// The cases, ``UnsatisfiedReason`` and ``Interface`` (with its raw values) are those of SundialKit 1.0.
public enum PathStatus: Equatable, Hashable, Sendable {
    /// No connection is possible, for an optional reason.
    case unsatisfied(UnsatisfiedReason?)
    /// A connection is possible over the given kinds of interface.
    case satisfied(Interface)
    /// The path is not available now, but establishing a new connection may activate it.
    case requiresConnection
    /// The status is not known yet.
    case unknown
}

extension PathStatus {
    /// Whether a connection is possible (`.satisfied`).
    public var isSatisfied: Bool {
        if case .satisfied = self {
            return true
        }
        return false
    }
}

extension PathStatus: CustomStringConvertible {
    /// A short description such as `satisfied(wifi, loopback)` or `unsatisfied(notAvailable)`.
    public var description: String {
        switch self {
        case .satisfied(let interface):
            "satisfied(\(interface))"
        case .unsatisfied(let reason):
            "unsatisfied(\(reason.map { "\($0)" } ?? "nil"))"
        case .requiresConnection:
            "requiresConnection"
        case .unknown:
            "unknown"
        }
    }
}

/// The revision of a ``SyncedState`` value: a counter that grows past every revision either side has seen
/// (a Lamport clock), and the replica that made it.
///
/// Revisions are totally ordered: the higher counter wins, and equal counters (two sides changing the value at
/// the same time) are ordered by replica identifier, so both sides pick the same winner.
public struct SyncRevision: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
    /// The logical clock of the change.
    public let counter: UInt64
    /// The replica (one side of one app install) that made the change.
    public let replica: String

    /// Creates a revision.
    public init(counter: UInt64, replica: String) {
        self.counter = counter
        self.replica = replica
    }

    /// Orders by counter, then by replica.
    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.counter, lhs.replica) < (rhs.counter, rhs.replica)
    }

    /// `counter@replica`.
    public var description: String { "\(counter)@\(replica)" }
}

/// Two sides changed the value without either having seen the other's change; ``winner`` is the value both
/// sides keep.
public struct SyncConflict<Value: Sendable>: Sendable {
    /// This side's value and revision before the conflict was resolved.
    public let local: Value
    /// This side's revision.
    public let localRevision: SyncRevision
    /// The counterpart's concurrent value.
    public let remote: Value
    /// The counterpart's revision.
    public let remoteRevision: SyncRevision

    /// The revision both sides keep: the later of the two.
    public var winner: SyncRevision { max(localRevision, remoteRevision) }

    /// Whether this side's value lost (and was replaced by the counterpart's).
    public var localLost: Bool { winner == remoteRevision }
}

/// What a ``SyncedState`` reports on ``SyncedState/events()``.
public enum SyncedStateEvent<Value: Sendable>: Sendable {
    /// The counterpart's newer value was applied.
    case applied(Value, SyncRevision)
    /// Concurrent changes were resolved (reported on both sides, with the same winner).
    case conflict(SyncConflict<Value>)
    /// The counterpart holds this side's current revision.
    case acknowledged(SyncRevision)
    /// Sending or storing failed; the heartbeat retries a send.
    case failed(ConnectivityError)
}

import ClerkKit
public import Foundation

/// What reducing the events of every slot gives: the winner, the highest generation seen, and the ids of events
/// whose copies differ.
@available(OS2023, *)
public struct SharedSessionReduction: Sendable, Hashable {
    /// The event every process should hold, or `nil` when no valid, unconflicted event exists.
    public var winner: SharedSessionEvent?
    /// The highest generation among the valid events (0 when there is none): the next publication is one above.
    public var maximumGeneration: UInt64
    /// Ids of which differing copies exist: none of them can win.
    public var conflictingEventIDs: Set<UUID>

    /// Creates a reduction.
    public init(winner: SharedSessionEvent?, maximumGeneration: UInt64, conflictingEventIDs: Set<UUID>) {
        self.winner = winner
        self.maximumGeneration = maximumGeneration
        self.conflictingEventIDs = conflictingEventIDs
    }
}

/// The order of shared session events, as clerk-ios's shared-session sync contract has it. Pure.
@available(OS2023, *)
public enum SharedSessionReducer {
    /// Picks the winner of `events`: invalid events are dropped, differing copies of one id are conflicts and
    /// dropped, and the rest are ordered by ``precedes(_:_:)``.
    public static func reduce(_ events: [SharedSessionEvent]) -> SharedSessionReduction {
        let valid = events.compactMap { try? $0.validated() }
        var copies: [UUID: SharedSessionEvent] = [:]
        var conflicts: Set<UUID> = []
        for event in valid {
            if let first = copies[event.id], first != event {
                conflicts.insert(event.id)
            } else {
                copies[event.id] = event
            }
        }
        let unique = copies.values.filter { !conflicts.contains($0.id) }
        return SharedSessionReduction(
            winner: unique.max(by: precedes),
            maximumGeneration: valid.map(\.generation).max() ?? 0,
            conflictingEventIDs: conflicts)
    }

    /// Whether `lhs` comes before `rhs`: a lower generation, then no server date before one, then an earlier
    /// server date, then the lower owner identifier, then the lower event id.
    public static func precedes(_ lhs: SharedSessionEvent, _ rhs: SharedSessionEvent) -> Bool {
        if lhs.generation != rhs.generation { return lhs.generation < rhs.generation }
        switch (lhs.identity.serverDate, rhs.identity.serverDate) {
        case (nil, .some): return true
        case (.some, nil): return false
        case (.some(let left), .some(let right)) where left != right: return left < right
        default: break
        }
        if lhs.originOwnerIdentifier != rhs.originOwnerIdentifier {
            return lhs.originOwnerIdentifier < rhs.originOwnerIdentifier
        }
        return lhs.id.uuidString < rhs.id.uuidString
    }
}

public import Foundation

/// The retention decision shared by every store: whether a stream's oldest retained append is dropped.
///
/// A store walks its oldest appends with ``verdict(oldest:tail:policy:now:)`` and moves the stream's
/// retained start past each one dropped, within a budget per pass (``pass(from:tail:policy:now:budget:appends:)``).
@available(OS2022, *)
public enum RetentionRules {
    /// How many appends an append may drop on its way, in every store.
    package static let budgetOnAppend = 16
    /// How many appends a background pass may drop per stream, in every store.
    package static let budgetPerPass = 4096

    /// One append as retention sees it: where it starts and ends, and when it was appended (at the latest).
    public struct Append: Sendable, Equatable {
        /// The offset of its first byte.
        public var start: UInt64
        /// The offset after its last byte.
        public var end: UInt64
        /// When it was appended; a store may round this up, never down (an append is never dropped early).
        public var appendedAt: Date

        /// Creates an append.
        public init(start: UInt64, end: UInt64, appendedAt: Date) {
            self.start = start
            self.end = end
            self.appendedAt = appendedAt
        }
    }

    /// What to do with the oldest retained append.
    public enum Verdict: Sendable, Equatable {
        /// Keep it (and therefore everything after it).
        case keep
        /// Drop it: it is older than the maximum age.
        case dropForAge
        /// Drop it: the bytes kept after it exceed the maximum.
        case dropForBytes
    }

    /// Decides the oldest retained append of a stream whose tail is `tail`.
    ///
    /// Age wins over size. An append is too old once `maxAge` seconds have passed since it was appended (the
    /// newest one included). Size drops it while the stream keeps more than `maxBytes` (`tail - start`) and it
    /// is not the newest (`end < tail`): under a size limit a stream always keeps its last append.
    public static func verdict(oldest: Append, tail: UInt64, policy: StreamRetention, now: Date) -> Verdict {
        if let maxAge = policy.maxAge, now.timeIntervalSince(oldest.appendedAt) >= Double(maxAge) {
            return .dropForAge
        }
        if let maxBytes = policy.maxBytes, oldest.end < tail, tail - oldest.start > maxBytes {
            return .dropForBytes
        }
        return .keep
    }

    /// One bounded pass: starting at `start`, drops appends (read one at a time from `appends`, which returns
    /// the append starting at a given offset, or `nil` when none is known) while
    /// ``verdict(oldest:tail:policy:now:)`` says so, at most `budget` of them.
    ///
    /// - Returns: The new retained start and how many appends were dropped.
    public static func pass(
        from start: UInt64, tail: UInt64, policy: StreamRetention, now: Date, budget: Int,
        appends: (UInt64) -> Append?
    ) -> (start: UInt64, dropped: Int) {
        guard !policy.keepsEverything else { return (start, 0) }
        var start = start
        var dropped = 0
        while dropped < budget, start < tail, let oldest = appends(start), oldest.start == start, oldest.end > start {
            guard verdict(oldest: oldest, tail: tail, policy: policy, now: now) != .keep else { break }
            start = oldest.end
            dropped += 1
        }
        return (start, dropped)
    }
}

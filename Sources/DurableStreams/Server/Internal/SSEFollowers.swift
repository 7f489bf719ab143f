package import DurableStreamsStorage

/// The live SSE readers of one stream and the rounds that feed them, as a value: inputs (a reader joins or
/// leaves, a wait or a read ends, a reader's connection blocks or drains) return what the driver,
/// ``SSEFanOut``, must do. Generic over what the driver keeps per reader, so that it is tested without
/// sockets.
///
/// One driver per stream makes every round: it waits for the stream to grow past the readers' offset, reads
/// what was appended once, and hands the framed bytes to every reader at that offset. A reader whose
/// connection cannot take more (a write still queued past its high-water mark) is left out of rounds, and
/// keeps its offset, until the write drains; the driver then reads from its offset for it.
///
/// A round costs the machine a socket write per reader (and each reader a read), so once a round reaches
/// ``pacedReaders`` readers the next one starts no sooner than ``paceFactor`` times what that round took to
/// deliver, measured (at most ``longestPace``): an append after a quiet spell goes out at once, appends that come
/// faster reach the readers together in the next round, and writers keep most of the machine.
///
/// Long-poll waiters use the same rounds (``answersOnce``): a waiter takes one delivery, the answer to its
/// request, and leaves; one whose request's time is up is expired (and answered that nothing came).
@available(OS2023, *)
package struct SSEFollowers<Link> {
    /// A reader following the stream.
    package struct Follower {
        /// Where the reader's next event starts.
        package var offset: StreamOffset
        /// The cursor the reader echoed in its request.
        package let cursor: Substring?
        /// When the reader's response ends (clients reconnect from their offset).
        package let deadline: ContinuousClock.Instant
        /// A write to the reader is queued past its connection's high-water mark.
        package var isBlocked = false
        package let link: Link

        package init(offset: StreamOffset, cursor: Substring?, deadline: ContinuousClock.Instant, link: Link) {
            self.offset = offset
            self.cursor = cursor
            self.deadline = deadline
            self.link = link
        }
    }

    /// What the driver is doing.
    package enum Driver {
        /// No driver runs: the next input that needs one starts it.
        case idle
        /// Reading or delivering.
        case busy
        /// Waiting for the stream to grow past the offset; cancelling the cancellation ends the wait early.
        case waiting(after: StreamOffset, cancellation: WaitCancellation)
    }

    /// What the driver does next.
    package enum Step {
        /// Nothing to do: the driver ends (and the stream's entry goes if no reader is left).
        case stop
        /// Wait for data after the offset, for at most the timeout.
        case wait(after: StreamOffset, timeout: Duration)
        /// Read from the offset, for the readers there.
        case read(from: StreamOffset)
        /// Wait until the instant (the stream's rounds are paced), then ask again.
        case pause(until: ContinuousClock.Instant)
    }

    /// A round that reaches this many readers paces the next one.
    package static var pacedReaders: Int { 32 }
    /// The least time between the end of a paced round and the next one, in multiples of what the round took.
    package static var paceFactor: Int { 2 }
    /// The most time between two rounds.
    package static var longestPace: Duration { .milliseconds(250) }

    /// What a joining reader, or one whose connection drained, needs of the driver.
    package enum Kick: Equatable {
        case none
        case startDriver
        /// End the driver's wait: the reader is not at the offset it waits after.
        case interrupt(WaitCancellation)

        package static func == (lhs: Kick, rhs: Kick) -> Bool {
            switch (lhs, rhs) {
            case (.none, .none), (.startDriver, .startDriver): true
            case (.interrupt(let left), .interrupt(let right)): left === right
            default: false
            }
        }
    }

    /// Readers to send the same events to: each with its echoed cursor (their control events differ only by
    /// it), and whether their responses end after them.
    package struct Delivery {
        package var recipients: [(link: Link, cursor: Substring?)] = []
        package var ends = false
    }

    package private(set) var followers: [UInt64: Follower] = [:]
    /// The tail the last read that reached it found; `nil` when an append may have moved it since.
    package private(set) var tail: StreamOffset?
    package private(set) var driver = Driver.idle
    /// When the next read may start, after a round that reached many readers.
    package private(set) var pacedUntil: ContinuousClock.Instant?
    package let keepAliveInterval: Duration
    /// Each reader takes one delivery and leaves (long-poll waiters); no keep-alives.
    package let answersOnce: Bool

    package init(keepAliveInterval: Duration, answersOnce: Bool = false) {
        self.keepAliveInterval = keepAliveInterval
        self.answersOnce = answersOnce
    }

    /// A reader joins at `follower.offset`.
    package mutating func add(_ id: UInt64, _ follower: Follower) -> Kick {
        followers[id] = follower
        return kick(for: follower.offset)
    }

    /// A reader leaves (its connection closed, or the server stops): its link, to end it, if it was here.
    package mutating func remove(_ id: UInt64) -> (link: Link?, kick: Kick) {
        guard let follower = followers.removeValue(forKey: id) else { return (nil, .none) }
        if followers.isEmpty, case .waiting(_, let cancellation) = driver {
            return (follower.link, .interrupt(cancellation))
        }
        return (follower.link, .none)
    }

    /// A write to the reader was queued past its connection's high-water mark.
    package mutating func block(_ id: UInt64) {
        followers[id]?.isBlocked = true
    }

    /// The reader's queued writes drained.
    package mutating func unblock(_ id: UInt64) -> Kick {
        guard var follower = followers[id], follower.isBlocked else { return .none }
        follower.isBlocked = false
        followers[id] = follower
        return kick(for: follower.offset)
    }

    private mutating func kick(for offset: StreamOffset) -> Kick {
        switch driver {
        case .idle:
            driver = .busy
            return .startDriver
        case .busy:
            return .none
        case .waiting(let after, let cancellation):
            return offset == after ? .none : .interrupt(cancellation)
        }
    }

    /// The driver's next step at `now`, and the readers whose lifetime is over (to end).
    package mutating func next(now: ContinuousClock.Instant, cancellation: @autoclosure () -> WaitCancellation)
        -> (step: Step, expired: [Link])
    {
        let expiredIDs = followers.compactMap { $0.value.deadline <= now ? $0.key : nil }
        let expired = expiredIDs.compactMap { followers.removeValue(forKey: $0)?.link }
        var lowest: StreamOffset?
        var allAtLowest = true
        var nearest: ContinuousClock.Instant?
        for follower in followers.values where !follower.isBlocked {
            if let current = lowest, current != follower.offset {
                allAtLowest = false
                lowest = min(current, follower.offset)
            } else {
                lowest = follower.offset
            }
            nearest = min(nearest ?? follower.deadline, follower.deadline)
        }
        guard let lowest, let nearest else {
            driver = .idle
            return (.stop, expired)
        }
        if allAtLowest, lowest == tail {
            let wait = cancellation()
            driver = .waiting(after: lowest, cancellation: wait)
            return (.wait(after: lowest, timeout: min(keepAliveInterval, now.duration(to: nearest))), expired)
        }
        driver = .busy
        if let pacedUntil, now < pacedUntil { return (.pause(until: pacedUntil), expired) }
        return (.read(from: lowest), expired)
    }

    /// The driver's wait ended: the readers to send a keep-alive (at the offset waited after) when it timed
    /// out, and those to end when the stream cannot be read any more.
    package mutating func waited(after offset: StreamOffset, _ result: WaitResult) -> (
        keepAlive: Delivery, ended: [Link]
    ) {
        driver = .busy
        switch result {
        case .appended, .closed:
            tail = nil
        case .cancelled:
            break
        case .timedOut:
            // Waiters whose time is up are expired by the next step.
            if answersOnce { return (Delivery(), []) }
            var delivery = Delivery()
            for follower in followers.values where !follower.isBlocked && follower.offset == offset {
                delivery.recipients.append((follower.link, follower.cursor))
            }
            return (delivery, [])
        case .notFound, .gone, .shutdown:
            let ended = followers.values.map(\.link)
            followers = [:]
            return (Delivery(), ended)
        }
        return (Delivery(), [])
    }

    /// The driver read from `start`: the readers there that take the events (their offset moves on to
    /// `next`, or they leave when ``answersOnce``). When the stream was read to its tail, `tail` is it; when to
    /// its end (closed), the readers' responses end after the events. The driver reports when the delivery is
    /// done with ``delivered(readers:took:now:)``.
    package mutating func read(
        from start: StreamOffset,
        next: StreamOffset,
        tail: StreamOffset,
        closed: Bool
    ) -> Delivery {
        var delivery = Delivery()
        delivery.ends = closed && next == tail
        if next == tail { self.tail = tail }
        // Nothing new and the stream still open: the readers there already have their events.
        guard next != start || delivery.ends else { return delivery }
        delivery.recipients.reserveCapacity(followers.count)
        var ended: [UInt64] = []
        // By index, so that the followers are updated in place (iterating a copy would copy them all).
        var index = followers.startIndex
        while index != followers.endIndex {
            let follower = followers.values[index]
            if !follower.isBlocked && follower.offset == start {
                delivery.recipients.append((follower.link, follower.cursor))
                if delivery.ends || answersOnce {
                    ended.append(followers.keys[index])
                } else {
                    followers.values[index].offset = next
                }
            }
            followers.formIndex(after: &index)
        }
        for id in ended { followers[id] = nil }
        return delivery
    }

    /// A round's delivery to `readers` readers was written, taking `took` until `now`: a large round paces
    /// the next one.
    package mutating func delivered(readers: Int, took: Duration, now: ContinuousClock.Instant) {
        guard readers >= Self.pacedReaders else { return }
        pacedUntil = now.advanced(by: min(took * Self.paceFactor, Self.longestPace))
    }

    /// The driver's read from `start` failed (the stream is gone): the readers there, to end.
    package mutating func readFailed(from start: StreamOffset) -> [Link] {
        let ids = followers.compactMap { $0.value.offset == start ? $0.key : nil }
        return ids.compactMap { followers.removeValue(forKey: $0)?.link }
    }
}

@available(OS2023, *)
extension SSEFollowers: Sendable where Link: Sendable {}
@available(OS2023, *)
extension SSEFollowers.Follower: Sendable where Link: Sendable {}
@available(OS2023, *)
extension SSEFollowers.Delivery: Sendable where Link: Sendable {}

import DurableStreamsServer
import DurableStreamsStorage
import Testing

@Suite("The SSE fan-out's state machine")
struct SSEFollowersTests {
    typealias Followers = SSEFollowers<Int>

    private static let start = ContinuousClock.now
    private static let later = start.advanced(by: .seconds(3600))

    private static func offset(_ value: UInt64) -> StreamOffset { StreamOffset(position: value) }

    private static func follower(_ link: Int, at offset: UInt64, cursor: Substring? = nil) -> Followers.Follower {
        Followers.Follower(offset: Self.offset(offset), cursor: cursor, deadline: later, link: link)
    }

    @Test("The first reader starts the driver, which reads once for every reader at an offset and then waits")
    @available(OS2023, *)
    func roundsShareOneRead() {
        var followers = Followers(keepAliveInterval: .seconds(30))
        #expect(followers.add(1, Self.follower(1, at: 10)) == .startDriver)
        #expect(followers.add(2, Self.follower(2, at: 10)) == .none, "the driver is already running")
        let first = followers.next(now: Self.start, cancellation: WaitCancellation())
        guard case .read(let from) = first.step else {
            Issue.record("expected a read, got \(first.step)")
            return
        }
        #expect(from == Self.offset(10))
        let delivery = followers.read(
            from: from, next: Self.offset(20), tail: Self.offset(20), closed: false)
        #expect(delivery.recipients.map(\.link).sorted() == [1, 2])
        #expect(!delivery.ends)
        #expect(followers.followers.values.allSatisfy { $0.offset == Self.offset(20) })
        let second = followers.next(now: Self.start, cancellation: WaitCancellation())
        guard case .wait(let after, let timeout) = second.step else {
            Issue.record("expected a wait, got \(second.step)")
            return
        }
        #expect(after == Self.offset(20))
        #expect(timeout == .seconds(30))
        // An append: the next step reads from the tail for both readers.
        _ = followers.waited(after: after, .appended)
        guard case .read(let again) = followers.next(now: Self.start, cancellation: WaitCancellation()).step else {
            Issue.record("expected a read after an append")
            return
        }
        #expect(again == Self.offset(20))
    }

    @Test("A reader joining behind the offset the driver waits after interrupts the wait, and is read for")
    @available(OS2023, *)
    func joiningBehindInterrupts() {
        var followers = Followers(keepAliveInterval: .seconds(30))
        _ = followers.add(1, Self.follower(1, at: 5))
        _ = followers.next(now: Self.start, cancellation: WaitCancellation())
        _ = followers.read(
            from: Self.offset(5), next: Self.offset(9), tail: Self.offset(9), closed: false)
        let wait = WaitCancellation()
        _ = followers.next(now: Self.start, cancellation: wait)
        #expect(followers.add(2, Self.follower(2, at: 9)) == .none, "a reader at the tail needs nothing")
        #expect(followers.add(3, Self.follower(3, at: 7)) == .interrupt(wait))
        _ = followers.waited(after: Self.offset(9), .cancelled)
        guard case .read(let from) = followers.next(now: Self.start, cancellation: WaitCancellation()).step else {
            Issue.record("expected a read for the reader behind")
            return
        }
        #expect(from == Self.offset(7))
        let delivery = followers.read(
            from: from, next: Self.offset(9), tail: Self.offset(9), closed: false)
        #expect(delivery.recipients.map(\.link) == [3])
        guard case .wait = followers.next(now: Self.start, cancellation: WaitCancellation()).step else {
            Issue.record("every reader is at the tail: the driver waits")
            return
        }
    }

    @Test("A blocked reader is left out of rounds and keeps its offset; once drained it is read for")
    @available(OS2023, *)
    func blockedReaderCatchesUp() {
        var followers = Followers(keepAliveInterval: .seconds(30))
        _ = followers.add(1, Self.follower(1, at: 0))
        _ = followers.add(2, Self.follower(2, at: 0))
        followers.block(2)
        _ = followers.next(now: Self.start, cancellation: WaitCancellation())
        let delivery = followers.read(
            from: Self.offset(0), next: Self.offset(4), tail: Self.offset(4), closed: false)
        #expect(delivery.recipients.map(\.link) == [1])
        #expect(followers.followers[2]?.offset == Self.offset(0))
        let wait = WaitCancellation()
        guard case .wait = followers.next(now: Self.start, cancellation: wait).step else {
            Issue.record("the only ready reader is at the tail: the driver waits")
            return
        }
        #expect(followers.unblock(2) == .interrupt(wait))
        #expect(followers.unblock(2) == .none, "a reader that is not blocked needs nothing")
        _ = followers.waited(after: Self.offset(4), .cancelled)
        guard case .read(let from) = followers.next(now: Self.start, cancellation: WaitCancellation()).step else {
            Issue.record("expected a read for the drained reader")
            return
        }
        #expect(from == Self.offset(0))
        // Every reader blocked: the driver stops, and a drained reader starts it again.
        followers.block(1)
        followers.block(2)
        guard case .stop = followers.next(now: Self.start, cancellation: WaitCancellation()).step else {
            Issue.record("no reader can take events: the driver stops")
            return
        }
        #expect(followers.unblock(1) == .startDriver)
    }

    @Test("Reading a closed stream to its end ends its readers' responses; deletion ends them all")
    @available(OS2023, *)
    func endings() {
        var followers = Followers(keepAliveInterval: .seconds(30))
        _ = followers.add(1, Self.follower(1, at: 3))
        _ = followers.add(2, Self.follower(2, at: 1))
        _ = followers.next(now: Self.start, cancellation: WaitCancellation())
        let closing = followers.read(
            from: Self.offset(1), next: Self.offset(3), tail: Self.offset(3), closed: true)
        #expect(closing.ends)
        #expect(closing.recipients.map(\.link) == [2])
        #expect(followers.followers.keys.sorted() == [1])
        _ = followers.add(3, Self.follower(3, at: 3))
        let (keepAlive, ended) = followers.waited(after: Self.offset(3), .notFound)
        #expect(keepAlive.recipients.isEmpty)
        #expect(ended.sorted() == [1, 3])
        #expect(followers.followers.isEmpty)
        guard case .stop = followers.next(now: Self.start, cancellation: WaitCancellation()).step else {
            Issue.record("no reader left: the driver stops")
            return
        }
    }

    @Test("A wait that times out sends keep-alives to the readers at the tail; lifetimes end readers")
    @available(OS2023, *)
    func keepAliveAndLifetime() {
        var followers = Followers(keepAliveInterval: .seconds(30))
        let soon = Self.start.advanced(by: .seconds(5))
        _ = followers.add(1, .init(offset: Self.offset(2), cursor: "77", deadline: soon, link: 1))
        _ = followers.add(2, Self.follower(2, at: 2))
        _ = followers.next(now: Self.start, cancellation: WaitCancellation())
        _ = followers.read(
            from: Self.offset(2), next: Self.offset(2), tail: Self.offset(2), closed: false)
        guard case .wait(_, let timeout) = followers.next(now: Self.start, cancellation: WaitCancellation()).step
        else {
            Issue.record("expected a wait")
            return
        }
        #expect(timeout == .seconds(5), "the wait ends by the nearest reader's lifetime")
        let (keepAlive, _) = followers.waited(after: Self.offset(2), .timedOut)
        #expect(keepAlive.recipients.map(\.link).sorted() == [1, 2])
        #expect(keepAlive.recipients.first { $0.link == 1 }?.cursor == "77")
        let planned = followers.next(now: soon, cancellation: WaitCancellation())
        #expect(planned.expired == [1])
        #expect(followers.followers.keys.sorted() == [2])
        let (link, kick) = followers.remove(2)
        #expect(link == 2)
        guard case .interrupt = kick else {
            Issue.record("the last reader gone: the driver's wait ends")
            return
        }
        #expect(followers.remove(2).link == nil)
    }

    @Test("A large round paces the next read by what its delivery took; small rounds are not paced")
    @available(OS2023, *)
    func pacing() {
        var followers = Followers(keepAliveInterval: .seconds(30))
        let readers = Followers.pacedReaders
        for id in 0..<readers { _ = followers.add(UInt64(id), Self.follower(id, at: 0)) }
        _ = followers.next(now: Self.start, cancellation: WaitCancellation())
        let round = followers.read(from: Self.offset(0), next: Self.offset(1), tail: Self.offset(1), closed: false)
        #expect(round.recipients.count == readers)
        // An append during the delivery: the next read waits for the delivery to end, and then for the pace.
        let done = Self.start.advanced(by: .milliseconds(4))
        followers.delivered(readers: readers, took: .milliseconds(4), now: done)
        _ = followers.next(now: done, cancellation: WaitCancellation())
        _ = followers.waited(after: Self.offset(1), .appended)
        let paced = done.advanced(by: .milliseconds(4) * Followers.paceFactor)
        guard case .pause(let until) = followers.next(now: done, cancellation: WaitCancellation()).step else {
            Issue.record("the next read comes after the pace")
            return
        }
        #expect(until == paced)
        guard case .read = followers.next(now: paced, cancellation: WaitCancellation()).step else {
            Issue.record("the pace is over: the driver reads")
            return
        }
        // A round that took long is paced by the longest pace at most.
        followers.delivered(readers: readers, took: .seconds(10), now: paced)
        guard case .pause(let longest) = followers.next(now: paced, cancellation: WaitCancellation()).step else {
            Issue.record("the next read comes after the pace")
            return
        }
        #expect(longest == paced.advanced(by: Followers.longestPace))

        var few = Followers(keepAliveInterval: .seconds(30))
        _ = few.add(1, Self.follower(1, at: 0))
        _ = few.next(now: Self.start, cancellation: WaitCancellation())
        _ = few.read(from: Self.offset(0), next: Self.offset(1), tail: Self.offset(1), closed: false)
        few.delivered(readers: 1, took: .milliseconds(4), now: Self.start)
        _ = few.next(now: Self.start, cancellation: WaitCancellation())
        _ = few.waited(after: Self.offset(1), .appended)
        guard case .read = few.next(now: Self.start, cancellation: WaitCancellation()).step else {
            Issue.record("a round of one reader is not paced")
            return
        }
    }

    @Test("Long-poll waiters take one delivery each at their own offset, and those whose time is up expire")
    @available(OS2023, *)
    func answersOnce() {
        var waiters = Followers(keepAliveInterval: .seconds(30), answersOnce: true)
        let soon = Self.start.advanced(by: .seconds(5))
        _ = waiters.add(1, Self.follower(1, at: 4))
        _ = waiters.add(2, Self.follower(2, at: 4))
        _ = waiters.add(3, Self.follower(3, at: 2))
        _ = waiters.add(4, .init(offset: Self.offset(4), cursor: nil, deadline: soon, link: 4))
        // The waiter behind is read for first, alone.
        guard case .read(let behind) = waiters.next(now: Self.start, cancellation: WaitCancellation()).step else {
            Issue.record("expected a read")
            return
        }
        #expect(behind == Self.offset(2))
        let first = waiters.read(from: behind, next: Self.offset(4), tail: Self.offset(4), closed: false)
        #expect(first.recipients.map(\.link) == [3])
        #expect(!first.ends)
        #expect(waiters.followers.keys.sorted() == [1, 2, 4], "an answered waiter leaves")
        // The others wait at the tail; a timeout sends no keep-alive, and the waiter whose time is up expires.
        guard case .wait(let after, let timeout) = waiters.next(now: Self.start, cancellation: WaitCancellation()).step
        else {
            Issue.record("expected a wait")
            return
        }
        #expect(after == Self.offset(4))
        #expect(timeout == .seconds(5))
        #expect(waiters.waited(after: Self.offset(4), .timedOut).keepAlive.recipients.isEmpty)
        #expect(waiters.next(now: soon, cancellation: WaitCancellation()).expired == [4])
        _ = waiters.waited(after: Self.offset(4), .appended)
        guard case .read(let tail) = waiters.next(now: soon, cancellation: WaitCancellation()).step else {
            Issue.record("expected a read")
            return
        }
        let second = waiters.read(from: tail, next: Self.offset(9), tail: Self.offset(9), closed: false)
        #expect(second.recipients.map(\.link).sorted() == [1, 2])
        #expect(waiters.followers.isEmpty)
        guard case .stop = waiters.next(now: soon, cancellation: WaitCancellation()).step else {
            Issue.record("no waiter left: the driver stops")
            return
        }
    }
}

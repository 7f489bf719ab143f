import Foundation
import Testing

@testable import DurableStreamsStorage

/// The file store's per-stream state machine, transition by transition, with numbers as waiters and fake
/// descriptors: no file is touched.
@Suite("File stream state machine")
struct FileStreamStateTests {
    @available(OS2023, *)
    typealias State = FileStreamState<Int>

    @available(OS2023, *)
    static func fresh(fileEnd: UInt64 = 0, fd: Int32 = 7) -> State {
        State(
            decided: StreamState(configuration: StreamConfiguration(contentType: "text/plain")), fileEnd: fileEnd,
            lastUse: Date(timeIntervalSince1970: 0), fd: fd)
    }

    @available(OS2023, *)
    static func text(_ value: String, producer: ProducerStamp? = nil, close: Bool = false) -> AppendRequest {
        AppendRequest(payload: Array(value.utf8), contentType: "text/plain", producer: producer, closeStream: close)
    }

    @available(OS2023, *)
    static func record(_ request: AppendRequest) -> [UInt8] {
        LogRecord.encode(
            payload: request.payload, closes: request.closeStream, producer: request.producer,
            streamSequence: request.streamSequence)
    }

    @available(OS2023, *)
    static func append(_ state: inout State, _ value: String, base: UInt64 = 0) throws -> State.Accepted {
        let request = text(value)
        return try state.append(request, record: record(request), base: base)
    }

    @available(OS2023, *)
    static func code(_ body: () throws -> Void) -> StreamStorageError.Code? {
        do {
            try body()
            return nil
        } catch let error as StreamStorageError {
            return error.code
        } catch {
            return nil
        }
    }

    @Test("An append is decided at once: tail past its record, a ticket, and one queueing per flush")
    @available(OS2023, *)
    func appendDecides() throws {
        var state = Self.fresh(fileEnd: 10)
        let first = try Self.append(&state, "ab", base: 100)
        let length = UInt64(Self.record(Self.text("ab")).count)
        #expect(first.result == .appended(tail: StreamOffset(position: 110 + length), closed: false))
        #expect(first.ticket == 1 && first.schedule)
        let second = try Self.append(&state, "cd", base: 100)
        #expect(second.ticket == 2 && !second.schedule, "already queued")
        #expect(state.pending.count == 2 && state.fileEnd == 10 + 2 * length)
        #expect(state.committedTail == .zero, "nothing is visible before the commit")
        #expect(state.outstandingTicket == 2)
    }

    @Test("A flush takes every pending record once, from where the last one ended, and borrows the descriptor")
    @available(OS2023, *)
    func flushTakesPending() throws {
        var state = Self.fresh(fileEnd: 4)
        _ = try Self.append(&state, "ab")
        _ = try Self.append(&state, "cd")
        let flush = try #require(
            state.takeFlush { () throws(CancellationError) -> Int32 in
                Issue.record("open")
                return -1
            })
        #expect(flush.bytes.count == 2 && flush.position == 4 && flush.ticket == 2 && flush.fd == 7)
        #expect(flush.tail == state.decided.tail && !flush.closed)
        #expect(state.pending.isEmpty && state.writtenEnd == state.fileEnd && state.fdUsers == 1)
        #expect(!state.isScheduled)
        let empty = try state.takeFlush { () throws(CancellationError) -> Int32 in 9 }
        #expect(empty == nil, "nothing left")
        let requeued = try Self.append(&state, "ef")
        #expect(requeued.schedule, "unqueued by the empty take, so queued again")
    }

    @Test("A flush of a stream whose log was closed reopens it; a failed reopen leaves the records pending")
    @available(OS2023, *)
    func flushReopens() throws {
        var state = Self.fresh(fd: -1)
        _ = try Self.append(&state, "ab")
        struct Refused: Error {}
        let refused = Result { () throws(Refused) in
            try state.takeFlush { () throws(Refused) -> Int32 in throw Refused() }
        }
        #expect(throws: Refused.self) { try refused.get() }
        #expect(state.pending.count == 1 && state.fd == -1)
        state.markScheduled()
        let reopened = try state.takeFlush { () throws(Refused) -> Int32 in 12 }
        let flush = try #require(reopened)
        #expect(flush.fd == 12 && state.fd == 12)
    }

    @Test("A commit makes the flush visible and releases exactly the waiters it covers")
    @available(OS2023, *)
    func commitReleasesWaiters() throws {
        var state = Self.fresh()
        _ = try Self.append(&state, "ab")
        let wait1 = state.awaitCommit(1, waiter: 101)
        #expect(wait1 == .waiting)
        let taken = try state.takeFlush { () throws(CancellationError) -> Int32 in 7 }
        let flush = try #require(taken)
        _ = try Self.append(&state, "cd")
        let wait2 = state.awaitCommit(2, waiter: 102)
        #expect(wait2 == .waiting)
        let released = state.commit(flush)
        #expect(released.waiters == [101] && released.closing == nil)
        #expect(state.committedTail == flush.tail && state.fdUsers == 0)
        let wait3 = state.awaitCommit(1, waiter: 103)
        #expect(wait3 == .committed)
        #expect(state.outstandingTicket == 2)
    }

    @Test("Duplicates and closes of a closed stream answer after what was decided before them")
    @available(OS2023, *)
    func acknowledgementsWaitForEarlierAppends() throws {
        var state = Self.fresh()
        let producer = ProducerStamp(id: "p", epoch: 0, sequence: 0)
        let request = Self.text("ab", producer: producer)
        let first = try state.append(request, record: Self.record(request), base: 0)
        let duplicate = try state.append(request, record: Self.record(request), base: 0)
        guard case .duplicate(let tail, let last, false) = duplicate.result else {
            Issue.record("\(duplicate.result)")
            return
        }
        #expect(tail == state.decided.tail && last == 0)
        #expect(duplicate.ticket == first.ticket && !duplicate.schedule)
        let close = try state.append(Self.text("", close: true), record: nil, base: 0)
        #expect(close.result == .closed(tail: state.decided.tail) && close.ticket == 2)
        let again = try state.append(Self.text("", close: true), record: nil, base: 0)
        #expect(again.result == .closed(tail: state.decided.tail) && again.ticket == 2 && state.pending.count == 2)
        let late = Self.code { _ = try Self.append(&state, "late") }
        #expect(late == .streamClosed)
    }

    @Test("An append with a body but no record is refused")
    @available(OS2023, *)
    func appendNeedsRecord() {
        var state = Self.fresh()
        let refused = Self.code { _ = try state.append(Self.text("ab"), record: nil, base: 0) }
        #expect(refused == .invalidPayload)
        #expect(state.pending.isEmpty && state.issuedTicket == 0)
    }

    @Test("A write failure fails every waiter and every later request; the first failure is the one reported")
    @available(OS2023, *)
    func failureSticks() throws {
        var state = Self.fresh()
        _ = try Self.append(&state, "ab")
        let waiting = state.awaitCommit(1, waiter: 1)
        #expect(waiting == .waiting)
        let taken = try state.takeFlush { () throws(CancellationError) -> Int32 in 7 }
        #expect(taken != nil)
        let released = state.fail("disk full", releasing: true)
        #expect(released.waiters == [1] && state.fdUsers == 0)
        let second = state.fail("second", releasing: false)
        #expect(second.waiters.isEmpty)
        #expect(state.failure == "disk full")
        let failed = state.awaitCommit(1, waiter: 2)
        #expect(failed == .failed("disk full"))
        let refused = Self.code { _ = try Self.append(&state, "cd") }
        #expect(refused == .storageFailure)
        let none = try state.takeFlush { () throws(CancellationError) -> Int32 in 7 }
        #expect(none == nil)
    }

    @Test("The descriptor closes only when idle, and after deletion only once the last borrower and write are done")
    @available(OS2023, *)
    func descriptorLifetime() throws {
        var state = Self.fresh()
        let borrowed = try state.borrowDescriptor { () throws(CancellationError) -> Int32 in 8 }
        #expect(borrowed == 7)
        let busy = state.closeIdle()
        #expect(!busy.isClosed && busy.closing == nil, "borrowed")
        let kept = state.release(borrowed: true)
        #expect(kept == nil, "live streams keep their log open")
        let idle = state.closeIdle()
        #expect(idle.isClosed && idle.closing == 7 && state.fd == -1)
        let again = state.closeIdle()
        #expect(again.isClosed && again.closing == nil, "already closed")
        let reopened = try state.borrowDescriptor { () throws(CancellationError) -> Int32 in 8 }
        #expect(reopened == 8)
        _ = try Self.append(&state, "ab")
        let removed = state.finishRemoval()
        #expect(removed == nil, "borrowed")
        let afterRemoval = try state.borrowDescriptor { () throws(CancellationError) -> Int32 in 9 }
        #expect(afterRemoval == nil, "removed")
        let pendingWrite = state.release(borrowed: true)
        #expect(pendingWrite == nil, "a write is pending")
        let taken = try state.takeFlush { () throws(CancellationError) -> Int32 in 9 }
        let flush = try #require(taken)
        let committed = state.commit(flush)
        #expect(committed.closing == 8, "the last user of a deleted stream's log closes it")
        #expect(state.fd == -1)
    }

    @Test("Shutting down closes an unused log and leaves a borrowed one to its borrower")
    @available(OS2023, *)
    func shutDown() throws {
        var idle = Self.fresh()
        let closed = idle.shutDown()
        #expect(closed == 7 && idle.isDeleted)
        var busy = Self.fresh()
        _ = try busy.borrowDescriptor { () throws(CancellationError) -> Int32 in 8 }
        let open = busy.shutDown()
        #expect(open == nil)
        let last = busy.release(borrowed: true)
        #expect(last == 7)
    }

    @Test("Removal hides the stream at once and undoes cleanly; soft deletion keeps it for forks only")
    @available(OS2023, *)
    func deletion() throws {
        var state = Self.fresh()
        _ = try Self.append(&state, "ab")
        let removal = state.beginRemoval()
        #expect(removal == 1)
        #expect(Self.code { try state.requireLive() } == .notFound)
        #expect(state.changeSnapshot == nil)
        state.cancelRemoval()
        #expect(Self.code { try state.requireLive() } == nil)
        let soft = state.beginSoftDelete()
        #expect(soft == 1)
        let twice = state.beginSoftDelete()
        #expect(twice == nil, "once")
        #expect(Self.code { try state.requireLive() } == .gone)
        #expect(Self.code { try state.requireLive(asSource: true) } == nil, "forks still read it")
        #expect(state.changeSnapshot?.isGone == true)
        state.cancelSoftDelete()
        #expect(Self.code { try state.requireLive() } == nil)
    }

    @Test("A soft-deleted source is released when its last fork goes, not before")
    @available(OS2023, *)
    func forkCounting() {
        var state = Self.fresh()
        state.addFork()
        state.addFork()
        _ = state.beginSoftDelete()
        let first = state.removeFork()
        let last = state.removeFork()
        #expect(!first && last)
        var live = Self.fresh()
        live.addFork()
        let released = live.removeFork()
        #expect(!released, "a live source stays")
    }
}

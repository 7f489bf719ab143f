#if canImport(HummingbirdCore) && (os(Linux) || os(macOS))
import CourierPrimitives
import DurableStreamsStorage
import Logging
import NIOCore

/// Answers every long-poll that waits at a stream's tail: per stream, one driver task waits for appends, reads
/// each once for every waiter at that offset, makes one answer for every group of waiters that would get the
/// same bytes, and writes it from the waiters' event loops, in one batch per loop. Waiters cost no task: their
/// request handlers hand the responses over in ``follow(_:from:key:faulted:deadline:response:exchange:answering:)``
/// and return. Rounds are ``SSEFollowers``' in ``SSEFollowers/answersOnce`` mode, paced alike.
@available(OS2023, *)
final class LongPollFanOut: Sendable {
    typealias Waiters = SSEFollowers<LongPollLink>

    private struct State {
        var streams: [StreamPath: Waiters] = [:]
        var nextID: UInt64 = 0
        /// The server stops: waiters are answered `503`, and new ones too.
        var isStopped = false
    }

    private let operations: StreamOperations
    private let timeout: Duration
    private let maximumReadBytes: Int
    private let liveWaits: LiveWaits
    private let logger: Logger
    private let throttle: LogThrottle
    private let state = Locked(State())

    init(
        operations: StreamOperations, timeout: Duration, maximumReadBytes: Int, liveWaits: LiveWaits,
        logger: Logger, throttle: LogThrottle
    ) {
        self.operations = operations
        self.timeout = timeout
        self.maximumReadBytes = maximumReadBytes
        self.liveWaits = liveWaits
        self.logger = logger
        self.throttle = throttle
    }

    /// Takes over a long-poll's response, which has not started, and answers it once the stream grows past
    /// `offset`, closes or cannot be read, at `deadline`, or when the server stops (``stop()``); a closed
    /// connection just leaves. The waiter was counted with ``LiveWaits/enter()``; its answer ends that count.
    func follow(
        _ path: StreamPath,
        from offset: StreamOffset,
        key: LongPollKey,
        faulted: Bool,
        deadline: ContinuousClock.Instant,
        response: HTTP1ResponseLink,
        exchange: Exchange,
        answering: @escaping LongPollLink.Answering
    ) {
        let id = state.withLock { state -> UInt64 in
            state.nextID &+= 1
            return state.nextID
        }
        var key = key
        if faulted { key.faulted = id }
        let ownKey = key
        response.execute { _ in
            let link = LongPollLink(
                id: id, stream: path, key: ownKey, response: response, exchange: exchange, fanOut: self,
                answering: answering)
            // Closed before the hand-off reached the event loop: it would never hear of the close.
            guard response.channel.isActive else {
                self.abandon(link)
                return
            }
            let waiter = Waiters.Follower(offset: offset, cursor: nil, deadline: deadline, link: link)
            let kick = self.state.withLock { state -> Waiters.Kick? in
                guard !state.isStopped else { return nil }
                return state.streams[path, default: Waiters(keepAliveInterval: self.timeout, answersOnce: true)]
                    .add(id, waiter)
            }
            guard let kick else {
                self.write(link.answering(.failed(StreamStorageError(.unavailable))), to: link)
                return
            }
            self.perform(kick, for: path)
        }
    }

    /// Answers every waiter `503`, and those that come later: the server stops.
    func stop() {
        let (links, waits) = state.withLock { state -> ([LongPollLink], [WaitCancellation]) in
            state.isStopped = true
            defer { state.streams = [:] }
            var links: [LongPollLink] = []
            var waits: [WaitCancellation] = []
            for waiters in state.streams.values {
                links += waiters.followers.values.map(\.link)
                if case .waiting(_, let cancellation) = waiters.driver { waits.append(cancellation) }
            }
            return (links, waits)
        }
        answerEach(links, .failed(StreamStorageError(.unavailable)))
        for wait in waits { wait.cancel() }
    }

    /// Removes a waiter whose connection closed (on its event loop).
    func remove(_ link: LongPollLink) {
        let (removed, kick) = state.withLock { state -> (LongPollLink?, Waiters.Kick) in
            state.streams[link.stream]?.remove(link.id) ?? (nil, .none)
        }
        perform(kick, for: link.stream)
        if let removed { abandon(removed) }
    }

    /// A waiter left unanswered (on its event loop).
    private func abandon(_ link: LongPollLink) {
        if link.abandon() { liveWaits.leave() }
    }

    private func perform(_ kick: Waiters.Kick, for path: StreamPath) {
        switch kick {
        case .none: break
        case .startDriver: Task { await self.drive(path) }
        case .interrupt(let cancellation): cancellation.cancel()
        }
    }

    /// The stream's driver: rounds of wait, read and answers until no waiter is left.
    private func drive(_ path: StreamPath) async {
        while true {
            let now = ContinuousClock.now
            let planned = state.withLock { state -> (step: Waiters.Step, expired: [LongPollLink]) in
                guard let planned = state.streams[path]?.next(now: now, cancellation: WaitCancellation()) else {
                    return (.stop, [])
                }
                if case .stop = planned.step, state.streams[path]?.followers.isEmpty == true {
                    state.streams[path] = nil
                }
                return planned
            }
            answerEach(planned.expired, .timedOut)
            switch planned.step {
            case .stop:
                return
            case .wait(let after, let timeout):
                await waitRound(path, after: after, timeout: timeout)
            case .read(let start):
                await readRound(path, from: start)
            case .pause(let instant):
                try? await Task.sleep(until: instant, clock: .continuous)
            }
        }
    }

    private func waitRound(_ path: StreamPath, after offset: StreamOffset, timeout: Duration) async {
        let cancellation = state.withLock { state -> WaitCancellation? in
            guard case .waiting(_, let cancellation) = state.streams[path]?.driver else { return nil }
            return cancellation
        }
        let result = await operations.waitForAppend(path, after: offset, timeout: timeout, cancellation: cancellation)
        let ended = state.withLock { state in state.streams[path]?.waited(after: offset, result).ended ?? [] }
        let error: StreamStorageError =
            switch result {
            case .notFound: StreamStorageError(.notFound)
            case .gone: StreamStorageError(.gone)
            default: StreamStorageError(.unavailable)
            }
        answerEach(ended, .failed(error))
    }

    private func readRound(_ path: StreamPath, from start: StreamOffset) async {
        let result: ReadResult
        do {
            result = try await operations.read(path, from: .offset(start), maxBytes: maximumReadBytes)
        } catch {
            let ended = state.withLock { state in state.streams[path]?.readFailed(from: start) ?? [] }
            answerEach(ended, .failed(error))
            return
        }
        let delivery = state.withLock { state in
            state.streams[path]?.read(
                from: start, next: result.next, tail: result.info.tail, closed: result.info.isClosed)
                ?? .init()
        }
        guard !delivery.recipients.isEmpty else { return }
        let started = ContinuousClock.now
        await answerAndWait(delivery.recipients.map(\.link), .read(result))
        let now = ContinuousClock.now
        state.withLock { state in
            state.streams[path]?.delivered(readers: delivery.recipients.count, took: now - started, now: now)
        }
    }

    /// Answers waiters without waiting for the writes.
    private func answerEach(_ links: [LongPollLink], _ outcome: LongPollOutcome) {
        answerGroups(links, outcome, whenWritten: nil)
    }

    /// ``answerGroups(_:_:whenWritten:)``, returning once every loop wrote its batch.
    private func answerAndWait(_ links: [LongPollLink], _ outcome: LongPollOutcome) async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            answerGroups(links, outcome) { done.resume() }
        }
    }

    /// Makes one answer per group of waiters with the same key, and hands the answers to the waiters' event
    /// loops, one batch per loop; `whenWritten` runs once every loop wrote its batch.
    private func answerGroups(
        _ links: [LongPollLink], _ outcome: LongPollOutcome, whenWritten: (@Sendable () -> Void)?
    ) {
        var answers: [LongPollKey: LongPollAnswer] = [:]
        var batches: [ObjectIdentifier: (loop: any EventLoop, items: [(LongPollLink, LongPollAnswer)])] = [:]
        for link in links {
            let answer: LongPollAnswer
            if let made = answers[link.key] {
                answer = made
            } else {
                answer = link.answering(outcome)
                answers[link.key] = answer
            }
            batches[ObjectIdentifier(link.eventLoop), default: (link.eventLoop, [])].items.append((link, answer))
        }
        guard !batches.isEmpty else {
            whenWritten?()
            return
        }
        let remaining = Locked(batches.count)
        for batch in batches.values {
            let items = batch.items
            batch.loop.execute {
                for (link, answer) in items { self.write(answer, to: link) }
                let last = remaining.withLock { count -> Bool in
                    count -= 1
                    return count == 0
                }
                if last { whenWritten?() }
            }
        }
    }

    /// Writes a waiter's answer (on its event loop), ends its live-read count and logs it.
    private func write(_ answer: LongPollAnswer, to link: LongPollLink) {
        guard link.answer(answer) else { return }
        liveWaits.leave()
        let reply = answer.reply
        let bodiless = reply.status == .noContent || reply.status == .notModified
        StreamHTTPHandler.logCompletion(
            link.exchange, status: reply.status.code, bytes: bodiless ? 0 : reply.body?.count ?? 0,
            reason: reply.status.code >= 500 ? reply.body : nil, loggedOnce: reply.isLoggedOnce,
            logger: logger, throttle: throttle)
    }
}
#endif

#if canImport(HummingbirdCore) && (os(Linux) || os(macOS))
import CourierPrimitives
import DurableStreamsStorage
import Logging
import NIOCore

/// Feeds every live SSE reader of the server: per followed stream, one driver task waits for appends, reads
/// each once, frames the events once and writes the same bytes to every reader at that offset, in one batch
/// per event loop. Readers cost no task and no wake-up of their own: they are entries in ``SSEFollowers``,
/// each with the ``SSELink`` of its connection. Their request handlers hand the responses over in
/// ``follow(_:from:cursor:deadline:response:exchange:)`` and return. One round is in flight at a time, and
/// rounds that reach many readers are paced by what they took (see ``SSEFollowers``), so that appends keep most
/// of the machine.
@available(OS2023, *)
final class SSEFanOut: Sendable {
    private struct State {
        var streams: [StreamPath: SSEFollowers<SSELink>] = [:]
        var nextID: UInt64 = 0
        /// The server stops: readers are ended, and new ones too.
        var isStopped = false
    }

    /// Reads and waits go through the operations layer, as every other read does.
    private let operations: StreamOperations
    let framing: SSEFraming
    private let keepAliveInterval: Duration
    private let maximumReadBytes: Int
    private let liveWaits: LiveWaits
    private let logger: Logger
    private let throttle: LogThrottle
    private let state = Locked(State())

    init(
        operations: StreamOperations, framing: SSEFraming, keepAliveInterval: Duration, maximumReadBytes: Int,
        liveWaits: LiveWaits, logger: Logger, throttle: LogThrottle
    ) {
        self.operations = operations
        self.framing = framing
        self.keepAliveInterval = keepAliveInterval
        self.maximumReadBytes = maximumReadBytes
        self.liveWaits = liveWaits
        self.logger = logger
        self.throttle = throttle
    }

    /// Takes over a reader's response, whose head and events so far (up to `offset`) were written, and follows
    /// `path` for it until the response should end: the stream was closed and read to its end, deleted, the
    /// deadline passed, the connection closed, or the server stops (``stop()``). The reader was counted with
    /// ``LiveWaits/enter()``; the end of its response ends that count.
    func follow(
        _ path: StreamPath,
        from offset: StreamOffset,
        cursor: Substring?,
        deadline: ContinuousClock.Instant,
        response: HTTP1ResponseLink,
        exchange: Exchange
    ) {
        let id = state.withLock { state -> UInt64 in
            state.nextID &+= 1
            return state.nextID
        }
        let exchange = logger.logLevel <= .debug ? exchange : nil
        response.execute { connection in
            // Closed before the hand-off reached the event loop: it would never hear of the close.
            guard response.channel.isActive else {
                self.liveWaits.leave()
                if let exchange { self.logEnd(exchange) }
                return
            }
            guard let link = SSELink(id: id, stream: path, response: response, exchange: exchange, fanOut: self)
            else {
                self.logger.error("SSE reader cannot be followed: no HTTP/1 encoder", metadata: ["stream": "\(path)"])
                connection.send(head: nil, body: nil, end: true, trailers: nil)
                self.liveWaits.leave()
                return
            }
            // An owned copy: a slice would keep the request's whole target alive for as long as the reader.
            let follower = SSEFollowers<SSELink>.Follower(
                offset: offset, cursor: cursor.map { Substring(String($0)) }, deadline: deadline, link: link)
            let kick = self.state.withLock { state -> SSEFollowers<SSELink>.Kick? in
                guard !state.isStopped else { return nil }
                return state.streams[path, default: SSEFollowers(keepAliveInterval: self.keepAliveInterval)]
                    .add(id, follower)
            }
            guard let kick else {
                self.end(link)
                return
            }
            self.perform(kick, for: path)
        }
    }

    /// Ends every reader's response, and those of readers that join later: the server stops.
    func stop() {
        let (links, waits) = state.withLock { state -> ([SSELink], [WaitCancellation]) in
            state.isStopped = true
            defer { state.streams = [:] }
            var links: [SSELink] = []
            var waits: [WaitCancellation] = []
            for followers in state.streams.values {
                links += followers.followers.values.map(\.link)
                if case .waiting(_, let cancellation) = followers.driver { waits.append(cancellation) }
            }
            return (links, waits)
        }
        for link in links { endSoon(link) }
        // The drivers find no reader left once their waits end.
        for wait in waits { wait.cancel() }
    }

    /// Removes a reader whose connection closed (on its event loop).
    func remove(_ link: SSELink) {
        let (removed, kick) = state.withLock { state -> (SSELink?, SSEFollowers<SSELink>.Kick) in
            state.streams[link.stream]?.remove(link.id) ?? (nil, .none)
        }
        perform(kick, for: link.stream)
        if let removed { end(removed) }
    }

    /// Ends a reader's response (on its event loop), once.
    private func end(_ link: SSELink) {
        guard link.end() else { return }
        liveWaits.leave()
        if let exchange = link.exchange { logEnd(exchange) }
    }

    /// The log line of a reader's response that ended.
    private func logEnd(_ exchange: Exchange) {
        StreamHTTPHandler.logCompletion(
            exchange, status: 200, bytes: nil, reason: nil, logger: logger, throttle: throttle)
    }

    /// Ends a reader's response from any thread, after the writes already handed to the event loop.
    private func endSoon(_ link: SSELink) {
        if link.eventLoop.inEventLoop {
            end(link)
        } else {
            link.eventLoop.execute { self.end(link) }
        }
    }

    private func perform(_ kick: SSEFollowers<SSELink>.Kick, for path: StreamPath) {
        switch kick {
        case .none: break
        case .startDriver: Task { await self.drive(path) }
        case .interrupt(let cancellation): cancellation.cancel()
        }
    }

    /// The stream's driver: rounds of wait, read and delivery until no reader is left to feed.
    private func drive(_ path: StreamPath) async {
        while true {
            let now = ContinuousClock.now
            let planned = state.withLock { state -> (step: SSEFollowers<SSELink>.Step, expired: [SSELink]) in
                guard let planned = state.streams[path]?.next(now: now, cancellation: WaitCancellation()) else {
                    return (.stop, [])
                }
                if case .stop = planned.step, state.streams[path]?.followers.isEmpty == true {
                    state.streams[path] = nil
                }
                return planned
            }
            for link in planned.expired { endSoon(link) }
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
        let result = await operations.waitForAppend(
            path, after: offset, timeout: timeout, cancellation: cancellation)
        let (keepAlive, ended) = state.withLock { state in
            state.streams[path]?.waited(after: offset, result) ?? (.init(), [])
        }
        for link in ended { endSoon(link) }
        if !keepAlive.recipients.isEmpty {
            await deliver(keepAlive) { cursor in framing.keepAlive(at: offset, cursor: cursor) }
        }
    }

    private func readRound(_ path: StreamPath, from start: StreamOffset) async {
        guard let result = try? await operations.read(path, from: .offset(start), maxBytes: maximumReadBytes) else {
            let ended = state.withLock { state in state.streams[path]?.readFailed(from: start) ?? [] }
            for link in ended { endSoon(link) }
            return
        }
        let delivery = state.withLock { state in
            state.streams[path]?.read(
                from: start, next: result.next, tail: result.info.tail, closed: result.info.isClosed)
                ?? .init()
        }
        guard !delivery.recipients.isEmpty else { return }
        let data = framing.data(for: result)
        let started = ContinuousClock.now
        await deliver(delivery) { cursor in framing.events(data: data, after: result, cursor: cursor) }
        let now = ContinuousClock.now
        state.withLock { state in
            state.streams[path]?.delivered(readers: delivery.recipients.count, took: now - started, now: now)
        }
    }

    /// Hands the events to the recipients' event loops, one batch per loop: the same chunk for every reader
    /// that echoed the same cursor. Returns once every loop wrote its batch: one round at a time is in flight,
    /// and what it took paces the next.
    private func deliver(_ delivery: SSEFollowers<SSELink>.Delivery, chunk: (Substring?) -> ByteBuffer) async {
        var chunks: [Substring?: ByteBuffer] = [:]
        var batches: [ObjectIdentifier: (loop: any EventLoop, items: [(SSELink, ByteBuffer)])] = [:]
        for (link, cursor) in delivery.recipients {
            let bytes: ByteBuffer
            if let made = chunks[cursor] {
                bytes = made
            } else {
                bytes = chunk(cursor)
                chunks[cursor] = bytes
            }
            batches[ObjectIdentifier(link.eventLoop), default: (link.eventLoop, [])].items.append((link, bytes))
        }
        let ends = delivery.ends
        let loops = Array(batches.values)
        guard !loops.isEmpty else { return }
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            let remaining = Locked(loops.count)
            for batch in loops {
                let items = batch.items
                batch.loop.execute {
                    for (link, bytes) in items {
                        link.write(bytes)
                        if ends { self.end(link) }
                    }
                    if remaining.withLock({ count -> Bool in
                        count -= 1
                        return count == 0
                    }) {
                        done.resume()
                    }
                }
            }
        }
    }

    /// A write to the reader was queued past its connection's high-water mark: rounds leave it out.
    func blocked(_ link: SSELink) {
        state.withLock { $0.streams[link.stream]?.block(link.id) }
    }

    /// The reader's queued writes drained: it catches up from its offset.
    func drained(_ link: SSELink) {
        let kick = state.withLock { $0.streams[link.stream]?.unblock(link.id) ?? .none }
        perform(kick, for: link.stream)
    }
}
#endif

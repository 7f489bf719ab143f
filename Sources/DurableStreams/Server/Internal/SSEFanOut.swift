#if canImport(HummingbirdCore) && (os(Linux) || os(macOS))
import CourierPrimitives
import DurableStreamsStorage
import NIOCore

/// Feeds every live SSE reader of the server: per followed stream, one driver task waits for appends, reads
/// each once, frames the events once and writes the same bytes to every reader at that offset, in one batch
/// per event loop. Readers cost no task and no wake-up of their own: they are entries in ``SSEFollowers``,
/// each with the ``SSELink`` of its connection. The readers' request handlers wait in
/// ``follow(_:from:cursor:deadline:channel:cancellation:)`` until their response ends. Rounds that reach many
/// readers are paced (see ``SSEFollowers``), so that appends keep most of the machine.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
final class SSEFanOut: Sendable {
    private struct State {
        var streams: [StreamPath: SSEFollowers<SSELink>] = [:]
        var nextID: UInt64 = 0
    }

    private let storage: any StreamStorage
    let framing: SSEFraming
    private let keepAliveInterval: Duration
    private let maximumReadBytes: Int
    private let state = Locked(State())

    init(storage: any StreamStorage, framing: SSEFraming, keepAliveInterval: Duration, maximumReadBytes: Int) {
        self.storage = storage
        self.framing = framing
        self.keepAliveInterval = keepAliveInterval
        self.maximumReadBytes = maximumReadBytes
    }

    /// Follows `path` from `offset` (where the reader's events so far end; the response head and those events
    /// already written through the connection's response writer) until the reader's response should end: the
    /// stream was closed and read to its end, deleted, the deadline passed, or `cancellation` was cancelled
    /// (the connection closed or the server stops; cancelling the calling task cancels it). The caller then
    /// ends the response.
    ///
    /// - Returns: `false` when the connection cannot be followed (its pipeline has no HTTP/1 encoder).
    func follow(
        _ path: StreamPath,
        from offset: StreamOffset,
        cursor: Substring?,
        deadline: ContinuousClock.Instant,
        channel: any Channel,
        cancellation: WaitCancellation
    ) async -> Bool {
        let id = state.withLock { state -> UInt64 in
            state.nextID &+= 1
            return state.nextID
        }
        // Whether the connection could be linked, and the reader's registration with the cancellation.
        let linked = Locked<(Bool, UInt64?)>((true, nil))
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                channel.eventLoop.execute {
                    guard let link = SSELink(id: id, stream: path, channel: channel, continuation: continuation)
                    else {
                        linked.withLock { $0.0 = false }
                        continuation.resume()
                        return
                    }
                    let follower = SSEFollowers<SSELink>.Follower(
                        offset: offset, cursor: cursor, deadline: deadline, link: link)
                    let kick = self.state.withLock { state in
                        state.streams[path, default: SSEFollowers(keepAliveInterval: self.keepAliveInterval)]
                            .add(id, follower)
                    }
                    self.perform(kick, for: path)
                    let registration = cancellation.register { [weak self] in self?.remove(id, from: path) }
                    linked.withLock { $0.1 = registration }
                    if registration == nil { self.remove(id, from: path) }
                }
            }
        } onCancel: {
            cancellation.cancel()
        }
        let (isLinked, registration) = linked.withLock { $0 }
        if let registration { cancellation.unregister(registration) }
        return isLinked
    }

    /// Removes a reader and ends its response.
    private func remove(_ id: UInt64, from path: StreamPath) {
        let (link, kick) = state.withLock { state -> (SSELink?, SSEFollowers<SSELink>.Kick) in
            state.streams[path]?.remove(id) ?? (nil, .none)
        }
        perform(kick, for: path)
        link?.endSoon()
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
            for link in planned.expired { link.endSoon() }
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
        let result = await storage.waitForAppend(path, after: offset, timeout: timeout, cancellation: cancellation)
        let (keepAlive, ended) = state.withLock { state in
            state.streams[path]?.waited(after: offset, result) ?? (.init(), [])
        }
        for link in ended { link.endSoon() }
        if !keepAlive.recipients.isEmpty {
            deliver(keepAlive) { cursor in framing.keepAlive(at: offset, cursor: cursor) }
        }
    }

    private func readRound(_ path: StreamPath, from start: StreamOffset) async {
        guard let result = try? await storage.read(path, from: .offset(start), maxBytes: maximumReadBytes) else {
            let ended = state.withLock { state in state.streams[path]?.readFailed(from: start) ?? [] }
            for link in ended { link.endSoon() }
            return
        }
        let delivery = state.withLock { state in
            state.streams[path]?.read(
                from: start, next: result.next, tail: result.info.tail, closed: result.info.isClosed, now: .now)
                ?? .init()
        }
        guard !delivery.recipients.isEmpty else { return }
        let data = framing.data(for: result)
        deliver(delivery) { cursor in framing.events(data: data, after: result, cursor: cursor) }
    }

    /// Hands the events to the recipients' event loops, one batch per loop: the same chunk for every reader
    /// that echoed the same cursor.
    private func deliver(_ delivery: SSEFollowers<SSELink>.Delivery, chunk: (Substring?) -> ByteBuffer) {
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
        for batch in batches.values {
            let items = batch.items
            batch.loop.execute {
                for (link, bytes) in items {
                    link.write(bytes, for: self)
                    if ends { link.end() }
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

#if canImport(HummingbirdCore) && (os(Linux) || os(macOS))
import CourierPrimitives
import NIOCore

/// The bodies of one connection's requests as their handlers read them, one request at a time, through a
/// ``RequestBodyBuffer``: the connection feeds it on its event loop, the handler iterates it from its task.
/// Made once per connection, on its first request with a body, and reused: each request reads through a
/// ``Sequence`` tagged with its number, so that a handler that outlives its request reads nothing of the next.
@available(OS2023, *)
final class RequestBodyStream: Sendable {
    private typealias Waiter = UnsafeContinuation<ByteBuffer?, any Error>

    private struct State {
        var buffer = RequestBodyBuffer<Waiter>()
        var request: UInt64 = 0
    }

    private let state = Locked(State())
    /// Starts the connection's reading again.
    private let resumeReading: @Sendable () -> Void

    init(resumeReading: @escaping @Sendable () -> Void) {
        self.resumeReading = resumeReading
    }

    // MARK: The connection's side

    /// A new request's body starts: what is left of the previous one is dropped. Returns the body to hand to
    /// the request's handler.
    func begin(_ request: UInt64) -> Sequence {
        let resume = state.withLock { state -> RequestBodyBuffer<Waiter>.Resume in
            let resume = state.buffer.reset()
            state.request = request
            return resume
        }
        Self.perform(resume)
        return Sequence(stream: self, request: request)
    }

    /// A part of the current body arrived; `false` when the connection must stop reading until it is told to
    /// resume.
    func receive(_ part: ByteBuffer) -> Bool {
        let (resume, keepReading) = state.withLock { $0.buffer.receive(part) }
        Self.perform(resume)
        return keepReading
    }

    /// The current body ended, or failed with `error`.
    func finish(_ error: (any Error)? = nil) {
        Self.perform(state.withLock { $0.buffer.finish(error) })
    }

    /// The handler of `request` is done with it: later parts are dropped, and reading goes on.
    func abandon(_ request: UInt64) {
        let resume = state.withLock { state in state.request == request && state.buffer.abandon() }
        if resume { resumeReading() }
    }

    private static func perform(_ resume: RequestBodyBuffer<Waiter>.Resume) {
        switch resume {
        case .none: break
        case .part(let waiter, let part): waiter.resume(returning: part)
        case .end(let waiter): waiter.resume(returning: nil)
        case .failed(let waiter, let error): waiter.resume(throwing: error)
        }
    }

    // MARK: The handler's side

    /// The next part of `request`'s body, or `nil` at its end.
    fileprivate func next(of request: UInt64) async throws -> ByteBuffer? {
        if let ready = try take(poll(request, waiter: nil)) { return ready }
        return try await withUnsafeThrowingContinuation { (waiter: Waiter) in
            do {
                if let ready = try take(poll(request, waiter: waiter)) { waiter.resume(returning: ready) }
            } catch {
                waiter.resume(throwing: error)
            }
        }
    }

    private func poll(_ request: UInt64, waiter: Waiter?) -> RequestBodyBuffer<Waiter>.Next {
        state.withLock { state in
            // A handler that outlived its request reads an empty rest.
            guard state.request == request else { return .end }
            return state.buffer.next(waiter: waiter)
        }
    }

    /// The part or end `next` found; `nil` when there was none yet (`.wait`).
    private func take(_ next: RequestBodyBuffer<Waiter>.Next) throws -> ByteBuffer?? {
        switch next {
        case .part(let part, let resume):
            if resume { resumeReading() }
            return .some(part)
        case .end: return .some(nil)
        case .failed(let error): throw error
        case .wait: return nil
        }
    }

    /// One request's body.
    struct Sequence: AsyncSequence, Sendable {
        typealias Element = ByteBuffer
        let stream: RequestBodyStream
        let request: UInt64

        struct AsyncIterator: AsyncIteratorProtocol {
            let stream: RequestBodyStream
            let request: UInt64

            mutating func next() async throws -> ByteBuffer? {
                try await stream.next(of: request)
            }
        }

        func makeAsyncIterator() -> AsyncIterator {
            AsyncIterator(stream: stream, request: request)
        }
    }
}
#endif

package import NIOCore

/// The parts of one request body between the connection, which reads them from the socket, and the request's
/// handler, which takes them one at a time, as a value: inputs return what the driver
/// (``RequestBodyStream``) must do. Generic over the waiting handler's continuation, so that it is tested
/// without tasks.
///
/// The connection stops reading from the socket while ``highWatermark`` bytes or more wait here, and reads again
/// once the handler took them all. A handler that is done with the request before its body ended abandons
/// the body: what waits is dropped and the rest is read and dropped as it comes, so that the connection reaches
/// the next request.
package struct RequestBodyBuffer<Waiter> {
    /// Bytes waiting here past which the connection stops reading.
    package static var highWatermark: Int { 64 * 1024 }

    package enum End {
        case finished
        case failed(any Error)
        case abandoned
    }

    /// What the handler's ``next(waiter:)`` gets.
    package enum Next {
        /// A part, and whether the connection must start reading again.
        case part(ByteBuffer, resumeReading: Bool)
        /// The body ended.
        case end
        case failed(any Error)
        /// Nothing yet: the waiter was kept and is resumed by the next input.
        case wait
    }

    /// What to do with the waiting handler after an input from the connection.
    package enum Resume {
        case none
        case part(Waiter, ByteBuffer)
        case end(Waiter)
        case failed(Waiter, any Error)
    }

    package private(set) var parts = CircularBuffer<ByteBuffer>(initialCapacity: 4)
    package private(set) var bufferedBytes = 0
    package private(set) var end: End?
    /// The connection stopped reading until the handler takes what waits.
    package private(set) var isReadingPaused = false
    private var waiter: Waiter?

    package init() {}

    /// A part arrived: handed to the waiting handler, kept, or dropped (the body was abandoned or has ended);
    /// `keepReading` is `false` when the connection must stop reading.
    package mutating func receive(_ part: ByteBuffer) -> (resume: Resume, keepReading: Bool) {
        guard end == nil else { return (.none, true) }
        if let waiter {
            self.waiter = nil
            return (.part(waiter, part), true)
        }
        parts.append(part)
        bufferedBytes += part.readableBytes
        if bufferedBytes >= Self.highWatermark { isReadingPaused = true }
        return (.none, !isReadingPaused)
    }

    /// The body ended (`error` is `nil`) or cannot be read (the connection closed, the request was malformed).
    package mutating func finish(_ error: (any Error)?) -> Resume {
        guard end == nil else { return .none }
        end = error.map { .failed($0) } ?? .finished
        guard let waiter else { return .none }
        self.waiter = nil
        // A waiting handler has taken everything that was buffered.
        return error.map { .failed(waiter, $0) } ?? .end(waiter)
    }

    /// The handler is done with the request: what waits is dropped. `true` when the connection must start
    /// reading again.
    package mutating func abandon() -> Bool {
        if end == nil { end = .abandoned }
        parts.removeAll(keepingCapacity: true)
        bufferedBytes = 0
        defer { isReadingPaused = false }
        return isReadingPaused
    }

    /// Starts over for the next request's body, keeping the buffer's storage; a handler still waiting for the
    /// previous body is told it ended.
    package mutating func reset() -> Resume {
        let resume = finish(nil)
        parts.removeAll(keepingCapacity: true)
        bufferedBytes = 0
        end = nil
        isReadingPaused = false
        return resume
    }

    /// The handler asks for the next part; `waiter` is kept when there is none yet.
    package mutating func next(waiter: @autoclosure () -> Waiter?) -> Next {
        if let part = parts.popFirst() {
            bufferedBytes -= part.readableBytes
            let resume = isReadingPaused && parts.isEmpty
            if resume { isReadingPaused = false }
            return .part(part, resumeReading: resume)
        }
        switch end {
        case .finished, .abandoned: return .end
        case .failed(let error): return .failed(error)
        case nil: break
        }
        guard let waiter = waiter() else { return .wait }
        self.waiter = waiter
        return .wait
    }
}

extension RequestBodyBuffer: Sendable where Waiter: Sendable {}

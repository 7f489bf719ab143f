#if canImport(HummingbirdCore) && (os(Linux) || os(macOS))
import HTTPTypes
import NIOCore

/// A request's way to its connection, from any thread: each call runs on the connection's event loop, in the
/// order made.
@available(OS2023, *)
struct HTTP1ResponseLink: Sendable {
    let connection: NIOLoopBound<HTTP1Connection>
    let channel: any Channel

    var eventLoop: any EventLoop { channel.eventLoop }

    /// Runs `body` with the connection on its event loop (at once when already there).
    func execute(_ body: @escaping @Sendable (HTTP1Connection) -> Void) {
        if eventLoop.inEventLoop {
            body(connection.value)
        } else {
            let connection = self.connection
            eventLoop.execute { body(connection.value) }
        }
    }

    /// Tells the connection that the handler of request `number` returned.
    func handlerFinished(_ number: UInt64) {
        // One closure (not one wrapped in ``execute(_:)``'s): this runs for every request.
        let connection = self.connection
        eventLoop.execute { connection.value.handlerFinished(number) }
    }

    /// Hands parts of the response to the connection once it can take them.
    ///
    /// - Throws: `ChannelError.ioOnClosedChannel` when the connection closed.
    func send(head: HTTPResponse? = nil, body: ByteBuffer? = nil, end: Bool = false, trailers: HTTPFields? = nil)
        async throws
    {
        try await waitUntilWritable()
        // One closure (not one wrapped in ``execute(_:)``'s): this runs for every response.
        let connection = self.connection
        if eventLoop.inEventLoop {
            connection.value.send(head: head, body: body, end: end, trailers: trailers)
        } else {
            eventLoop.execute { connection.value.send(head: head, body: body, end: end, trailers: trailers) }
        }
    }

    /// Hands a whole response to the connection, its body sent from buffers and files as they are; the body's
    /// lease is released once it is written, or will not be.
    ///
    /// - Throws: `ChannelError.ioOnClosedChannel` when the connection closed.
    func send(head: HTTPResponse, body: ResponseBody) async throws {
        do {
            try await waitUntilWritable()
        } catch {
            body.lease?.release()
            throw error
        }
        let connection = self.connection
        if eventLoop.inEventLoop {
            connection.value.send(head: head, body: body)
        } else {
            eventLoop.execute { connection.value.send(head: head, body: body) }
        }
    }

    private func waitUntilWritable() async throws {
        guard channel.isActive else { throw ChannelError.ioOnClosedChannel }
        if !channel.isWritable {
            let connection = self.connection
            let eventLoop = self.eventLoop
            try await withCheckedThrowingContinuation { (waiter: CheckedContinuation<Void, any Error>) in
                eventLoop.execute { connection.value.waitForWritability(waiter) }
            }
        }
    }
}

/// Writes a request's response: either whole, or its head and then its body through ``HTTP1BodyWriter``.
@available(OS2023, *)
struct HTTP1ResponseWriter: ~Copyable {
    let link: HTTP1ResponseLink

    /// Writes an informational (`1xx`) head, such as `100 Continue`; the response follows.
    func writeInformationalHead(_ head: HTTPResponse) async throws {
        guard link.channel.isActive else { throw ChannelError.ioOnClosedChannel }
        link.execute { $0.sendInformational(head) }
    }

    /// Writes a response with no body.
    consuming func writeResponse(_ head: HTTPResponse) async throws {
        try await link.send(head: head, end: true)
    }

    /// Writes a response and its whole body.
    consuming func write(response head: HTTPResponse, body: ByteBuffer) async throws {
        try await link.send(head: head, body: body, end: true)
    }

    /// Writes a response and its whole body, sent from the store's buffers and files as they are.
    consuming func write(response head: HTTPResponse, body: ResponseBody) async throws {
        try await link.send(head: head, body: body)
    }

    /// Gives the whole response to another writer, which writes it from the connection's event loop through
    /// the link returned; the request's handler may then return. The writer sets itself as the connection's
    /// ``HTTP1Connection/closeObserver`` (on the event loop).
    consuming func handOff() -> HTTP1ResponseLink {
        link.execute { $0.handOff() }
        return link
    }

    /// Writes the response's head; the body follows through the writer returned.
    consuming func writeHead(_ head: HTTPResponse) async throws -> HTTP1BodyWriter {
        try await link.send(head: head)
        return HTTP1BodyWriter(link: link)
    }
}

/// Writes the body of a response whose head went out.
@available(OS2023, *)
struct HTTP1BodyWriter: ~Copyable {
    let link: HTTP1ResponseLink

    /// Writes a part of the body.
    func write(_ buffer: ByteBuffer) async throws {
        try await link.send(body: buffer)
    }

    /// Ends the body.
    consuming func finish(_ trailers: HTTPFields?) async throws {
        try await link.send(end: true, trailers: trailers)
    }

    /// Gives the rest of the response to another writer, which writes its body from the connection's event
    /// loop and ends it through the link returned; the request's handler may then return. The writer sets
    /// itself as the connection's ``HTTP1Connection/closeObserver`` (on the event loop).
    consuming func handOff() -> HTTP1ResponseLink {
        link.execute { $0.handOff() }
        return link
    }
}
#endif

public import AsyncHTTPClient
internal import CourierPrimitives
public import DurableStreams
import Foundation
import NIOCore
import NIOHTTP1

/// An ``HTTPTransport`` on AsyncHTTPClient: streaming response bodies on SwiftNIO, for Linux and servers.
///
/// ```swift
/// let transport = AsyncHTTPClientTransport()
/// defer { Task { try? await transport.shutdown() } }
/// let configuration = HTTPConfiguration(transport: transport)
/// ```
///
/// Body chunks are handed over as they arrive with NIO's backpressure; cancelling the reading task or dropping
/// the body cancels the request. A connection silent for longer than the read timeout fails with
/// ``DurableStreamError/timeout``, so a server that never answers cannot hang a read.
@available(OS2022, *)
public final class AsyncHTTPClientTransport: HTTPTransport {
    /// The client requests go through.
    public let client: HTTPClient
    private let ownsClient: Bool

    /// Uses an existing client; the caller keeps responsibility for shutting it down.
    public init(client: HTTPClient) {
        self.client = client
        self.ownsClient = false
    }

    /// Creates a transport with its own client (shut it down with ``shutdown()``).
    ///
    /// - Parameters:
    ///   - readTimeout: The longest a connection may stay silent while a response is expected; keep it above
    ///     the server's long-poll timeout.
    ///   - connectTimeout: The longest a connection attempt may take.
    ///   - maxConnectionsPerHost: The connection pool's size per host.
    ///   - retriesConnections: Whether a connection that cannot be made (refused, unreachable) is tried again until
    ///     the request's deadline, as AsyncHTTPClient does by default. With `false` such a request fails at once
    ///     with ``DurableStreamError/connectionFailed``, and the handle's retry policy alone decides what follows
    ///     (a command-line tool reports a refused connection at once).
    public init(
        readTimeout: Duration = .seconds(90),
        connectTimeout: Duration = .seconds(10),
        maxConnectionsPerHost: Int = 32,
        retriesConnections: Bool = true
    ) {
        var configuration = HTTPClient.Configuration()
        configuration.timeout = .init(
            connect: .nanoseconds(connectTimeout.inNanoseconds), read: .nanoseconds(readTimeout.inNanoseconds))
        configuration.connectionPool = .init(
            idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: maxConnectionsPerHost)
        configuration.connectionPool.retryConnectionEstablishment = retriesConnections
        configuration.decompression = .disabled
        self.client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        self.ownsClient = true
    }

    /// Shuts the transport's own client down (does nothing for a client passed in).
    ///
    /// - Throws: ``DurableStreamError/connectionFailed`` if the shutdown fails.
    public func shutdown() async throws(DurableStreamError) {
        guard ownsClient else { return }
        do {
            try await client.shutdown()
        } catch {
            throw .connectionFailed(underlying: error)
        }
    }

    /// Sends a request; returns once the status and headers have arrived.
    public func execute(_ request: StreamHTTPRequest) async throws(DurableStreamError) -> StreamHTTPResponse {
        var outgoing = HTTPClientRequest(url: request.url.absoluteString)
        outgoing.method = HTTPMethod(rawValue: request.method.rawValue)
        for field in request.headers {
            outgoing.headers.add(name: field.name, value: field.value)
        }
        if let body = request.body {
            outgoing.body = .bytes(ByteBuffer(bytes: body))
        }
        let timeout = request.timeout.map { TimeAmount.nanoseconds($0.inNanoseconds) } ?? .hours(24 * 365)
        let response: HTTPClientResponse
        do {
            response = try await client.execute(outgoing, timeout: timeout)
        } catch {
            throw Self.map(error)
        }
        var headers = StreamHTTPHeaders()
        for (name, value) in response.headers {
            headers.add(name: name, value: value)
        }
        let reader = BodyReader(response.body)
        return StreamHTTPResponse(
            status: Int(response.status.code),
            headers: headers,
            body: StreamHTTPResponseBody(
                next: { () async throws(DurableStreamError) -> Data? in try await reader.next() },
                cancel: { reader.cancel() }
            )
        )
    }

    static func map(_ error: any Error) -> DurableStreamError {
        if let error = error as? DurableStreamError { return error }
        if error is CancellationError { return .cancelled }
        if let error = error as? HTTPClientError {
            switch error {
            case .deadlineExceeded, .readTimeout, .connectTimeout, .writeTimeout: return .timeout
            case .cancelled: return .cancelled
            case .alreadyShutdown: return .transportShutDown
            default: return .connectionFailed(underlying: error)
            }
        }
        return .connectionFailed(underlying: error)
    }
}

/// Reads an AsyncHTTPClient body on behalf of its single consumer.
///
/// `@unchecked Sendable`: the (non-`Sendable`) iterator is taken out under the lock for one read and put back, so
/// two tasks never use it at once.
@available(OS2022, *)
private final class BodyReader: @unchecked Sendable {
    private let iterator: Locked<HTTPClientResponse.Body.AsyncIterator?>

    init(_ body: HTTPClientResponse.Body) {
        self.iterator = Locked(body.makeAsyncIterator())
    }

    func next() async throws(DurableStreamError) -> Data? {
        guard var current = take() else { return nil }
        do {
            let buffer = try await current.next()
            guard let buffer else { return nil }
            put(current)
            return Data(buffer.readableBytesView)
        } catch {
            if Task.isCancelled { throw .cancelled }
            throw AsyncHTTPClientTransport.map(error)
        }
    }

    /// Drops the iterator, which makes AsyncHTTPClient cancel the request if the body is unfinished.
    func cancel() {
        iterator.withLock { $0 = nil }
    }

    private func take() -> HTTPClientResponse.Body.AsyncIterator? {
        iterator.withLock { current in
            defer { current = nil }
            return current
        }
    }

    private func put(_ current: HTTPClientResponse.Body.AsyncIterator) {
        iterator.withLock { $0 = current }
    }
}

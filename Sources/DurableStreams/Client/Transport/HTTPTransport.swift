import CourierPrimitives
public import Foundation

/// An HTTP request as the client hands it to a transport.
@available(OS2022, *)
public struct StreamHTTPRequest: Sendable {
    /// The request method.
    public enum Method: String, Sendable, Hashable {
        /// `GET`
        case get = "GET"
        /// `HEAD`
        case head = "HEAD"
        /// `PUT`
        case put = "PUT"
        /// `POST`
        case post = "POST"
        /// `DELETE`
        case delete = "DELETE"
    }

    /// The request method.
    public var method: Method

    /// The full URL, query included.
    public var url: URL

    /// The header fields.
    public var headers: StreamHTTPHeaders

    /// The body, if any.
    public var body: Data?

    /// How long the transport may wait for the response to start (its status and headers) before failing with
    /// ``DurableStreamError/timeout``. `nil` for requests that legitimately stay open (SSE).
    public var timeout: Duration?

    /// Creates a request.
    public init(method: Method, url: URL, headers: StreamHTTPHeaders = [:], body: Data? = nil, timeout: Duration? = nil)
    {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
    }
}

/// A response whose body arrives incrementally.
@available(OS2022, *)
public struct StreamHTTPResponse: Sendable {
    /// The status code.
    public var status: Int

    /// The response header fields.
    public var headers: StreamHTTPHeaders

    /// The body, read chunk by chunk.
    public var body: StreamHTTPResponseBody

    /// Creates a response.
    public init(status: Int, headers: StreamHTTPHeaders, body: StreamHTTPResponseBody) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// A response body read chunk by chunk, as the bytes arrive.
///
/// A body has one reader. Cancelling the reading task, or calling ``cancel()``, stops the underlying request.
@available(OS2022, *)
public struct StreamHTTPResponseBody: Sendable {
    /// Returns the next chunk, or `nil` at the end of the body.
    public typealias Next = @Sendable () async throws(DurableStreamError) -> Data?

    private let nextChunk: Next
    private let cancelRequest: @Sendable () -> Void

    /// Creates a body from a chunk source and a way to cancel the request behind it.
    public init(next: @escaping Next, cancel: @escaping @Sendable () -> Void = {}) {
        self.nextChunk = next
        self.cancelRequest = cancel
    }

    /// A body made of the given bytes.
    public static func bytes(_ data: Data) -> StreamHTTPResponseBody {
        let remaining = Locked<Data?>(data.isEmpty ? nil : data)
        return StreamHTTPResponseBody(next: { remaining.take() })
    }

    /// An empty body.
    public static var empty: StreamHTTPResponseBody { .bytes(Data()) }

    /// Reads the next chunk; `nil` at the end of the body.
    public func next() async throws(DurableStreamError) -> Data? {
        try await nextChunk()
    }

    /// Stops the request; later reads return `nil` or fail.
    public func cancel() {
        cancelRequest()
    }

    /// Reads the rest of the body, failing with ``DurableStreamError/invalidResponse`` once it
    /// exceeds `limit` bytes.
    public func collect(upTo limit: Int) async throws(DurableStreamError) -> Data {
        var result = Data()
        while let chunk = try await next() {
            if result.count + chunk.count > limit {
                cancel()
                throw .invalidResponse(message: "response body exceeds \(limit) bytes")
            }
            if result.isEmpty {
                result = chunk
            } else {
                result.append(chunk)
            }
        }
        return result
    }

    /// Reads and discards the rest of the body (at most `limit` bytes, then cancels).
    public func drain(upTo limit: Int = 64 * 1024) async {
        var seen = 0
        do {
            while let chunk = try await next() {
                seen += chunk.count
                if seen > limit {
                    cancel()
                    return
                }
            }
        } catch {
            return
        }
    }
}

/// Sends HTTP requests for the client.
///
/// The library ships two transports: `URLSessionTransport` (Foundation, every platform) and
/// `AsyncHTTPClientTransport` (module `DurableStreamsAsyncHTTPClient`, for Linux and servers). Implement this
/// protocol to plug in another HTTP stack or a test double.
///
/// A transport reports failures as ``DurableStreamError``: ``DurableStreamError/connectionFailed``
/// for network errors, ``DurableStreamError/timeout`` when ``StreamHTTPRequest/timeout`` passes, and
/// ``DurableStreamError/cancelled`` when the calling task is cancelled. It returns every HTTP status as a
/// response; the client maps statuses to errors.
@available(OS2022, *)
public protocol HTTPTransport: Sendable {
    /// Sends a request and returns as soon as the response's status and headers have arrived.
    func execute(_ request: StreamHTTPRequest) async throws(DurableStreamError) -> StreamHTTPResponse
}

@available(OS2022, *)
extension Locked {
    /// Returns the optional value and leaves `nil` in its place.
    func take<Wrapped>() -> Wrapped? where State == Wrapped? {
        withLock { value in
            defer { value = nil }
            return value
        }
    }
}

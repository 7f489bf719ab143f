import CourierPrimitives
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An ``HTTPTransport`` on `URLSession`, streaming response bodies through a data delegate.
///
/// One transport owns one `URLSession` for all its requests (no session per request). Bodies arrive chunk by
/// chunk as the delegate receives them. When a reader falls behind by more than ``highWaterMark`` bytes, Apple
/// platforms suspend the task until it catches up. FoundationNetworking (Linux) cannot suspend a task that is
/// receiving data, so there a reader that falls behind by more than ``maxBufferedBytes`` has its request
/// cancelled with ``DurableStreamError/connectionFailed(underlying:)``, which live reads treat like a dropped
/// connection: they reconnect from the last confirmed offset. Either way memory stays bounded. Works on Apple
/// platforms and, through FoundationNetworking, on Linux.
public final class URLSessionTransport: HTTPTransport {
    /// A transport shared by every configuration that does not name one.
    public static let shared = URLSessionTransport()

    /// Unread body bytes above which a request is paused (Apple platforms).
    public let highWaterMark: Int

    /// Unread body bytes above which a request is cancelled where it cannot be paused (FoundationNetworking).
    public let maxBufferedBytes: Int

    /// The idle timeout used for requests without a ``HTTPRequest/timeout`` (SSE).
    public let streamingIdleTimeout: Duration

    private let session: URLSession
    private let delegate: SessionDelegate

    /// Creates a transport with its own session.
    ///
    /// - Parameters:
    ///   - configuration: The session configuration; caching is turned off (the protocol's responses are
    ///     fresh by design, and a read must never be answered from a local cache).
    ///   - highWaterMark: Unread body bytes above which a request is paused (Apple platforms).
    ///   - maxBufferedBytes: Unread body bytes above which a request is cancelled (FoundationNetworking).
    ///   - streamingIdleTimeout: How long an SSE connection may stay silent before it counts as dead.
    public init(
        configuration: URLSessionConfiguration = .default,
        highWaterMark: Int = 1 << 20,
        maxBufferedBytes: Int = 64 << 20,
        streamingIdleTimeout: Duration = .seconds(120)
    ) {
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        self.highWaterMark = highWaterMark
        self.maxBufferedBytes = max(highWaterMark, maxBufferedBytes)
        self.streamingIdleTimeout = streamingIdleTimeout
        let delegate = SessionDelegate()
        self.delegate = delegate
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        self.session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: queue)
    }

    /// Cancels every request and invalidates the session; the transport cannot be used afterwards.
    public func shutdown() {
        session.invalidateAndCancel()
    }

    /// Sends a request; returns once the status and headers have arrived.
    public func execute(_ request: HTTPRequest) async throws(DurableStreamError) -> HTTPResponse {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method.rawValue
        urlRequest.cachePolicy = .reloadIgnoringLocalCacheData
        urlRequest.timeoutInterval = (request.timeout ?? streamingIdleTimeout).seconds
        for field in request.headers {
            urlRequest.addValue(field.value, forHTTPHeaderField: field.name)
        }
        urlRequest.httpBody = request.body
        let task = session.dataTask(with: urlRequest)
        let exchange = Exchange(task: task, highWaterMark: highWaterMark, maxBufferedBytes: maxBufferedBytes)
        delegate.register(exchange, for: task)
        do {
            return try await withTaskCancellationHandler {
                try await exchange.awaitHead()
            } onCancel: {
                task.cancel()
            }
        } catch let error as DurableStreamError {
            throw error
        } catch {
            throw .connectionFailed(underlying: error)
        }
    }
}

/// Routes session callbacks to the exchange of each task.
private final class SessionDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let exchanges = Locked<[Int: Exchange]>([:])

    func register(_ exchange: Exchange, for task: URLSessionTask) {
        exchanges.withLock { $0[task.taskIdentifier] = exchange }
        task.resume()
    }

    func urlSession(
        _ session: URLSession,
        dataTask: URLSessionDataTask,
        didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        exchanges.withLock { $0[dataTask.taskIdentifier] }?.receive(response)
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        guard let exchange = exchanges.withLock({ $0[dataTask.taskIdentifier] }) else { return }
        // The head normally arrives through the response callback above; fall back to the task's response in
        // case an SDK calls only the data and completion callbacks.
        if let response = dataTask.response { exchange.receive(response) }
        exchange.receive(data)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let exchange = exchanges.withLock { $0.removeValue(forKey: task.taskIdentifier) }
        if error == nil, let response = task.response { exchange?.receive(response) }
        exchange?.complete(error)
    }
}

/// The state of one request: its head, then its body chunks, handed from the delegate to one reader.
private final class Exchange: @unchecked Sendable {
    private struct State {
        var head: CheckedContinuation<HTTPResponse, any Error>?
        /// The response head when it arrived before anyone awaited it.
        var earlyHead: HTTPResponse?
        var headDelivered = false
        var chunks: [Data] = []
        var buffered = 0
        var finished = false
        var failure: DurableStreamError?
        var reader: CheckedContinuation<Data?, any Error>?
        var suspended = false
    }

    private let task: URLSessionTask
    private let highWaterMark: Int
    private let maxBufferedBytes: Int
    private let state = Locked(State())

    /// FoundationNetworking traps when a task receiving data is suspended, so it is never suspended there.
    #if canImport(FoundationNetworking)
    private static let canSuspend = false
    #else
    private static let canSuspend = true
    #endif

    /// The error for a reader that fell too far behind where the request cannot be paused.
    struct BufferLimitExceeded: Error, CustomStringConvertible {
        let limit: Int
        var description: String { "the reader fell more than \(limit) bytes behind the response" }
    }

    init(task: URLSessionTask, highWaterMark: Int, maxBufferedBytes: Int) {
        self.task = task
        self.highWaterMark = highWaterMark
        self.maxBufferedBytes = maxBufferedBytes
    }

    func awaitHead() async throws -> HTTPResponse {
        try await withCheckedThrowingContinuation { continuation in
            let early: Result<HTTPResponse, any Error>? = state.withLock { state in
                if let head = state.earlyHead {
                    state.earlyHead = nil
                    return .success(head)
                }
                if state.finished && !state.headDelivered {
                    return .failure(state.failure ?? DurableStreamError.invalidResponse(message: "no response"))
                }
                state.head = continuation
                return nil
            }
            if let early { continuation.resume(with: early) }
        }
    }

    func receive(_ response: URLResponse) {
        guard let http = response as? HTTPURLResponse, !state.withLock({ $0.headDelivered }) else { return }
        var headers = HTTPHeaders()
        for (name, value) in http.allHeaderFields {
            headers.add(name: "\(name)", value: "\(value)")
        }
        let body = HTTPResponseBody(
            next: { [self] () async throws(DurableStreamError) -> Data? in try await self.nextChunk() },
            cancel: { [task] in task.cancel() }
        )
        let head = HTTPResponse(status: http.statusCode, headers: headers, body: body)
        let continuation = state.withLock { state -> CheckedContinuation<HTTPResponse, any Error>? in
            guard !state.headDelivered else { return nil }
            state.headDelivered = true
            if state.head == nil { state.earlyHead = head }
            defer { state.head = nil }
            return state.head
        }
        continuation?.resume(returning: head)
    }

    func receive(_ data: Data) {
        enum Action {
            case deliver(CheckedContinuation<Data?, any Error>)
            case pause
            case overflow
            case none
        }
        let action = state.withLock { state -> Action in
            if state.finished { return .none }
            if let reader = state.reader {
                state.reader = nil
                return .deliver(reader)
            }
            state.chunks.append(data)
            state.buffered += data.count
            if Self.canSuspend {
                if state.buffered > highWaterMark && !state.suspended {
                    state.suspended = true
                    return .pause
                }
            } else if state.buffered > maxBufferedBytes {
                state.chunks.removeAll()
                state.buffered = 0
                state.finished = true
                state.failure = .connectionFailed(underlying: BufferLimitExceeded(limit: maxBufferedBytes))
                return .overflow
            }
            return .none
        }
        switch action {
        case .deliver(let reader): reader.resume(returning: data)
        case .pause: task.suspend()
        case .overflow: task.cancel()
        case .none: break
        }
    }

    func complete(_ error: (any Error)?) {
        let failure: DurableStreamError? = error.map { error in
            let nsError = error as NSError
            if nsError.domain == NSURLErrorDomain {
                if nsError.code == NSURLErrorTimedOut { return .timeout }
                if nsError.code == NSURLErrorCancelled { return .cancelled }
            }
            return .connectionFailed(underlying: error)
        }
        typealias Waiters = (CheckedContinuation<HTTPResponse, any Error>?, CheckedContinuation<Data?, any Error>?)
        let (head, reader) = state.withLock { state -> Waiters in
            if state.finished && state.headDelivered && state.failure != nil {
                return (nil, nil)
            }
            state.finished = true
            state.failure = failure
            defer {
                state.head = nil
                state.reader = nil
            }
            return (state.head, state.reader)
        }
        if let head {
            head.resume(throwing: failure ?? DurableStreamError.invalidResponse(message: "no response"))
        }
        if let reader {
            if let failure {
                reader.resume(throwing: failure)
            } else {
                reader.resume(returning: nil)
            }
        }
    }

    private func nextChunk() async throws(DurableStreamError) -> Data? {
        do {
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Data?, any Error>) in
                    enum Outcome {
                        case chunk(Data, resume: Bool)
                        case end(DurableStreamError?)
                        case wait
                    }
                    let outcome: Outcome = state.withLock { state in
                        if !state.chunks.isEmpty {
                            let chunk = state.chunks.removeFirst()
                            state.buffered -= chunk.count
                            let resume = state.suspended && state.buffered <= highWaterMark / 2
                            if resume { state.suspended = false }
                            return .chunk(chunk, resume: resume)
                        }
                        if state.finished {
                            return .end(state.failure)
                        }
                        state.reader = continuation
                        return .wait
                    }
                    switch outcome {
                    case .chunk(let chunk, let resume):
                        if resume { task.resume() }
                        continuation.resume(returning: chunk)
                    case .end(let failure?):
                        continuation.resume(throwing: failure)
                    case .end(nil):
                        continuation.resume(returning: nil)
                    case .wait:
                        break
                    }
                }
            } onCancel: { [task] in
                task.cancel()
            }
        } catch let error as DurableStreamError {
            throw error
        } catch {
            throw .connectionFailed(underlying: error)
        }
    }
}

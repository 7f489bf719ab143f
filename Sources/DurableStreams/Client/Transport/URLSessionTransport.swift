import CourierPrimitives

// `URLSession` is public API here: in Foundation on Apple platforms, in FoundationNetworking on Linux.
#if canImport(FoundationNetworking)
import Foundation
public import FoundationNetworking
#else
public import Foundation
#endif

/// An ``HTTPTransport`` on `URLSession`, streaming response bodies through a data delegate.
///
/// One transport owns one `URLSession` for all its requests (no session per request). Bodies arrive chunk by
/// chunk as the delegate receives them. When a reader falls behind by more than ``highWaterMark`` bytes, Apple
/// platforms suspend the task until it catches up. FoundationNetworking (Linux) cannot suspend a task that is
/// receiving data, so there a reader that falls behind by more than ``maxBufferedBytes`` has its request
/// cancelled with ``DurableStreamError/connectionFailed``, which live reads treat like a dropped
/// connection: they reconnect from the last confirmed offset. Either way memory stays bounded. Works on Apple
/// platforms and, through FoundationNetworking, on Linux.
///
/// On Linux, FoundationNetworking (libcurl) silently sends a request again when the kept-alive connection it
/// picked closes before any answer, whatever the method. So there a `POST` with a body asks for
/// `Expect: 100-continue`: its body leaves only after the server's `100 Continue`, and libcurl resends only a
/// request that got no answer at all, so a resend never follows a body the server read. Should libcurl send the
/// body without the `100` (it stops waiting after a second) and then want to resend, the request fails with
/// ``DurableStreamError/connectionFailed`` instead (the server may have stored it). A `POST` without a body goes
/// through a session of its own, on a fresh connection (`Connection: close`) that libcurl never resends. Apple's
/// URLSession does not resend such requests and keeps every connection alive.
@available(OS2022, *)
public final class URLSessionTransport: HTTPTransport {
    /// A transport shared by every configuration that does not name one.
    public static let shared = URLSessionTransport()

    /// Unread body bytes above which a request is paused (Apple platforms).
    public let highWaterMark: Int

    /// Unread body bytes above which a request is cancelled where it cannot be paused (FoundationNetworking).
    public let maxBufferedBytes: Int

    /// The idle timeout used for requests without a ``StreamHTTPRequest/timeout`` (SSE).
    public let streamingIdleTimeout: Duration

    private let session: URLSession
    private let delegate: SessionDelegate
    /// Whether ``shutdown()`` ran. Held while a request's task is made, so that the session is never invalidated
    /// between the check and the task (FoundationNetworking traps on a task of an invalidated session).
    private let isShutDown = Locked(false)

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
        (session, delegate) = Self.makeSession(configuration)
    }

    private static func makeSession(_ configuration: URLSessionConfiguration) -> (URLSession, SessionDelegate) {
        let delegate = SessionDelegate()
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        return (URLSession(configuration: configuration, delegate: delegate, delegateQueue: queue), delegate)
    }

    /// How a request travels on Linux, where libcurl resends a request whose kept-alive connection closed unanswered.
    enum Route: Equatable {
        /// On the shared session's kept-alive connections, as is.
        case keptAlive
        /// On the shared session, with `Expect: 100-continue`: the body leaves after the server's `100 Continue`.
        case keptAliveAfterContinue
        /// On a session of its own, on a fresh connection that is closed after it (`Connection: close`).
        case freshConnection
    }

    /// Whether libcurl may send the request again without harm, and if not, how it is kept from storing twice.
    static func route(_ method: StreamHTTPRequest.Method, bodyBytes: Int) -> Route {
        guard method == .post else { return .keptAlive }
        return bodyBytes > 0 ? .keptAliveAfterContinue : .freshConnection
    }

    /// Cancels every request and invalidates the session. A request made afterwards fails with
    /// ``DurableStreamError/transportShutDown``; calling this again does nothing.
    ///
    /// The requests are cancelled one by one and the session is invalidated once they have completed
    /// (`finishTasksAndInvalidate`): `invalidateAndCancel` drops tasks from FoundationNetworking's registry while a
    /// reader may still be cancelling one, which traps there.
    public func shutdown() {
        let session = isShutDown.withLock { isShutDown -> URLSession? in
            guard !isShutDown else { return nil }
            isShutDown = true
            return self.session
        }
        guard let session else { return }
        delegate.cancelAll()
        session.finishTasksAndInvalidate()
    }

    #if canImport(FoundationNetworking)
    private static let startQueue = DispatchQueue(label: "DurableStreams.URLSessionTransport.start")
    #endif

    /// Makes and resumes the request's task, on the shared session or on a session of its own that ends with it;
    /// `nil` once the transport is shut down.
    private func start(_ urlRequest: URLRequest, sessionOfItsOwn: Bool) -> Exchange? {
        let made = isShutDown.withLock { isShutDown -> (Exchange, URLSession)? in
            guard !isShutDown else { return nil }
            let (session, delegate) =
                sessionOfItsOwn ? Self.makeSession(self.session.configuration) : (session, delegate)
            let task = session.dataTask(with: urlRequest)
            let exchange = Exchange(
                task: task, delegateQueue: session.delegateQueue, highWaterMark: highWaterMark,
                maxBufferedBytes: maxBufferedBytes)
            delegate.register(exchange, for: task)
            return (exchange, session)
        }
        guard let (exchange, session) = made else { return nil }
        if sessionOfItsOwn { session.finishTasksAndInvalidate() }
        return exchange
    }

    /// Sends a request; returns once the status and headers have arrived.
    public func execute(_ request: StreamHTTPRequest) async throws(DurableStreamError) -> StreamHTTPResponse {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method.rawValue
        urlRequest.cachePolicy = .reloadIgnoringLocalCacheData
        urlRequest.timeoutInterval = (request.timeout ?? streamingIdleTimeout).inSeconds
        for field in request.headers {
            urlRequest.addValue(field.value, forHTTPHeaderField: field.name)
        }
        urlRequest.httpBody = request.body
        #if canImport(FoundationNetworking)
        let route = Self.route(request.method, bodyBytes: request.body?.count ?? 0)
        switch route {
        case .keptAlive: break
        case .keptAliveAfterContinue: urlRequest.setValue("100-continue", forHTTPHeaderField: "Expect")
        case .freshConnection: urlRequest.setValue("close", forHTTPHeaderField: "Connection")
        }
        // FoundationNetworking's calls wait for a queue every session in the process shares: start from a queue of
        // our own, so that a busy session elsewhere never holds a Swift concurrency thread.
        let started = await withCheckedContinuation { continuation in
            Self.startQueue.async { [urlRequest] in
                continuation.resume(returning: self.start(urlRequest, sessionOfItsOwn: route == .freshConnection))
            }
        }
        #else
        let started = start(urlRequest, sessionOfItsOwn: false)
        #endif
        guard let exchange = started else { throw .transportShutDown }
        do {
            return try await withTaskCancellationHandler {
                try await exchange.awaitHead()
            } onCancel: {
                exchange.cancel()
            }
        } catch let error as DurableStreamError {
            throw error
        } catch {
            throw .connectionFailed(underlying: error)
        }
    }
}

/// Routes session callbacks to the exchange of each task.
///
/// `@unchecked Sendable`: an `NSObject` subclass whose only state is the lock-guarded table of exchanges.
@available(OS2022, *)
private final class SessionDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let exchanges = Locked<[Int: Exchange]>([:])

    func register(_ exchange: Exchange, for task: URLSessionTask) {
        exchanges.withLock { $0[task.taskIdentifier] = exchange }
        task.resume()
    }

    /// Cancels the task of every exchange still running.
    func cancelAll() {
        for exchange in exchanges.withLock({ Array($0.values) }) { exchange.cancel() }
    }

    func urlSession(
        _ session: URLSession,
        dataTask: URLSessionDataTask,
        didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
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

    #if canImport(FoundationNetworking)
    /// libcurl asks for the body again when it is about to resend a request whose body it already sent, which only
    /// happens when the server never answered `100 Continue`: the request fails instead (the body may be stored).
    func urlSession(
        _ session: URLSession, task: URLSessionTask,
        needNewBodyStream completionHandler: @escaping @Sendable (InputStream?) -> Void
    ) {
        completionHandler(nil)
        exchanges.withLock { $0[task.taskIdentifier] }?.cancel(failing: .connectionFailed(underlying: ResendRefused()))
    }
    #endif

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let exchange = exchanges.withLock { $0.removeValue(forKey: task.taskIdentifier) }
        if error == nil, let response = task.response { exchange?.receive(response) }
        exchange?.complete(error)
    }
}

/// One request: its head, then its body chunks, handed from the delegate to one reader. The thin driver of
/// ``ExchangeStateMachine``: it resumes the continuations and pauses, resumes or cancels the task.
///
/// Every cancel goes through the machine and runs on the session's delegate queue, the queue that delivers the
/// completion: a task is cancelled at most once and never after its completion was delivered (FoundationNetworking
/// traps when `cancel()` meets a task that is completing: "a task that in not in the registry").
///
/// `@unchecked Sendable`: its mutable state is the machine behind a lock, and `URLSessionTask` (not `Sendable`
/// in FoundationNetworking) is only asked to `resume`, `suspend` and `cancel`, which are thread-safe.
@available(OS2022, *)
private final class Exchange: @unchecked Sendable {
    typealias Machine = ExchangeStateMachine<
        StreamHTTPResponse, CheckedContinuation<StreamHTTPResponse, any Error>, CheckedContinuation<Data?, any Error>
    >

    private let task: URLSessionTask
    /// The session's delegate queue (serial): completions arrive there, and cancels run there.
    private let delegateQueue: OperationQueue
    private let state: Locked<Machine>

    /// FoundationNetworking traps when a task receiving data is suspended, so it is never suspended there.
    #if canImport(FoundationNetworking)
    private static let canPause = false
    #else
    private static let canPause = true
    #endif

    init(task: URLSessionTask, delegateQueue: OperationQueue, highWaterMark: Int, maxBufferedBytes: Int) {
        self.task = task
        self.delegateQueue = delegateQueue
        let limits = Machine.Limits(
            highWaterMark: highWaterMark, maxBufferedBytes: maxBufferedBytes, canPause: Self.canPause)
        self.state = Locked(Machine(limits: limits))
    }

    /// Cancels the request unless it has completed; returns at once (the cancel runs on the delegate queue). With
    /// `failure`, the request fails with it rather than as cancelled.
    func cancel(failing failure: DurableStreamError? = nil) {
        delegateQueue.addOperation { [self] in
            if state.withLock({ $0.cancel(failing: failure) }) { task.cancel() }
        }
    }

    func awaitHead() async throws -> StreamHTTPResponse {
        try await withCheckedThrowingContinuation { continuation in
            switch state.withLock({ $0.awaitHead(continuation) }) {
            case .head(let head): continuation.resume(returning: head)
            case .fail(let error): continuation.resume(throwing: error)
            case .wait: break
            }
        }
    }

    /// A response head from the delegate. FoundationNetworking hands over a `100 Continue` as a response of its own
    /// before the final one: informational heads are skipped.
    func receive(_ response: URLResponse) {
        guard let http = response as? HTTPURLResponse, !(100..<200).contains(http.statusCode),
            state.withLock({ $0.wantsHead })
        else { return }
        var headers = StreamHTTPHeaders()
        for (name, value) in http.allHeaderFields {
            headers.add(name: "\(name)", value: "\(value)")
        }
        let body = StreamHTTPResponseBody(
            next: { [self] () async throws(DurableStreamError) -> Data? in try await self.nextChunk() },
            cancel: { [self] in cancel() }
        )
        let head = StreamHTTPResponse(status: http.statusCode, headers: headers, body: body)
        state.withLock { $0.received(head: head) }?.resume(returning: head)
    }

    func receive(_ data: Data) {
        switch state.withLock({ $0.received(data) }) {
        case .deliver(let reader): reader.resume(returning: data)
        case .pause: task.suspend()
        case .cancel: task.cancel()
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
        guard let completion = state.withLock({ $0.complete(failure) }) else { return }
        completion.head?.resume(throwing: completion.headFailure)
        if let reader = completion.reader {
            if let failure = completion.readerFailure {
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
                    switch state.withLock({ $0.read(continuation) }) {
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
            } onCancel: {
                cancel()
            }
        } catch let error as DurableStreamError {
            throw error
        } catch {
            throw .connectionFailed(underlying: error)
        }
    }
}

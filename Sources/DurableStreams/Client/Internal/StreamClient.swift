import CourierPrimitives
import Foundation

/// Builds and sends the requests for one stream URL: dynamic headers and parameters, retries with backoff,
/// the error handler, and status-to-error mapping.
@available(OS2022, *)
struct StreamClient: Sendable {
    let url: URL
    let http: HTTPConfiguration
    let errorHandler: StreamErrorHandler
    /// Headers added by ``ErrorAction/retryWithHeaders(_:)``; they stick for later requests.
    let stickyHeaders: Locked<[String: String]>
    /// The incarnation of the stream this client follows (see ``IncarnationPin``).
    let incarnation: Locked<IncarnationPin>

    /// Handler-driven retries allowed per operation, so a handler that always says `.retry` cannot loop forever.
    static let maxHandlerRetries = 5

    /// Creates a client after checking `url` and every value of `http`.
    ///
    /// - Throws: ``DurableStreamError/invalidArgument`` naming the first invalid value.
    init(url: URL, http: HTTPConfiguration, errorHandler: StreamErrorHandler = .default) throws(DurableStreamError) {
        try HTTPSyntax.checkStreamURL(url)
        try http.validate()
        self.url = url
        self.http = http
        self.errorHandler = errorHandler
        self.stickyHeaders = Locked([:])
        self.incarnation = Locked(IncarnationPin())
    }

    /// Builds a request, evaluating dynamic headers and parameters now.
    func makeRequest(
        _ method: StreamHTTPRequest.Method,
        query: [(String, String)] = [],
        headers: [String: String] = [:],
        body: Data? = nil,
        timeout: Duration?
    ) async throws(DurableStreamError) -> StreamHTTPRequest {
        var fields = StreamHTTPHeaders(http.headers)
        if let dynamic = http.dynamicHeaders {
            // Evaluated per request, so checked per request: a value with CR or LF would split the request.
            let values = await dynamic()
            for (name, value) in values { try HTTPSyntax.checkField(name: name, value: value, in: "dynamicHeaders") }
            fields.merge(values)
        }
        fields.merge(stickyHeaders.value)
        if let expected = incarnation.value.precondition(for: method) {
            fields.merge([ProtocolHeader.ifIncarnation: expected])
        }
        fields.merge(headers)
        var parameters = query
        if let dynamic = http.dynamicParameters {
            for (name, value) in await dynamic() where !parameters.contains(where: { $0.0 == name }) {
                parameters.append((name, value))
            }
        }
        return StreamHTTPRequest(
            method: method,
            url: Self.url(url, adding: parameters),
            headers: fields,
            body: body,
            timeout: timeout
        )
    }

    /// `base` with `parameters` appended to its query, sorted by name for cache-friendly URLs.
    static func url(_ base: URL, adding parameters: [(String, String)]) -> URL {
        guard !parameters.isEmpty else { return base }
        let encoded = parameters.sorted { $0.0 < $1.0 }
            .map { "\(percentEncode($0.0))=\(percentEncode($0.1))" }
            .joined(separator: "&")
        let absolute = base.absoluteString
        let separator = absolute.contains("?") ? "&" : "?"
        return URL(string: absolute + separator + encoded) ?? base
    }

    private static let unreserved: Set<UInt8> = Set(
        Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8))

    static func percentEncode(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if unreserved.contains(byte) {
                result.unicodeScalars.append(UnicodeScalar(byte))
            } else {
                result += String(format: "%%%02X", byte)
            }
        }
        return result
    }

    /// Sends a request built by `build` until it succeeds (any 2xx) or the policy and the error handler give
    /// up; error statuses become ``DurableStreamError`` values.
    func send(
        policy: RetryPolicy,
        context: RequestContext,
        build: @Sendable () async throws(DurableStreamError) -> StreamHTTPRequest
    ) async throws(DurableStreamError) -> StreamHTTPResponse {
        var attempt = 0
        var handlerRetries = 0
        while true {
            attempt += 1
            let error: DurableStreamError
            // A request that cannot be built (an invalid dynamic header) fails at once: retrying cannot help.
            let request = try await build()
            do {
                return try await sendOnce(request, context: context)
            } catch let failure {
                error = failure
            }
            if Task.isCancelled {
                throw .cancelled
            }
            if case .cancelled = error {
                throw error
            }
            if attempt < policy.maxAttempts, policy.shouldRetry(error) {
                guard policy.honours(retryAfter: error.retryAfter) else { throw error }
                try await Self.sleep(policy.delay(beforeRetry: attempt, retryAfter: error.retryAfter))
                continue
            }
            switch await errorHandler.handler(error) {
            case .propagate, .continue:
                throw error
            case .retry:
                guard handlerRetries < Self.maxHandlerRetries else { throw error }
                handlerRetries += 1
                try await Self.sleep(policy.delay(beforeRetry: handlerRetries, retryAfter: error.retryAfter))
            case .retryAfter(let delay):
                guard handlerRetries < Self.maxHandlerRetries else { throw error }
                handlerRetries += 1
                try await Self.sleep(delay)
            case .retryWithHeaders(let headers):
                guard handlerRetries < Self.maxHandlerRetries else { throw error }
                handlerRetries += 1
                stickyHeaders.withLock { $0.merge(headers) { _, new in new } }
            }
        }
    }

    /// Sends one request; maps an error status to an error (reading at most 64 KiB of its body).
    func sendOnce(_ request: StreamHTTPRequest, context: RequestContext) async throws(DurableStreamError)
        -> StreamHTTPResponse
    {
        let response = try await http.transport.execute(request)
        if (200..<300).contains(response.status) {
            let seen = response.headers[ProtocolHeader.incarnation]
            incarnation.withLock { $0.observe(seen, method: request.method) }
            return response
        }
        let body = (try? await response.body.collect(upTo: 64 * 1024)) ?? Data()
        throw DurableStreamError.from(status: response.status, headers: response.headers, body: body, context: context)
    }

    /// Sleeps, turning cancellation into ``DurableStreamError/cancelled``.
    static func sleep(_ duration: Duration) async throws(DurableStreamError) {
        guard duration > .zero else { return }
        do {
            try await Task.sleep(for: duration)
        } catch {
            throw .cancelled
        }
    }

    /// The context of a request to this stream.
    func context(_ operation: RequestContext.Operation, _ method: StreamHTTPRequest.Method) -> RequestContext {
        RequestContext(operation: operation, url: url, method: method)
    }
}

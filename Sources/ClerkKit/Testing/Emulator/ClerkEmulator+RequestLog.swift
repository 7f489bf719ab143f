public import Foundation

@available(OS2023, *)
extension ClerkEmulator {
    /// One request the emulator answered, with its response, for tests to inspect.
    ///
    /// Values of `password`, `code`, `token` and `ticket` form fields and of the `Authorization` and `Cookie`
    /// headers are replaced by `[redacted]`: the log never holds a secret.
    public struct LoggedRequest: Sendable {
        /// The HTTP method.
        public var method: String
        /// The path, without the query.
        public var path: String
        /// The query items, in order.
        public var query: [(name: String, value: String)]
        /// The form body fields, in order (secret values redacted).
        public var form: [(name: String, value: String)]
        /// The request headers, in order, names as sent (`Authorization` and `Cookie` values redacted).
        public var headers: [(name: String, value: String)]
        /// Whether the request carried an `Authorization` header.
        public var hadAuthorization: Bool
        /// The response status.
        public var status: Int
        /// The response body (JSON), empty when the connection was dropped or the response has none.
        public var responseBody: Data
        /// Whether the response set an `Authorization` header.
        public var returnedAuthorization: Bool
    }

    /// Every request answered so far, oldest first.
    public func requestLog() -> [LoggedRequest] { log }

    /// Forgets the logged requests.
    public func clearRequestLog() { log.removeAll() }

    static let redactedFields: Set<String> = ["password", "code", "token", "ticket"]

    func record(_ request: EmulatorRequest, _ response: EmulatorResponse?) {
        let limit = max(1, configuration.requestLogLimit)
        if log.count >= limit { log.removeFirst(min(log.count, max(1, limit / 10, log.count - limit + 1))) }
        log.append(
            LoggedRequest(
                method: request.method, path: request.path,
                query: request.query.pairs.map { (name: $0.0, value: $0.1) },
                form: request.form.pairs.map {
                    (name: $0.0, value: Self.redactedFields.contains($0.0) ? "[redacted]" : $0.1)
                },
                headers: request.headers.map { name, value in
                    let secret = ["authorization", "cookie"].contains(name.lowercased())
                    return (name: name, value: secret ? "[redacted]" : value)
                },
                hadAuthorization: request.authorization != nil, status: response?.status ?? 0,
                responseBody: response?.bodyBytes ?? Data(),
                returnedAuthorization: response?.headers.contains { $0.0 == "Authorization" } ?? false))
    }
}

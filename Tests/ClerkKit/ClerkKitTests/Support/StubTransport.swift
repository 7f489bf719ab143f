import ClerkKit
import Foundation

/// A transport that answers from a handler and records every request it was given.
@available(OS2023, *)
final class StubTransport: HTTPTransport, @unchecked Sendable {
    typealias Handler = @Sendable (ClerkHTTPRequest, Int) async throws(ClerkError) -> ClerkHTTPResponse

    private let lock = NSLock()
    private var recorded: [ClerkHTTPRequest] = []
    private var answered: [(ClerkHTTPRequest, ClerkHTTPResponse)] = []
    private let handler: Handler

    /// Answers each request with `handler(request, index)`, `index` counting from 0.
    init(_ handler: @escaping Handler) {
        self.handler = handler
    }

    /// Answers the requests in order with `responses` (the last one repeats).
    convenience init(responses: [ClerkHTTPResponse]) {
        self.init { _, index in responses[min(index, responses.count - 1)] }
    }

    /// Answers by route: `"POST /v1/client/sign_ins"` → response; unknown routes get a 404 Clerk error.
    convenience init(routes: [String: ClerkHTTPResponse]) {
        self.init { request, _ in
            let key = "\(request.method) \(request.url.path)"
            return routes[key] ?? Fixtures.errorResponse(status: 404, code: "resource_not_found")
        }
    }

    func send(_ request: ClerkHTTPRequest) async throws(ClerkError) -> ClerkHTTPResponse {
        let index = lock.withLock {
            recorded.append(request)
            return recorded.count - 1
        }
        let response = try await handler(request, index)
        lock.withLock { answered.append((request, response)) }
        return response
    }

    /// Every request with the response it got.
    var exchanges: [(request: ClerkHTTPRequest, response: ClerkHTTPResponse)] { lock.withLock { answered } }

    var requests: [ClerkHTTPRequest] { lock.withLock { recorded } }

    /// Requests whose path ends with `suffix`.
    func requests(to suffix: String) -> [ClerkHTTPRequest] {
        requests.filter { $0.url.path.hasSuffix(suffix) }
    }
}

@available(OS2023, *)
extension ClerkHTTPRequest {
    /// The query items (repeated names kept, bare names with a `nil` value).
    var queryItems: [(String, String?)] {
        guard let query = url.query(percentEncoded: true), !query.isEmpty else { return [] }
        return Self.decode(query)
    }

    /// The query as a dictionary (last value wins).
    var query: [String: String] {
        Dictionary(queryItems.map { ($0.0, $0.1 ?? "") }, uniquingKeysWith: { _, last in last })
    }

    /// The form body fields (none for a body that is not a form, such as a multipart upload).
    var formItems: [(String, String?)] {
        guard headers["Content-Type"]?.hasPrefix("application/x-www-form-urlencoded") ?? true else { return [] }
        guard let body, let text = String(data: body, encoding: .utf8), !text.isEmpty else { return [] }
        return Self.decode(text)
    }

    /// The form body as a dictionary (last value wins).
    var form: [String: String] {
        Dictionary(formItems.map { ($0.0, $0.1 ?? "") }, uniquingKeysWith: { _, last in last })
    }

    private static func decode(_ text: String) -> [(String, String?)] {
        text.split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0]).removingPercentEncoding ?? String(parts[0])
            return (name, parts.count > 1 ? (String(parts[1]).removingPercentEncoding ?? String(parts[1])) : nil)
        }
    }
}

/// A clock whose `sleep` returns at once (recording the wait) and whose time is set by the test.
@available(OS2023, *)
final class TestClock: ClerkClock, @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date
    private var sleeps: [Duration] = []

    init(now: Date = Date(timeIntervalSince1970: 1_800_000_000)) {
        current = now
    }

    var now: Date { lock.withLock { current } }

    func advance(by seconds: TimeInterval) {
        lock.withLock { current = current.addingTimeInterval(seconds) }
    }

    func sleep(for duration: Duration) async throws(ClerkError) {
        lock.withLock { sleeps.append(duration) }
        if Task.isCancelled { throw ClerkError(.cancelled, "cancelled") }
        await Task.yield()
    }

    var recordedSleeps: [Duration] { lock.withLock { sleeps } }
}

#if canImport(FoundationNetworking)
import Foundation
public import FoundationNetworking
#else
public import Foundation  // URLSession is Foundation's on Apple platforms
#endif

/// ``HTTPTransport`` over `URLSession` (FoundationNetworking on Linux).
///
/// On Linux, FoundationNetworking (libcurl) silently sends a request again when the kept-alive connection it
/// picked turns out to be closed, whatever the method: a `POST` the server processed before the connection dropped
/// would be submitted twice. So there, each request that is not safe to repeat (`POST`, `PATCH`) goes through a
/// session of its own, which has no kept-alive connection to reuse: it opens a fresh connection (`Connection:
/// close`), which libcurl never resends. Reads keep their kept-alive connections. Apple's URLSession does not resend
/// such requests and uses one session. On Linux, the call runs on a queue of the transport's own, never on a Swift
/// concurrency thread, since FoundationNetworking waits there for a queue every session in the process shares.
@available(OS2023, *)
public struct URLSessionTransport: HTTPTransport {
    private let session: URLSession

    /// Creates a transport on `session` (default: an ephemeral session with no cookies or cache).
    public init(session: URLSession? = nil) {
        if let session {
            self.session = session
        } else {
            let configuration = URLSessionConfiguration.ephemeral
            configuration.httpCookieStorage = nil
            configuration.httpShouldSetCookies = false
            configuration.urlCache = nil
            configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
            self.session = URLSession(configuration: configuration)
        }
    }

    /// Whether libcurl may resend `method` on another connection without harm.
    static func isSafeToResend(_ method: String) -> Bool {
        ["GET", "HEAD", "PUT", "DELETE", "OPTIONS"].contains(method.uppercased())
    }

    /// Sends the request with `URLSession.data(for:)`.
    public func send(_ request: ClerkHTTPRequest) async throws(ClerkError) -> ClerkHTTPResponse {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method
        urlRequest.httpBody = request.body
        // Set at once: `addValue` capitalizes and searches the fields each time (tens of microseconds a request in
        // FoundationNetworking). Repeated names are joined with commas, as `addValue` joins them.
        var fields: [String: String] = [:]
        var names: [String: String] = [:]  // lowercased name → the first spelling
        for field in request.headers.fields {
            let key = field.name.lowercased()
            if let name = names[key], let value = fields[name] {
                fields[name] = value + "," + field.value
            } else {
                names[key] = field.name
                fields[field.name] = field.value
            }
        }
        urlRequest.allHTTPHeaderFields = fields
        var session = self.session
        #if canImport(FoundationNetworking)
        if !Self.isSafeToResend(request.method) {
            urlRequest.setValue("close", forHTTPHeaderField: "Connection")
            session = URLSession(configuration: self.session.configuration)
        }
        defer { if session !== self.session { session.finishTasksAndInvalidate() } }
        #endif
        let data: Data
        let response: URLResponse
        do {
            #if canImport(FoundationNetworking)
            let request = urlRequest
            (data, response) = try await withTaskExecutorPreference(FoundationNetworkingExecutor.shared) {
                try await session.data(for: request)
            }
            #else
            (data, response) = try await session.data(for: urlRequest)
            #endif
        } catch {
            if Task.isCancelled || (error as? URLError)?.code == .cancelled {
                throw ClerkError(.cancelled, "The request was cancelled.", underlying: error)
            }
            throw ClerkError(
                .transport, "The request got no response: \(error.localizedDescription)", underlying: error,
                context: .init(method: request.method, path: request.url.path))
        }
        guard let http = response as? HTTPURLResponse else {
            throw ClerkError(.invalidResponse, "The response was not HTTP.")
        }
        var headers = ClerkHTTPHeaders()
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers.add(name, value) }
        }
        return ClerkHTTPResponse(status: http.statusCode, headers: headers, body: data)
    }
}

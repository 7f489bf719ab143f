import Foundation

#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

/// ``HTTPTransport`` over `URLSession` (FoundationNetworking on Linux).
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

    /// Sends the request with `URLSession.data(for:)`.
    public func send(_ request: HTTPRequest) async throws(ClerkError) -> HTTPResponse {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method
        urlRequest.httpBody = request.body
        for field in request.headers.fields {
            urlRequest.addValue(field.value, forHTTPHeaderField: field.name)
        }
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: urlRequest)
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
        var headers = HTTPHeaders()
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers.add(name, value) }
        }
        return HTTPResponse(status: http.statusCode, headers: headers, body: data)
    }
}

import ClerkKit
import ClerkKitTesting
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A minimal native Frontend API client over URLSession: `_is_native=true`, the device token sent in
/// `Authorization` and taken from responses, form-encoded bodies.
@available(OS2023, *)
actor FAPIClient {
    struct Reply: Sendable {
        let status: Int
        let body: Data
        let headers: [String: String]
        var json: Node { Node(data: body) }
        /// `errors[0].code`.
        var errorCode: String? { json["errors"][0]["code"].string }
    }

    let baseURL: URL
    private(set) var deviceToken: String?
    private let session: URLSession

    init(baseURL: URL, deviceToken: String? = nil) {
        self.baseURL = baseURL
        self.deviceToken = deviceToken
        let configuration = URLSessionConfiguration.ephemeral
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        // Generous: the whole test suite shares two cores, and a request may wait its turn behind many others.
        configuration.timeoutIntervalForRequest = 120
        session = URLSession(configuration: configuration)
    }

    deinit {
        // Off the cooperative threads: FoundationNetworking waits here for a queue every session shares. Not
        // invalidateAndCancel: it drops tasks from FoundationNetworking's registry while one may still be completing,
        // which traps there.
        let session = session
        DispatchQueue.global().async { session.finishTasksAndInvalidate() }
    }

    func get(_ path: String, query: [(String, String)] = []) async throws -> Reply {
        try await send("GET", path, query: query)
    }

    func post(_ path: String, _ form: [(String, String)] = [], query: [(String, String)] = []) async throws -> Reply {
        try await send("POST", path, query: query, form: form)
    }

    func patch(_ path: String, _ form: [(String, String)]) async throws -> Reply {
        try await send("PATCH", path, form: form)
    }

    func delete(_ path: String) async throws -> Reply { try await send("DELETE", path) }

    /// Posts `body` as is, with `contentType` (a multipart upload, for example).
    func upload(_ path: String, body: Data, contentType: String) async throws -> Reply {
        try await send("POST", path, rawBody: body, contentType: contentType)
    }

    func send(
        _ method: String, _ path: String, query: [(String, String)] = [], form: [(String, String)]? = nil,
        rawBody: String? = nil, native: Bool = true
    ) async throws -> Reply {
        try await send(
            method, path, query: query, rawBody: (rawBody ?? form.map(Self.encode)).map { Data($0.utf8) },
            contentType: "application/x-www-form-urlencoded", native: native)
    }

    private func send(
        _ method: String, _ path: String, query: [(String, String)] = [], rawBody: Data?, contentType: String,
        native: Bool = true
    ) async throws -> Reply {
        var components = URLComponents(url: baseURL.appendingPathComponent(path), resolvingAgainstBaseURL: false)
        var items = native ? [URLQueryItem(name: "_is_native", value: "true")] : []
        items += query.map { URLQueryItem(name: $0.0, value: $0.1) }
        components?.queryItems = items.isEmpty ? nil : items
        guard let url = components?.url else { throw URLError(.badURL) }
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.setValue("2026-05-12", forHTTPHeaderField: "clerk-api-version")
        if let deviceToken { request.setValue(deviceToken, forHTTPHeaderField: "Authorization") }
        if let rawBody {
            request.setValue(contentType, forHTTPHeaderField: "Content-Type")
            request.httpBody = rawBody
            // A 10 MiB upload on a loaded machine takes longer than the 30 s other requests get.
            if rawBody.count > 1 << 20 { request.timeoutInterval = 180 }
        }
        let session = self.session
        let call = request
        #if canImport(FoundationNetworking)
        let (data, response) = try await withTaskExecutorPreference(FoundationNetworkingExecutor.shared) {
            try await session.data(for: call)
        }
        #else
        let (data, response) = try await session.data(for: call)
        #endif
        guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
        }
        if let token = headers["authorization"] { deviceToken = token.isEmpty ? nil : token }
        return Reply(status: http.statusCode, body: data, headers: headers)
    }

    static func encode(_ form: [(String, String)]) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return form.map { name, value in
            let encodedName = name.addingPercentEncoding(withAllowedCharacters: allowed) ?? name
            let encodedValue = value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value
            return encodedName + "=" + encodedValue
        }.joined(separator: "&")
    }
}

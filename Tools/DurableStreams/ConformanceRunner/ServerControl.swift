import AsyncHTTPClient
import Foundation
import NIOCore

/// Direct HTTP to the server under test, bypassing the client: appends and closes made "by someone else",
/// and the fault-injection control endpoint.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
struct ServerControl: Sendable {
    let baseURL: String
    let client: HTTPClient

    struct Reply {
        var status: Int
        var headers: [String: String]
        var body: String
    }

    func request(_ method: String, _ path: String, headers: [String: String] = [:], body: String? = nil) async throws
        -> Reply
    {
        var request = HTTPClientRequest(url: baseURL + path)
        request.method = .init(rawValue: method)
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if let body { request.body = .bytes(ByteBuffer(string: body)) }
        let response = try await client.execute(request, timeout: .seconds(30))
        var fields: [String: String] = [:]
        for (name, value) in response.headers { fields[name.lowercased()] = value }
        let buffer = try await response.body.collect(upTo: 16 << 20)
        return Reply(status: Int(response.status.code), headers: fields, body: String(buffer: buffer))
    }
}

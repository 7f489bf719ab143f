import ExactHTTPClient
import Foundation
import NIOHTTP1

/// Direct HTTP to the server under test, bypassing the client: appends and closes made "by someone else",
/// and the fault-injection control endpoint. Requests go out exactly as the cases write them.
@available(OS2023, *)
struct ServerControl: Sendable {
    let baseURL: String
    let client: ExactHTTPClient

    init(baseURL: String, client: ExactHTTPClient = ExactHTTPClient()) {
        self.baseURL = baseURL
        self.client = client
    }

    struct Reply {
        var status: Int
        var headers: [String: String]
        var body: String
    }

    func request(_ method: String, _ path: String, headers: [String: String] = [:], body: String? = nil) async throws
        -> Reply
    {
        let response = try await client.execute(
            HTTPMethod(rawValue: method), baseURL + path, headers: headers.map { ($0.key, $0.value) },
            body: body.map { Array($0.utf8) }, timeout: .seconds(30))
        var fields: [String: String] = [:]
        for (name, value) in response.headers { fields[name.lowercased()] = value }
        var bytes: [UInt8] = []
        for try await part in response.body {
            bytes += part
            guard bytes.count <= 16 << 20 else { throw RunnerError("a control response over 16 MiB") }
        }
        return Reply(status: response.status, headers: fields, body: String(decoding: bytes, as: UTF8.self))
    }
}

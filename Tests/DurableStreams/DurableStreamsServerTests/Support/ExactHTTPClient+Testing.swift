import CourierTestSupport
import ExactHTTPClient
import NIOHTTP1
import Testing

@available(OS2023, *)
extension ExactHTTPClient {
    /// Sends a request and reads the whole response within `timeout`.
    func request(
        _ method: HTTPMethod,
        _ url: String,
        headers: [(String, String)] = [],
        body: [UInt8]? = nil,
        timeout: Duration = .seconds(30)
    ) async throws -> TestResponse {
        try await withTimeout(timeout) {
            let response = try await self.execute(method, url, headers: headers, body: body, timeout: timeout)
            var collected: [UInt8] = []
            for try await part in response.body { collected += part }
            return TestResponse(status: response.status, headers: response.headers, body: collected)
        }
    }

    /// Reads a stream from the start to its tail with catch-up `GET`s and returns its content as text.
    func readAll(_ url: String) async throws -> String {
        var offset = "-1"
        var bytes: [UInt8] = []
        while true {
            let response = try await request(.GET, "\(url)?offset=\(offset)")
            #expect(response.status == 200)
            guard response.status == 200 else { break }
            bytes += response.body
            if response.header("Stream-Up-To-Date") == "true" { break }
            offset = try #require(response.nextOffset)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

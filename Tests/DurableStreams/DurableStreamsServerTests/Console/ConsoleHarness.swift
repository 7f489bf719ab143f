import DurableStreamsServer
import DurableStreamsTestSupport
import Foundation

@testable import DurableStreamsServer

/// The console's token in these tests.
let consoleTestToken = "console-test-token-0123456789"

@available(OS2023, *)
extension DurableStreamsServer.Configuration {
    /// ``forTests(_:)`` with the console on and a known token.
    static func withConsole(_ adjust: (inout Self) -> Void = { _ in }) -> Self {
        .forTests { configuration in
            configuration.console = .init(mode: .enabled, token: consoleTestToken)
            adjust(&configuration)
        }
    }
}

@available(OS2023, *)
extension ServerHarness {
    /// The `Host` the client sends (`127.0.0.1:<port>`).
    var authority: String { String(base.dropFirst("http://".count)) }

    /// Draws a CSRF value from the session endpoint.
    func consoleSession() async throws -> String {
        let response = try await send(.GET, "/__console/api/session")
        guard let object = response.json as? [String: Any], let csrf = object["csrf"] as? String else {
            throw HarnessError("no CSRF value in \(response.text)")
        }
        return csrf
    }

    /// The headers of a change from the console's page.
    func consoleHeaders(csrf: String, token: String = consoleTestToken) -> [(String, String)] {
        [
            ("Content-Type", "application/json"), ("X-Console-Token", token), ("X-Console-CSRF", csrf),
            ("Cookie", "ds_console_csrf=\(csrf)"), ("Origin", "http://\(authority)"), ("Sec-Fetch-Site", "same-origin"),
        ]
    }

    /// A change through the console API, as the page sends it.
    @discardableResult
    func consoleChange(_ name: String, _ body: [String: Any], headers: [(String, String)]? = nil) async throws
        -> TestResponse
    {
        let data = try JSONSerialization.data(withJSONObject: body)
        let sent: [(String, String)]
        if let headers {
            sent = headers
        } else {
            sent = consoleHeaders(csrf: try await consoleSession())
        }
        return try await send(.POST, "/__console/api/\(name)", headers: sent, body: Array(data))
    }

    /// A console API read, as JSON.
    func consoleGet(_ name: String, _ query: [String: String] = [:]) async throws -> [String: Any] {
        var components = URLComponents()
        components.queryItems = query.sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value) }
        let encoded = (components.percentEncodedQuery ?? "").replacingOccurrences(of: "+", with: "%2B")
        let response = try await send(.GET, "/__console/api/\(name)" + (query.isEmpty ? "" : "?" + encoded))
        guard response.status == 200, let object = response.json as? [String: Any] else {
            throw HarnessError("\(name): \(response.status) \(response.text)")
        }
        return object
    }
}

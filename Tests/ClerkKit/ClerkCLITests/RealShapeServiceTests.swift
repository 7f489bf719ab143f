import CourierTestSupport
import Foundation
import Testing

/// The `clerk` binary against a stub Frontend API that answers with bodies in the real service's shapes (the
/// shared `Fixtures`: every key the service sends, `null`s included, and the device token in the `Authorization`
/// response header), not with the emulator's.
@Suite("clerk command-line tool against real-shaped responses")
struct RealShapeServiceTests {
    static let deviceToken = "dvb_2xRealShapedDeviceToken"
    /// Made once, so that every use sees the same token.
    static let freshToken: String = {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return "" }
        return Fixtures.jwt(exp: Int(Date().timeIntervalSince1970) + 3600)
    }()

    /// Whether the stub's client holds the signed-in session.
    @available(OS2023, *)
    final class StubState: @unchecked Sendable {
        private let lock = NSLock()
        private var signedIn = false
        var isSignedIn: Bool {
            get { lock.withLock { signedIn } }
            set { lock.withLock { signedIn = newValue } }
        }
    }

    @available(OS2023, *)
    static func answer(_ request: String, state: StubState) -> [UInt8] {
        let line = request.split(separator: "\r\n").first.map(String.init) ?? ""
        let parts = line.split(separator: " ").map(String.init)
        let method = parts.first ?? ""
        let path = parts.count > 1 ? (parts[1].split(separator: "?").first.map(String.init) ?? "") : ""
        // An expired last-active token, so `clerk token` has to mint one.
        let stale = Fixtures.jwt(exp: Int(Date().timeIntervalSince1970) - 30)
        let client = { state.isSignedIn ? Fixtures.signedInClient(token: stale) : Fixtures.client() }
        let body: Any
        switch (method, path) {
        case ("GET", "/v1/environment"):
            body = Fixtures.environment()
        case ("GET", "/v1/client"):
            body = ["response": client(), "client": Fixtures.null] as [String: Any]
        case ("POST", "/v1/client/sign_ins"):
            state.isSignedIn = true
            body =
                [
                    "response": Fixtures.signIn(status: "complete", sessionId: "sess_1"), "client": client(),
                ] as [String: Any]
        case ("POST", "/v1/client/sessions/sess_1/tokens"):
            body = ["object": "token", "jwt": freshToken]
        case ("POST", "/v1/client/sessions/sess_1/remove"), ("DELETE", "/v1/client/sessions"):
            state.isSignedIn = false
            body = ["response": Fixtures.session(status: "removed"), "client": client()] as [String: Any]
        default:
            let error: [String: Any] = ["code": "resource_not_found", "message": "not found", "long_message": path]
            return RawHTTPServer.response(
                status: 404, headers: [("Content-Type", "application/json")],
                body: Fixtures.data(["errors": [error], "clerk_trace_id": "trace_1"] as [String: Any]))
        }
        return RawHTTPServer.response(
            headers: [("Content-Type", "application/json"), ("Authorization", deviceToken)],
            body: Fixtures.data(body))
    }

    @available(OS2023, *)
    @Test func signsInReadsTheUserMintsATokenAndSignsOut() async throws {
        let state = StubState()
        let server = try RawHTTPServer { request in Self.answer(request, state: state) }
        defer { server.stop() }
        try await withTemporaryDirectory { directory in
            let key = "pk_test_" + Data("127.0.0.1:\(server.port)$".utf8).base64EncodedString()
            let connection = [
                "--publishable-key", key, "--proxy-url", "http://127.0.0.1:\(server.port)",
                "--state-dir", directory.url.appendingPathComponent("state").path,
            ]

            let signIn = try await run(
                "clerk",
                ["sign-in", "--identifier", "ada@example.com", "--password", "correct-horse", "--json"] + connection)
            #expect(signIn.status == 0, "\(signIn.standardError)")
            #expect(ClerkCommandTests.json(signIn)["session_id"] as? String == "sess_1")
            #expect(ClerkCommandTests.json(signIn)["user_id"] as? String == "user_1")

            let whoami = try await run("clerk", ["whoami", "--json"] + connection)
            #expect(whoami.status == 0, "\(whoami.standardError)")
            let identity = ClerkCommandTests.json(whoami)
            #expect(identity["email_address"] as? String == "ada@example.com")
            #expect(identity["first_name"] as? String == "Ada")
            #expect(identity["last_name"] as? String == "Lovelace")
            #expect(identity["session_id"] as? String == "sess_1")

            let token = try await run("clerk", ["token"] + connection)
            #expect(token.status == 0, "\(token.standardError)")
            #expect(token.lines.first == Self.freshToken)

            let signOut = try await run("clerk", ["sign-out"] + connection)
            #expect(signOut.status == 0, "\(signOut.standardError)")
            #expect(try await run("clerk", ["whoami"] + connection).status == 77)
        }

        let requests = server.requests.map(Self.parse)
        let lines = requests.map(\.line)
        for expected in [
            "GET /v1/environment", "GET /v1/client", "POST /v1/client/sign_ins",
            "POST /v1/client/sessions/sess_1/tokens",
        ] {
            #expect(lines.contains { $0.hasPrefix(expected + "?") }, "\(expected) in \(lines)")
        }
        #expect(lines.contains { $0.hasPrefix("POST /v1/client/sessions/sess_1/remove?") }, "\(lines)")
        for request in requests {
            #expect(request.query.contains("_is_native=true"), "\(request.line)")
            #expect(!request.query.contains("_clerk_session_id"), "\(request.line)")  // only /v1/me, /v1/organizations
            #expect(request.headers["clerk-api-version"] == "2026-05-12", "\(request.line)")
        }
        // The device token from the response header goes back on every later request, across processes.
        let signInIndex = try #require(requests.firstIndex { $0.line.hasPrefix("POST /v1/client/sign_ins?") })
        let later = requests.dropFirst(signInIndex + 1)
        #expect(!later.isEmpty)
        #expect(later.allSatisfy { $0.headers["authorization"] == Self.deviceToken }, "\(later.map(\.line))")
        let signInBody = requests[signInIndex].body
        #expect(signInBody.contains("password=correct-horse"), "\(signInBody)")
        #expect(signInBody.contains("identifier=ada"), "\(signInBody)")
    }

    @available(OS2023, *)
    struct Parsed {
        var line: String
        var query: String
        var headers: [String: String]
        var body: String
    }

    @available(OS2023, *)
    static func parse(_ raw: String) -> Parsed {
        let halves = raw.components(separatedBy: "\r\n\r\n")
        let head = halves.first?.split(separator: "\r\n").map(String.init) ?? []
        let requestLine = head.first ?? ""
        let target = requestLine.split(separator: " ").dropFirst().first.map(String.init) ?? ""
        var headers: [String: String] = [:]
        for field in head.dropFirst() {
            guard let colon = field.firstIndex(of: ":") else { continue }
            headers[field[..<colon].lowercased()] = field[field.index(after: colon)...]
                .trimmingCharacters(in: .whitespaces)
        }
        return Parsed(
            line: requestLine, query: target.split(separator: "?").dropFirst().first.map(String.init) ?? "",
            headers: headers, body: halves.dropFirst().joined(separator: "\r\n\r\n"))
    }
}

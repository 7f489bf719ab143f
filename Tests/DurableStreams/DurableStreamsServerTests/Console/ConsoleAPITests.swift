import DurableStreamsServer
import DurableStreamsStorage
import DurableStreamsTestSupport
import Foundation
import Testing

@testable import DurableStreamsServer

@Suite("The Durable Streams console: its page, its API and what guards changes")
struct ConsoleAPITests {
    @Test("the page is served same-origin only, with a strict content security policy")
    @available(OS2023, *)
    func page() async throws {
        try await ServerHarness.run(.withConsole()) { server async throws in
            let page = try await server.send(.GET, "/__console/")
            #expect(page.status == 200)
            #expect(page.header("Content-Type") == "text/html; charset=utf-8")
            #expect(page.text.contains("<script type=\"module\" src=\"app.js\">"))
            #expect(page.header("Content-Security-Policy")?.contains("script-src 'self'") == true)
            #expect(page.header("Access-Control-Allow-Origin") == nil)
            #expect(page.header("X-Frame-Options") == "DENY")
            #expect(
                try await server.send(.GET, "/__console/app.js").header("Content-Type")?.hasPrefix("text/javascript")
                    == true)
            #expect(try await server.send(.GET, "/__console").header("Location") == "/__console/")
            #expect(try await server.send(.GET, "/__console/missing.js").status == 404)
            #expect(try await server.send(.POST, "/__console/app.js", text: "x").status == 405)
            #expect(try await server.send(.GET, "/__console/api/nothing").status == 404)
            // A preflight from another origin gets no CORS permission.
            let preflight = try await server.send(.OPTIONS, "/__console/api/create")
            #expect(preflight.status == 403)
            #expect(preflight.header("Access-Control-Allow-Origin") == nil)
        }
    }

    @Test("on by default only on loopback; when off, /__console is an ordinary stream path")
    @available(OS2023, *)
    func whenServed() async throws {
        let automatic = DurableStreamsServer.Console()
        #expect(automatic.isEnabled(host: "127.0.0.1") && automatic.isEnabled(host: "::1"))
        #expect(automatic.isEnabled(host: "localhost") && automatic.isEnabled(host: "127.0.0.2"))
        #expect(!automatic.isEnabled(host: "0.0.0.0") && !automatic.isEnabled(host: "192.168.1.2"))
        #expect(DurableStreamsServer.Console(mode: .enabled).isEnabled(host: "0.0.0.0"))
        #expect(!DurableStreamsServer.Console(mode: .disabled).isEnabled(host: "127.0.0.1"))
        let off = DurableStreamsServer(configuration: .forTests { $0.console.mode = .disabled })
        #expect(off.consoleToken == nil)
        let drawn = DurableStreamsServer(configuration: .forTests())
        #expect(drawn.consoleToken?.count == 32)
        #expect(drawn.consoleToken != DurableStreamsServer(configuration: .forTests()).consoleToken)
        try await ServerHarness.run(.forTests { $0.console.mode = .disabled }) { server async throws in
            #expect(try await server.send(.GET, "/__console/missing").text == "Stream not found")
            #expect(try await server.create("/__console/a").status == 201)
            #expect(try await server.read("/__console/a").status == 200)
            #expect(server.server.consoleURL == nil)
        }
        try await ServerHarness.run(.withConsole()) { server async throws in
            #expect(server.server.consoleURL == server.base + "/__console/")
            #expect(server.server.consoleToken == consoleTestToken)
        }
    }

    @Test("a change needs the token, a CSRF value matching its cookie, JSON and the same origin")
    @available(OS2023, *)
    func guarded() async throws {
        try await ServerHarness.run(.withConsole()) { server async throws in
            let session = try await server.send(.GET, "/__console/api/session")
            let cookie = try #require(session.header("Set-Cookie"))
            #expect(
                cookie.contains("SameSite=Strict") && cookie.contains("HttpOnly") && cookie.contains("Path=/__console"))
            let csrf = try await server.consoleSession()
            let good = server.consoleHeaders(csrf: csrf)
            let path = ServerHarness.uniquePath("guarded")
            func without(_ name: String) -> [(String, String)] { good.filter { $0.0 != name } }
            func replacing(_ name: String, _ value: String) -> [(String, String)] {
                without(name) + [(name, value)]
            }
            let refused: [[(String, String)]] = [
                without("X-Console-Token"),
                replacing("X-Console-Token", "console-test-token-0123456780"),
                without("X-Console-CSRF"),
                replacing("X-Console-CSRF", "0123"),
                without("Cookie"),
                replacing("Origin", "http://evil.example"),
                replacing("Origin", "null"),
                replacing("Sec-Fetch-Site", "cross-site"),
                replacing("Content-Type", "text/plain"),
            ]
            for headers in refused {
                let response = try await server.consoleChange("create", ["path": path], headers: headers)
                #expect(response.status == 403, "\(headers)")
                #expect(!response.text.contains(consoleTestToken))
            }
            #expect(try await server.send(.HEAD, path).status == 404)
            // Without Origin and Sec-Fetch-Site (a non-browser client with the token), the change goes ahead.
            let plain = without("Origin").filter { $0.0 != "Sec-Fetch-Site" }
            #expect(try await server.consoleChange("create", ["path": path], headers: plain).status == 201)
            #expect(try await server.send(.HEAD, path).status == 200)
        }
    }

    @Test("the list pages by cursor through every stream once, filtered by a substring")
    @available(OS2023, *)
    func listing() async throws {
        try await ServerHarness.run(.withConsole()) { server async throws in
            for index in 0..<120 {
                try await server.create("/list/\(index % 2 == 0 ? "even" : "odd")-\(1000 + index)")
            }
            var seen: [String] = []
            var after: String?
            repeat {
                var query = ["limit": "50"]
                query["after"] = after
                let page = try await server.consoleGet("streams", query)
                #expect(page["total"] as? Int == 120)
                let streams = try #require(page["streams"] as? [[String: Any]])
                #expect(streams.count <= 50)
                seen += streams.compactMap { $0["path"] as? String }
                after = page["next"] as? String
            } while after != nil
            #expect(seen.count == 120 && seen == seen.sorted() && Set(seen).count == 120)
            let odd = try await server.consoleGet("streams", ["q": "ODD-11"])
            #expect(odd["total"] as? Int == 10)
            let first = try #require((odd["streams"] as? [[String: Any]])?.first)
            #expect(first["contentType"] as? String == "text/plain")
            #expect(first["closed"] as? Bool == false)
        }
    }

    @Test("a listing pages through every path exactly once, and 100,000 paths page by cursor")
    @available(OS2023, *)
    func largeListing() {
        // 7919 is prime to 10,000 and 100,000: the paths come in a scrambled order.
        let some = (0..<10_000).map { "/s/\(String($0 * 7919 % 10_000))" }
        var cursor: String?
        var seen: [String] = []
        var pages = 0
        repeat {
            let page = ConsoleListing(some, filter: "", after: cursor, limit: 100)
            #expect(page.total == 10_000)
            seen += page.paths
            cursor = page.next
            pages += 1
        } while cursor != nil && pages < 1000
        #expect(pages == 100 && seen == some.sorted())
        let all = (0..<100_000).map { "/s/\(String($0 * 7919 % 100_000))" }
        let first = ConsoleListing(all, filter: "", after: nil, limit: 500)
        #expect(first.total == 100_000 && first.paths == Array(all.sorted().prefix(500)))
        let second = ConsoleListing(all, filter: "", after: first.next, limit: 500)
        #expect(second.paths == Array(all.sorted()[500..<1000]))
        let last = ConsoleListing(all, filter: "", after: "/s/9999", limit: 500)
        #expect(last.paths == (99_990...99_999).map { "/s/\($0)" } && last.next == nil)
        let filtered = ConsoleListing(all, filter: "/S/9999", after: nil, limit: 0)
        #expect(filtered.paths == ["/s/9999"] && filtered.total == 11 && filtered.next == "/s/9999")
        #expect(ConsoleListing(all, filter: "", after: nil, limit: 10_000).paths.count == ConsoleListing.maximumLimit)
    }
}

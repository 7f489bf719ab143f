import ClerkKitTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("Bad input, faults and rate limits over HTTP")
struct RobustnessTests {
    @Test("Unknown paths are 404 and wrong methods 405, both with a Clerk error body")
    @available(OS2023, *)
    func unknownRoutes() async throws {
        try await withEmulator { _, client in
            let missing = try await client.get("/v1/nothing/here")
            #expect(missing.status == 404)
            #expect(missing.errorCode == "resource_not_found")
            let root = try await client.get("/")
            #expect(root.status == 404)
            let wrongMethod = try await client.send("PUT", "/v1/environment")
            #expect(wrongMethod.status == 405)
            #expect(wrongMethod.errorCode == "method_not_allowed")
            let unknownSignIn = try await client.get("/v1/client/sign_ins/sia_nope")
            #expect(unknownSignIn.status == 401)
        }
    }

    @Test("Unknown and malformed parameters get form_param_unknown / form_param_format_invalid")
    @available(OS2023, *)
    func badParameters() async throws {
        try await withEmulator { emulator, client in
            try await emulator.createUser(emailAddress: "ada@example.com", password: Fixtures.password)
            let unknown = try await client.post(
                "/v1/client/sign_ins", [("identifier", "ada@example.com"), ("favourite_colour", "blue")])
            #expect(unknown.status == 422)
            #expect(unknown.errorCode == "form_param_unknown")
            #expect(unknown.json["errors"][0]["meta"]["param_name"].string == "favourite_colour")
            #expect(
                unknown.json["errors"][0]["long_message"].string
                    == "favourite_colour is not a valid parameter for this request.")
            let boolean = try await client.post("/v1/client/sign_ins", [("transfer", "maybe")])
            #expect(boolean.errorCode == "form_param_format_invalid")
            let missing = try await client.post(
                "/v1/client/sign_ups", [("email_address", "x@example.com")])
            let id = try #require(missing.json["response"]["id"].string)
            let noStrategy = try await client.post("/v1/client/sign_ups/\(id)/prepare_verification", [])
            #expect(noStrategy.errorCode == "form_param_missing")
            let noParameters = try await client.post("/v1/client/sessions/sess_x/remove", [("x", "1")])
            #expect(noParameters.errorCode == "form_param_unknown")
        }
    }

    @Test("Malformed bodies are 400 and leave the emulator serving")
    @available(OS2023, *)
    func malformedBodies() async throws {
        try await withEmulator { _, client in
            let badEscape = try await client.send("POST", "/v1/client/sign_ins", rawBody: "identifier=%ZZ%")
            #expect(badEscape.status == 400)
            #expect(badEscape.errorCode == "malformed_request_body")
            let emptyName = try await client.send("POST", "/v1/client/sign_ins", rawBody: "=value")
            #expect(emptyName.status == 400)
            let binary = try await client.send("POST", "/v1/client/sign_ins", rawBody: "\u{0}\u{1}=\u{2}")
            #expect(binary.status == 422)
            let environment = try await client.get("/v1/environment")
            #expect(environment.status == 200)
        }
    }

    @Test("An injected error fires the given number of times, then requests succeed")
    @available(OS2023, *)
    func injectedError() async throws {
        try await withEmulator { emulator, client in
            await emulator.inject(
                .init(
                    method: "GET", path: "/v1/environment",
                    outcome: .error(status: 503, code: "service_unavailable", retryAfter: 2), times: 2))
            let first = try await client.get("/v1/environment")
            #expect(first.status == 503)
            #expect(first.errorCode == "service_unavailable")
            #expect(first.headers["retry-after"] == "2")
            #expect(try await client.get("/v1/environment").status == 503)
            #expect(try await client.get("/v1/environment").status == 200)
        }
    }

    @Test("A dropped connection fails the request without a response; the next request is served")
    @available(OS2023, *)
    func droppedConnection() async throws {
        try await withEmulator { emulator, client in
            await emulator.inject(.init(path: "/v1/client/**", outcome: .dropConnection))
            await #expect(throws: (any Error).self) { _ = try await client.get("/v1/client") }
            let retried = try await client.get("/v1/client")
            #expect(retried.status == 200)
            let log = await emulator.requestLog()
            #expect(log.first?.status == 0)
        }
    }

    @Test("A delay holds the answer back")
    @available(OS2023, *)
    func delay() async throws {
        try await withEmulator { emulator, client in
            await emulator.inject(.init(method: "GET", path: "/v1/environment", delay: .milliseconds(300)))
            let clock = ContinuousClock()
            let start = clock.now
            let reply = try await client.get("/v1/environment")
            #expect(reply.status == 200)
            #expect(clock.now - start >= .milliseconds(300))
        }
    }

    @Test("Rate limits answer 429 too_many_requests with Retry-After, per client")
    @available(OS2023, *)
    func rateLimit() async throws {
        let configuration = ClerkEmulator.Configuration(rateLimit: .init(requests: 3, window: .seconds(60)))
        try await withEmulator(configuration) { emulator, client in
            for _ in 0..<3 { #expect(try await client.get("/v1/environment").status == 200) }
            let limited = try await client.get("/v1/environment")
            #expect(limited.status == 429)
            #expect(limited.errorCode == "too_many_requests")
            let retryAfter = try #require(limited.headers["retry-after"].flatMap(Int.init))
            #expect((1...60).contains(retryAfter))
            await emulator.advanceClock(by: .seconds(61))
            #expect(try await client.get("/v1/environment").status == 200)
        }
    }

    @Test("Extreme durations are clamped instead of overflowing")
    @available(OS2023, *)
    func extremeDurations() async throws {
        let configuration = ClerkEmulator.Configuration(
            sessionTokenLifetime: .seconds(Int64.max), codeLifetime: .seconds(Int64.max),
            rateLimit: .init(requests: 1000, window: .seconds(Int64.max)))
        try await withEmulator(configuration) { emulator, client in
            let sessionId = try await Fixtures.signIn(emulator, client)
            let token = try await client.post("/v1/client/sessions/\(sessionId)/tokens")
            #expect(token.status == 200)
            await emulator.advanceClock(by: .seconds(Int64.max))
            await emulator.advanceClock(by: .seconds(Int64.max))
            let environment = try await client.get("/v1/environment")
            #expect(environment.status == 200)
            let expired = try await client.post("/v1/client/sessions/\(sessionId)/tokens")
            #expect(expired.status == 401)
        }
    }

    @Test("Concurrent clients each get their own client, session and token")
    @available(OS2023, *)
    func concurrentClients() async throws {
        try await withEmulator { emulator, client in
            try await emulator.createUser(emailAddress: "ada@example.com", password: Fixtures.password)
            let baseURL = client.baseURL
            let sessions = try await withThrowingTaskGroup(of: String.self) { group in
                for _ in 0..<24 {
                    group.addTask {
                        let device = FAPIClient(baseURL: baseURL)
                        let id = try await Fixtures.signIn(emulator, device, seed: false)
                        let token = try await device.post("/v1/client/sessions/\(id)/tokens")
                        guard token.status == 200 else { throw Fixtures.FixtureError(message: "token \(token.status)") }
                        return id
                    }
                }
                var ids: Set<String> = []
                for try await id in group { ids.insert(id) }
                return ids
            }
            #expect(sessions.count == 24)
        }
    }
}

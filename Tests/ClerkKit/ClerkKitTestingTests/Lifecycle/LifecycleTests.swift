import ClerkKit
import ClerkKitTesting
import CourierTestSupport
import Foundation
import Logging
import ServiceLifecycle
import Testing

@Suite("Emulator lifecycle and hygiene")
struct LifecycleTests {
    private let quiet = Logger(label: "quiet") { _ in SwiftLogNoOpLogHandler() }

    @Test("Starts on a fixed port; a second emulator on the same port fails with ClerkError.emulator")
    @available(OS2023, *)
    func fixedPort() async throws {
        // A free port, found by a probe; another test may take it before we do, so try a few.
        var started: (emulator: ClerkEmulator, url: URL)?
        for _ in 0..<5 where started == nil {
            let probe = ClerkEmulator(logger: quiet)
            let port = try #require(try await probe.start().port)
            await probe.stop()
            let candidate = ClerkEmulator(configuration: .init(port: port), logger: quiet)
            if let url = try? await candidate.start() { started = (candidate, url) }
        }
        let (fixed, url) = try #require(started)
        let port = try #require(url.port)
        #expect(url.port == fixed.configuration.port)
        let clash = ClerkEmulator(configuration: .init(port: port), logger: quiet)
        await #expect(throws: ClerkError.self) { try await clash.start() }
        do {
            try await clash.start()
        } catch {
            #expect(error.code == .emulator)
        }
        let reply = try await FAPIClient(baseURL: url).get("/v1/environment")
        #expect(reply.status == 200)
        await fixed.stop()
        await fixed.stop()
        #expect(await fixed.baseURL == nil)
    }

    @Test("An out-of-range port is a typed error")
    @available(OS2023, *)
    func badPort() async throws {
        let emulator = ClerkEmulator(configuration: .init(port: 70_000), logger: quiet)
        await #expect(throws: ClerkError.self) { try await emulator.start() }
    }

    @Test("The publishable key is pk_test_ + base64url of host:port$")
    @available(OS2023, *)
    func publishableKey() async throws {
        let emulator = ClerkEmulator(logger: quiet)
        let url = try await emulator.start()
        let key = await emulator.publishableKey
        #expect(key.hasPrefix("pk_test_"))
        let decoded = Fixtures.base64URL(String(key.dropFirst(8))).map { String(decoding: $0, as: UTF8.self) }
        #expect(decoded == "127.0.0.1:\(url.port ?? 0)$")
        await emulator.stop()
    }

    @Test("Runs in a ServiceGroup and stops on graceful shutdown")
    @available(OS2023, *)
    func serviceGroup() async throws {
        let emulator = ClerkEmulator(logger: quiet)
        let group = ServiceGroup(
            configuration: .init(services: [emulator], gracefulShutdownSignals: [], logger: quiet))
        let running = Task { try await group.run() }
        let url = try await withTimeout { await emulator.waitUntilRunning() }
        let reply = try await FAPIClient(baseURL: url).get("/v1/environment")
        #expect(reply.status == 200)
        await group.triggerGracefulShutdown()
        try await withTimeout { try await running.value }
        #expect(await emulator.baseURL == nil)
    }

    @Test("The log never holds a password, device token or session token; sent codes are printed at info level")
    @available(OS2023, *)
    func noSecretsInLogs() async throws {
        let capture = LogCapture()
        try await withEmulator(logger: capture.logger()) { emulator, client in
            try await emulator.createUser(emailAddress: "ada@example.com", password: Fixtures.password)
            let sessionId = try await Fixtures.signIn(emulator, client, seed: false)
            let token = try await client.post("/v1/client/sessions/\(sessionId)/tokens")
            let signUp = FAPIClient(baseURL: client.baseURL)
            let created = try await signUp.post(
                "/v1/client/sign_ups", [("email_address", "new@example.com"), ("password", "another secret 9")])
            let id = try #require(created.json["response"]["id"].string)
            _ = try await signUp.post("/v1/client/sign_ups/\(id)/prepare_verification", [("strategy", "email_code")])
            let code = try #require(await emulator.latestCode(for: "new@example.com"))
            _ = try await signUp.post(
                "/v1/client/sign_ups/\(id)/attempt_verification", [("strategy", "email_code"), ("code", code)])

            let secrets = [
                Fixtures.password, "another secret 9", try #require(await client.deviceToken),
                try #require(token.json["jwt"].string),
            ]
            let log = capture.text
            #expect(log.contains("clerk emulator"))
            #expect(log.contains("/__emulator/"))
            // The emulator's made-up codes are how a person testing by hand signs in (`clerk emulator --help`).
            #expect(log.contains("sent code \(code) to new@example.com"))
            for secret in secrets { #expect(!log.contains(secret)) }
            let requestLog = await emulator.requestLog()
            let logged = requestLog.flatMap { $0.form.map(\.value) }
            #expect(!logged.contains(Fixtures.password))
            #expect(!logged.contains(code))
            #expect(logged.contains("[redacted]"))
            let headers = requestLog.flatMap(\.headers)
            #expect(headers.contains { $0.name.lowercased() == "clerk-api-version" && $0.value == "2026-05-12" })
            #expect(headers.filter { $0.name.lowercased() == "authorization" }.allSatisfy { $0.value == "[redacted]" })
            #expect(!headers.map(\.value).contains(try #require(await client.deviceToken)))
        }
    }

    @Test("The request log keeps at most requestLogLimit entries, the newest")
    @available(OS2023, *)
    func requestLogLimit() async throws {
        try await withEmulator(.init(requestLogLimit: 5)) { emulator, client in
            for _ in 0..<12 { _ = try await client.get("/v1/environment") }
            _ = try await client.get("/v1/client")
            let log = await emulator.requestLog()
            #expect((1...5).contains(log.count))
            #expect(log.last?.path == "/v1/client")
        }
    }

    @Test("Browser-style requests (no _is_native) get the client as a cookie")
    @available(OS2023, *)
    func cookieClients() async throws {
        try await withEmulator { emulator, client in
            try await emulator.createUser(emailAddress: "ada@example.com", password: Fixtures.password)
            let reply = try await client.send(
                "POST", "/v1/client/sign_ins",
                form: [("identifier", "ada@example.com"), ("password", Fixtures.password)], native: false)
            #expect(reply.headers["set-cookie"]?.hasPrefix("__client=") == true)
            #expect(reply.headers["authorization"] == nil)
        }
    }
}

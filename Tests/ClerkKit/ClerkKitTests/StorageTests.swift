import CourierTestSupport
import Foundation
import Testing

@testable import ClerkKit

@Suite struct FileSecureStoreTests {
    @available(OS2023, *)
    private func mode(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    @available(OS2023, *)
    @Test func ownerOnlyAtomicFiles() async throws {
        try await withTemporaryDirectory(prefix: "clerk-store") { directory in
            let folder = directory.url.appendingPathComponent("state")
            try FileManager.default.createDirectory(
                at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
            let store = try FileSecureStore(directory: folder)
            #expect(try mode(folder.path) == 0o700)
            try store.set(Data("one".utf8), forKey: "clerkDeviceToken")
            try store.set(Data("two".utf8), forKey: "clerkDeviceToken")
            #expect(try store.data(forKey: "clerkDeviceToken") == Data("two".utf8))
            #expect(try mode(folder.appendingPathComponent("clerkDeviceToken").path) == 0o600)
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["clerkDeviceToken"])
            try store.remove(forKey: "clerkDeviceToken")
            try store.remove(forKey: "clerkDeviceToken")
            #expect(try store.data(forKey: "clerkDeviceToken") == nil)
        }
    }

    @available(OS2023, *)
    @Test func temporaryFileNamesComeFromTheInjectedRandomness() async throws {
        try await withTemporaryDirectory(prefix: "clerk-store") { directory in
            let store = try FileSecureStore(directory: directory.url, randomness: CountingRandomness())
            // A directory where the first temporary file would go makes the first write fail.
            let blocked = ".clerkClient.\(CountingRandomness.uuid(1).uuidString).tmp"
            try FileManager.default.createDirectory(
                at: directory.url.appendingPathComponent(blocked), withIntermediateDirectories: false)
            #expect(caught { try store.set(Data("one".utf8), forKey: "clerkClient") }?.code == .storage)
            try store.set(Data("two".utf8), forKey: "clerkClient")  // the second name is free
            #expect(try store.data(forKey: "clerkClient") == Data("two".utf8))
        }
    }

    @Test(arguments: ["", "../escape", "a/b", ".hidden", "sp ace"])
    @available(OS2023, *)
    func keysMustBePlainFileNames(key: String) async throws {
        try await withTemporaryDirectory(prefix: "clerk-store") { directory in
            let store = try FileSecureStore(directory: directory.url)
            #expect(caught { try store.set(Data(), forKey: key) }?.code == .storage)
            #expect(caught { try store.data(forKey: key) }?.code == .storage)
        }
    }
}

@MainActor
@Suite struct PersistenceTests {
    @available(OS2023, *)
    @Test func identityPersistsAndHydratesWithoutARequest() async throws {
        let directory = try TemporaryDirectory(prefix: "clerk-state")
        defer { directory.remove() }
        do {
            let transport = StubTransport(responses: [
                Fixtures.wrapped(Fixtures.signedInClient(), headers: ["Authorization": "dvc_persisted"]),
                Fixtures.json(Fixtures.environment()),
            ])
            let configuration = try Fixtures.configuration()
            let first = Clerk(
                configuration: configuration, store: try FileSecureStore(directory: directory.url), transport: transport
            )
            try await first.refreshClient()
            try await first.refreshEnvironment()
            let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
            #expect(files == ["cachedClient", "cachedClientOrder", "cachedEnvironment", "clerkDeviceToken"])

            let later = StubTransport(responses: [Fixtures.wrapped(Fixtures.signedInClient())])
            let second = Clerk(
                configuration: configuration, store: try FileSecureStore(directory: directory.url), transport: later)
            // Created with the stored identity already loaded.
            #expect(second.session?.id == "sess_1")
            #expect(second.environment?.displayConfig?.applicationName == "Courier")
            #expect(later.requests.isEmpty)
            try await second.refreshClient()
            #expect(later.requests.first?.headers["Authorization"] == "dvc_persisted")
            #expect(later.requests.first?.headers["x-clerk-client-id"] == "client_1")
        }
    }

    @available(OS2023, *)
    @Test func corruptOrForeignStoredValuesAreDiscardedWithALog() async throws {
        let store = InMemorySecureStore([
            "clerkDeviceToken": Data("dvc_ok".utf8),
            "cachedClient": Data(#"{"id": 5, "sessions": "x"}"#.utf8),
            "cachedEnvironment": Data([0xFF, 0x00, 0x13]),
            "cachedClientOrder": Data("{}".utf8),
        ])
        let harness = try ClerkHarness(transport: StubTransport(responses: []), store: store)
        harness.clerk.hydrate()
        #expect(harness.clerk.client == nil)
        #expect(harness.clerk.environment == nil)
        #expect(harness.clerk.core.identity.snapshot.deviceToken == "dvc_ok")
        #expect(store.keys == ["clerkDeviceToken"])
        #expect(harness.log.text.contains("cachedClient is corrupt or foreign"))
        #expect(harness.log.text.contains("cachedEnvironment is corrupt or foreign"))
    }

    @Test(arguments: [Data(), Data("two\nlines".utf8), Data([0xC3, 0x28])])
    @available(OS2023, *)
    func unusableStoredTokenIsDiscarded(token: Data) throws {
        let store = InMemorySecureStore(["clerkDeviceToken": token])
        let harness = try ClerkHarness(transport: StubTransport(responses: []), store: store)
        harness.clerk.hydrate()
        #expect(harness.clerk.core.identity.snapshot.deviceToken == nil)
        #expect(store.keys.isEmpty)
    }

    @available(OS2023, *)
    @Test func tamperedStoredFileDoesNotCrashLoad() async throws {
        let directory = try TemporaryDirectory(prefix: "clerk-state")
        defer { directory.remove() }
        do {
            let store = try FileSecureStore(directory: directory.url)
            try store.set(Data("<html>not json</html>".utf8), forKey: "cachedClient")
            let transport = StubTransport { request, _ in
                request.url.path == "/v1/environment"
                    ? Fixtures.json(Fixtures.environment()) : Fixtures.wrapped(Fixtures.signedInClient())
            }
            let clerk = Clerk(configuration: try Fixtures.configuration(), store: store, transport: transport)
            try await clerk.load()
            #expect(clerk.session?.id == "sess_1")
            let stored = try #require(try store.data(forKey: "cachedClient"))
            #expect(try ClerkJSON.decoder().decode(Client.self, from: stored).id == "client_1")
        }
    }
}

@MainActor
@Suite struct LogRedactionTests {
    @available(OS2023, *)
    @Test func noSecretReachesTheLog() async throws {
        let deviceToken = "dvc_SECRET_device_token"
        let jwt = Fixtures.jwt(exp: Fixtures.nowSeconds + 60)
        let transport = StubTransport { request, _ in
            let path = request.url.path
            if path.hasSuffix("/tokens") { return Fixtures.tokenResponse(jwt) }
            if path.hasSuffix("/attempt_first_factor") {
                return Fixtures.wrapped(
                    Fixtures.signIn(status: "complete", sessionId: "sess_1"), client: Fixtures.signedInClient(),
                    headers: ["Authorization": deviceToken])
            }
            if path.hasSuffix("/attempt_second_factor") {
                return Fixtures.errorResponse(status: 422, code: "form_code_incorrect")
            }
            return Fixtures.wrapped(
                Fixtures.signIn(), client: Fixtures.client(signIn: Fixtures.signIn()),
                headers: ["Authorization": deviceToken])
        }
        let harness = try ClerkHarness(transport: transport)
        let auth = harness.clerk.auth
        let signIn = try await auth.signIn(identifier: "ada@example.com", password: "hunter2-PASSWORD")
        _ = try await auth.signInWithTicket("tkt_SECRET_ticket")
        _ = try await auth.attemptFirstFactor(signIn, strategy: .emailCode, code: "987654")
        _ = await caught { try await auth.attemptSecondFactor(signIn, strategy: .totp, code: "555111") }
        let token = try await auth.getToken()
        #expect(token == jwt)
        let log = harness.log.text
        #expect(log.contains("POST /v1/client/sign_ins"))
        #expect(log.contains("<redacted>"))
        for secret in ["hunter2-PASSWORD", "987654", "555111", deviceToken, "tkt_SECRET_ticket", jwt, "c2lnbmF0dXJl"] {
            #expect(!log.contains(secret), "\(secret) reached the log")
        }
        #expect(
            !"\(await caught { try await auth.attemptSecondFactor(signIn, strategy: .totp, code: "555111") } as Any)"
                .contains("555111"))
    }
}

import ClerkKit
import ClerkKitTesting
import Foundation
import Testing

/// Sign-up and session management of ClerkKit against the emulator.
@Suite("ClerkKit ↔ emulator: sign-up and sessions") @MainActor
struct SignUpAndSessionTests {
    @available(OS2023, *)
    @Test func signUpVerifiesAnEmailFromTheOutbox() async throws {
        try await withHarness { harness in
            var signUp = try await harness.clerk.auth.signUp(
                emailAddress: "ada@example.com", password: Harness.password, firstName: "Ada", lastName: "Lovelace")
            #expect(signUp.status == .missingRequirements)
            #expect(signUp.unverifiedFields.contains("email_address"))
            signUp = try await harness.clerk.auth.prepareVerification(signUp, strategy: .emailCode)
            let code = try #require(await harness.emulator.latestCode(for: "ada@example.com"))
            await #expect(throws: ClerkError.self) {
                try await harness.clerk.auth.attemptVerification(signUp, strategy: .emailCode, code: "000000")
            }
            signUp = try await harness.clerk.auth.attemptVerification(signUp, strategy: .emailCode, code: code)
            #expect(signUp.status == .complete)
            #expect(harness.clerk.user?.id == signUp.createdUserId)
            #expect(harness.clerk.user?.primaryEmailAddress?.emailAddress == "ada@example.com")
        }
    }

    @available(OS2023, *)
    @Test func signUpWithATestPhoneNumber() async throws {
        try await withHarness(.init(signUp: .init(requiredFields: [.phoneNumber, .password]))) { harness in
            var signUp = try await harness.clerk.auth.signUp(password: Harness.password, phoneNumber: "+15555550123")
            signUp = try await harness.clerk.auth.prepareVerification(signUp, strategy: .phoneCode)
            signUp = try await harness.clerk.auth.attemptVerification(signUp, strategy: .phoneCode, code: "424242")
            #expect(
                signUp.status == .complete, "missing \(signUp.missingFields), unverified \(signUp.unverifiedFields)")
        }
    }

    @available(OS2023, *)
    @Test func anExistingIdentifierIsRefused() async throws {
        try await withHarness { harness in
            _ = try await harness.emulator.createUser(emailAddress: "ada@example.com", password: Harness.password)
            do throws(ClerkError) {
                _ = try await harness.clerk.auth.signUp(emailAddress: "ada@example.com", password: Harness.password)
                Issue.record("a second account with the same address")
            } catch {
                #expect(error.apiError?.code == "form_identifier_exists")
            }
        }
    }

    @available(OS2023, *)
    @Test func multiSessionSetActiveRevokeAndSignOut() async throws {
        try await withHarness(.init(singleSessionMode: false)) { harness in
            _ = try await harness.emulator.createUser(emailAddress: "ada@example.com", password: Harness.password)
            _ = try await harness.emulator.createUser(emailAddress: "grace@example.com", password: Harness.password)
            let auth = harness.clerk.auth
            let first = try await auth.signIn(identifier: "ada@example.com", password: Harness.password)
            let second = try await auth.signIn(identifier: "grace@example.com", password: Harness.password)
            let firstSession = try #require(first.createdSessionId)
            #expect(harness.clerk.session?.id == second.createdSessionId)
            #expect(auth.sessions.count == 2)

            _ = try await auth.setActive(sessionId: firstSession)
            #expect(harness.clerk.session?.id == firstSession)
            #expect(harness.clerk.user?.primaryEmailAddress?.emailAddress == "ada@example.com")
            #expect(try await auth.activeSessions().map(\.id).contains(firstSession))

            try await auth.signOut(sessionId: second.createdSessionId)
            #expect(auth.sessions.map(\.id) == [firstSession])
            try await auth.signOut()
            #expect(harness.clerk.session == nil)
            #expect(try await auth.getToken() == nil)
        }
    }

    @available(OS2023, *)
    @Test func revokingASessionFromAnotherDevice() async throws {
        try await withHarness(.init(singleSessionMode: false)) { harness in
            _ = try await harness.emulator.createUser(emailAddress: "ada@example.com", password: Harness.password)
            let phone = try await harness.clerk.auth.signIn(identifier: "ada@example.com", password: Harness.password)
            let laptop = try await harness.secondClient()
            _ = try await laptop.auth.signIn(identifier: "ada@example.com", password: Harness.password)
            let phoneSession = try #require(phone.createdSessionId)
            #expect(try await laptop.auth.activeSessions().count == 2)
            let revoked = try await laptop.auth.revokeSession(phoneSession)
            #expect(revoked.status == .revoked)
            try await harness.clerk.refreshClient()
            #expect(harness.clerk.session == nil)
        }
    }

    @available(OS2023, *)
    @Test func aSignedInClientSurvivesARestartFromTheFileStore() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("clerk-e2e-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try await withHarness(store: try FileSecureStore(directory: directory)) { harness in
            _ = try await harness.emulator.createUser(emailAddress: "ada@example.com", password: Harness.password)
            let signIn = try await harness.clerk.auth.signIn(identifier: "ada@example.com", password: Harness.password)
            let restarted = Clerk(
                configuration: harness.configuration, store: try FileSecureStore(directory: directory))
            #expect(restarted.session?.id == signIn.createdSessionId)  // hydrated, before any request
            try await restarted.load()
            #expect(restarted.session?.id == signIn.createdSessionId)  // and the service agrees
            #expect(try await restarted.auth.getToken() != nil)
        }
    }
}

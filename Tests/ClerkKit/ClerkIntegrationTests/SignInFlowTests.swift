import ClerkKit
import ClerkKitTesting
import Foundation
import Testing

/// Sign-in flows of ClerkKit against the emulator over HTTP, every exchange checked against the description.
@Suite("ClerkKit ↔ emulator: sign-in") @MainActor
struct SignInFlowTests {
    @available(OS2023, *)
    @Test func passwordSignInGivesASessionUserAndToken() async throws {
        try await withHarness { harness in
            _ = try await harness.emulator.createUser(
                emailAddress: "ada@example.com", password: Harness.password, firstName: "Ada")
            let events = harness.clerk.events
            let signIn = try await harness.clerk.auth.signIn(identifier: "ada@example.com", password: Harness.password)
            #expect(signIn.status == .complete)
            #expect(harness.clerk.session?.id == signIn.createdSessionId)
            #expect(harness.clerk.user?.firstName == "Ada")
            let token = try #require(try await harness.clerk.auth.getToken())
            #expect(try SessionJWT(token).sessionId == signIn.createdSessionId)
            var iterator = events.makeAsyncIterator()
            var sawCompletion = false
            while let event = await iterator.next() {
                if case .signInCompleted = event {
                    sawCompletion = true
                    break
                }
            }
            #expect(sawCompletion)
        }
    }

    @available(OS2023, *)
    @Test func emailCodeFromTheOutbox() async throws {
        try await withHarness { harness in
            _ = try await harness.emulator.createUser(emailAddress: "grace@example.com", password: Harness.password)
            var signIn = try await harness.clerk.auth.signInWithEmailCode(emailAddress: "grace@example.com")
            #expect(signIn.status == .needsFirstFactor)
            let code = try #require(await harness.emulator.latestCode(for: "grace@example.com"))
            signIn = try await harness.clerk.auth.attemptFirstFactor(signIn, strategy: .emailCode, code: code)
            #expect(signIn.status == .complete)
            #expect(harness.clerk.user != nil)
        }
    }

    @available(OS2023, *)
    @Test func phoneCodeForATestNumber() async throws {
        try await withHarness { harness in
            _ = try await harness.emulator.createUser(phoneNumber: "+15555550100", password: Harness.password)
            var signIn = try await harness.clerk.auth.signInWithPhoneCode(phoneNumber: "+15555550100")
            signIn = try await harness.clerk.auth.attemptFirstFactor(signIn, strategy: .phoneCode, code: "424242")
            #expect(signIn.status == .complete)
            #expect(await harness.emulator.outbox().isEmpty)
        }
    }

    @available(OS2023, *)
    @Test func wrongCredentialsAreTypedAndChangeNothing() async throws {
        try await withHarness { harness in
            _ = try await harness.emulator.createUser(emailAddress: "ada@example.com", password: Harness.password)
            await #expect(throws: ClerkError.self) {
                try await harness.clerk.auth.signIn(identifier: "ada@example.com", password: "wrong")
            }
            do throws(ClerkError) {
                _ = try await harness.clerk.auth.signIn(identifier: "nobody@example.com", password: "x")
                Issue.record("an unknown identifier signed in")
            } catch {
                #expect(error.code == .api)
                #expect(error.apiError?.code == "form_identifier_not_found")
                #expect(error.context.traceId != nil)
            }
            #expect(harness.clerk.session == nil)
            #expect(harness.clerk.user == nil)
        }
    }

    @available(OS2023, *)
    @Test func totpSecondFactor() async throws {
        try await withHarness { harness in
            let user = try await harness.emulator.createUser(
                emailAddress: "ada@example.com", password: Harness.password)
            let secret = try await harness.emulator.enableTOTP(userId: user.id)
            var signIn = try await harness.clerk.auth.signIn(identifier: "ada@example.com", password: Harness.password)
            #expect(signIn.status == .needsSecondFactor)
            let code = try #require(await harness.emulator.totpCode(secret: secret))
            signIn = try await harness.clerk.auth.attemptSecondFactor(signIn, strategy: .totp, code: code)
            #expect(signIn.status == .complete)
            #expect(harness.clerk.session != nil)
        }
    }

    @available(OS2023, *)
    @Test func backupCodeSecondFactorWorksOnce() async throws {
        try await withHarness { harness in
            let user = try await harness.emulator.createUser(
                emailAddress: "ada@example.com", password: Harness.password)
            _ = try await harness.emulator.enableTOTP(userId: user.id)
            let codes = try await harness.emulator.createBackupCodes(userId: user.id)
            let code = try #require(codes.first)
            var signIn = try await harness.clerk.auth.signIn(identifier: "ada@example.com", password: Harness.password)
            signIn = try await harness.clerk.auth.attemptSecondFactor(signIn, strategy: .backupCode, code: code)
            #expect(signIn.status == .complete)
            try await harness.clerk.auth.signOut()
            signIn = try await harness.clerk.auth.signIn(identifier: "ada@example.com", password: Harness.password)
            await #expect(throws: ClerkError.self) {
                try await harness.clerk.auth.attemptSecondFactor(signIn, strategy: .backupCode, code: code)
            }
        }
    }

    @available(OS2023, *)
    @Test func resetPasswordByEmailCode() async throws {
        try await withHarness { harness in
            _ = try await harness.emulator.createUser(emailAddress: "ada@example.com", password: Harness.password)
            var signIn = try await harness.clerk.auth.signIn(identifier: "ada@example.com")
            signIn = try await harness.clerk.auth.prepareFirstFactor(signIn, strategy: .resetPasswordEmailCode)
            let code = try #require(await harness.emulator.latestCode(for: "ada@example.com"))
            signIn = try await harness.clerk.auth.attemptFirstFactor(
                signIn, strategy: .resetPasswordEmailCode, code: code)
            #expect(signIn.status == .needsNewPassword)
            signIn = try await harness.clerk.auth.resetPassword(signIn, newPassword: "difference-engine-1822")
            #expect(signIn.status == .complete)
            try await harness.clerk.auth.signOut()
            let again = try await harness.clerk.auth.signIn(
                identifier: "ada@example.com", password: "difference-engine-1822")
            #expect(again.status == .complete)
        }
    }

    @available(OS2023, *)
    @Test func ticketSignIn() async throws {
        try await withHarness { harness in
            let user = try await harness.emulator.createUser(
                emailAddress: "ada@example.com", password: Harness.password)
            let ticket = try await harness.emulator.createSignInTicket(userId: user.id)
            let signIn = try await harness.clerk.auth.signInWithTicket(ticket)
            #expect(signIn.status == .complete)
        }
    }
}

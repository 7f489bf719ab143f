import ClerkKit
import ClerkKitTesting
import ClerkKitUICore
import Foundation
import Testing

/// Client Trust: a password sign-in on a device new to the user is `needs_client_trust` until the code sent to
/// the user's address is verified; ClerkKit's calls and the screens both finish it.
@Suite("Client trust against the emulator") @MainActor
struct ClientTrustTests {
    @available(OS2023, *)
    static var configuration: ClerkEmulator.Configuration {
        var configuration = ClerkEmulator.Configuration(
            identifiers: [.emailAddress], firstFactors: [.password, .emailCode], secondFactors: [.totp])
        configuration.clientTrust = true
        return configuration
    }

    @available(OS2023, *)
    @Test func clerkKitFinishesItWithTheEmailedCode() async throws {
        try await withUIHarness(Self.configuration) { harness in
            try await harness.emulator.createUser(emailAddress: "ada@example.com", password: UIHarness.password)
            let auth = harness.clerk.auth
            let started = try await auth.signIn(identifier: "ada@example.com", password: UIHarness.password)
            #expect(started.status == .needsClientTrust)
            #expect(started.supportedSecondFactors.map(\.strategy) == [.emailCode])
            #expect(harness.clerk.session == nil)
            let prepared = try await auth.prepareSecondFactor(started, strategy: .emailCode)
            #expect(prepared.secondFactorVerification?.status == .unverified)
            let code = try #require(await harness.emulator.latestCode(for: "ada@example.com"))
            await #expect(throws: ClerkError.self) {
                _ = try await auth.attemptSecondFactor(prepared, strategy: .emailCode, code: "000000")
            }
            let done = try await auth.attemptSecondFactor(prepared, strategy: .emailCode, code: code)
            #expect(done.status == .complete)
            #expect(harness.clerk.session != nil)
            try await auth.signOut()
            // A device the user signed in on is trusted afterwards.
            let again = try await auth.signIn(identifier: "ada@example.com", password: UIHarness.password)
            #expect(again.status == .complete)
        }
    }

    @available(OS2023, *)
    @Test func theScreensAskForTheCode() async throws {
        try await withUIHarness(Self.configuration) { harness in
            try await harness.emulator.createUser(emailAddress: "ada@example.com", password: UIHarness.password)
            let flow = AuthFlow(clerk: harness.clerk)
            flow.identifier = "ada@example.com"
            await flow.submitIdentifier()
            flow.password = UIHarness.password
            await flow.submitPassword()
            #expect(flow.destination == .signInFactorTwo(.emailCode))
            #expect(flow.title == .localized(.titleCheckEmail))
            #expect(flow.subtitle == .localized(.codeSentTo, arguments: ["destination": "ada@example.com"]))
            #expect(flow.offersResend)
            flow.code = try #require(await harness.emulator.latestCode(for: "ada@example.com"))
            await flow.submitCode()
            #expect(flow.isComplete)
        }
    }
}

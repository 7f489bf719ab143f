import ClerkKit
import ClerkKitTesting
import ClerkKitUICore
import Foundation
import Testing

/// The screens' passkey second factor and reverification flow against the emulator: real assertions and device
/// signatures, checked by it.
@Suite("AuthFlow and ReverificationFlow: passkeys, trusted devices and reverification") @MainActor
struct PasskeyAndReverificationFlowTests {
    @available(OS2023, *)
    static func configuration(
        secondFactors: Set<ClerkEmulator.SecondFactor> = [.passkey], level: ClerkEmulator.Reverification.Level? = nil
    ) -> ClerkEmulator.Configuration {
        var configuration = ClerkEmulator.Configuration(
            identifiers: [.emailAddress], firstFactors: [.password, .emailCode], secondFactors: secondFactors,
            reverification: level.map { ClerkEmulator.Reverification(level: $0, maxAge: .seconds(600)) })
        configuration.passkeyRelyingPartyID = "example.com"
        configuration.trustedDevices = true
        return configuration
    }

    /// Ada with a passkey, signed out again.
    @available(OS2023, *)
    func adaWithPasskey(_ harness: UIHarness, _ authenticator: SoftwarePasskeyAuthenticator) async throws {
        try await harness.emulator.createUser(emailAddress: "ada+clerk_test@example.com", password: UIHarness.password)
        try await harness.clerk.auth.signIn(identifier: "ada+clerk_test@example.com", password: UIHarness.password)
        if harness.clerk.session == nil {
            // The passkey second factor is on but Ada has no passkey yet: her password alone signs her in.
            Issue.record("Ada without a passkey needed a second factor")
        }
        try await harness.clerk.account.createPasskey(using: authenticator)
        try await harness.clerk.auth.signOut()
    }

    @available(OS2023, *)
    @Test func aPasswordSignInOffersThePasskeyAndFinishesWithIt() async throws {
        try await withUIHarness(Self.configuration(secondFactors: [.passkey, .totp, .backupCode])) { harness in
            let authenticator = SoftwarePasskeyAuthenticator()
            try await adaWithPasskey(harness, authenticator)
            let flow = AuthFlow(clerk: harness.clerk)
            flow.passkeyAuthenticator = authenticator
            flow.identifier = "ada+clerk_test@example.com"
            await flow.submitIdentifier()
            flow.password = UIHarness.password
            await flow.submitPassword()
            #expect(flow.path.last == .signInFactorTwo(.passkey))
            #expect(flow.title == .localized(.titlePasskey))
            #expect(flow.subtitle == .localized(.passkeyInstructions))
            #expect(!flow.offersResend)
            #expect(flow.secondFactorChoices.contains(.passkey))
            // The person declines the system sheet: no error, still on the passkey screen.
            await authenticator.setBehaviour(.decline)
            await flow.submitPasskey()
            #expect(flow.path.last == .signInFactorTwo(.passkey))
            #expect(flow.screen.errorMessage == nil)
            // A forged assertion is refused with the service's message.
            await authenticator.setBehaviour(.corruptSignature)
            await flow.submitPasskey()
            #expect(flow.screen.errorMessage != nil)
            #expect(harness.clerk.session == nil)
            await authenticator.setBehaviour(.honest)
            await flow.submitPasskey()
            #expect(flow.isComplete)
            #expect(harness.clerk.session?.status == .active)
            #expect(flow.signIn?.secondFactorVerification?.strategy == .passkey)
        }
    }

    @available(OS2023, *)
    @Test func withoutAnAuthenticatorThePasskeyIsNotOffered() async throws {
        try await withUIHarness(Self.configuration()) { harness in
            try await adaWithPasskey(harness, SoftwarePasskeyAuthenticator())
            let flow = AuthFlow(clerk: harness.clerk)
            flow.identifier = "ada+clerk_test@example.com"
            await flow.submitIdentifier()
            flow.password = UIHarness.password
            await flow.submitPassword()
            // The sign-in offers only a passkey, which this flow cannot sign: no screen it could not finish.
            #expect(flow.signIn?.status == .needsSecondFactor)
            #expect(flow.secondFactorChoices.isEmpty)
            #expect(flow.path == [.signInFactorOne(.password)])
            #expect(flow.screen.errorMessage == .localized(.methodUnavailable))
            await flow.submitPasskey()
            #expect(flow.screen.errorMessage == .localized(.methodUnavailable))
        }
    }

    @available(OS2023, *)
    @Test func aRefusedActionIsVerifiedAgainWithThePassword() async throws {
        try await withUIHarness(Self.configuration(secondFactors: [], level: .firstFactor)) { harness in
            try await harness.emulator.createUser(
                emailAddress: "ada+clerk_test@example.com", password: UIHarness.password)
            try await harness.clerk.auth.signIn(identifier: "ada+clerk_test@example.com", password: UIHarness.password)
            await harness.emulator.advanceClock(by: .seconds(900))
            let refusal = await refusalOf { () async throws(ClerkError) in try await harness.clerk.account.delete() }
            #expect(ReverificationFlow(clerk: harness.clerk, refusal: ClerkError(.transport, "offline")) == nil)
            let flow = try #require(refusal.flatMap { ReverificationFlow(clerk: harness.clerk, refusal: $0) })
            #expect(flow.level == .firstFactor)
            #expect(flow.title == .localized(.titleReverify))
            await flow.start()
            #expect(flow.path == [.firstFactor(.password)])
            #expect(flow.choices == [.password, .emailCode])
            flow.password = "wrong-password-1"
            await flow.submitPassword()
            #expect(flow.screen.fieldErrors[.password] != nil || flow.screen.errorMessage != nil)
            #expect(!flow.isComplete)
            // Another method: the email code (a test address, so the code is 424242).
            flow.useAnotherMethod()
            #expect(flow.destination == .choice)
            await flow.choose(.emailCode)
            #expect(flow.path == [.firstFactor(.password), .firstFactor(.emailCode)])
            #expect(flow.asksForCode)
            flow.back()
            flow.password = UIHarness.password
            await flow.submitPassword()
            #expect(flow.isComplete)
            #expect(flow.subtitle == .localized(.reverificationDone))
            try await harness.clerk.account.delete()
            #expect(harness.clerk.session == nil)
        }
    }

    @available(OS2023, *)
    @Test func aCodeAnswersTheFirstFactor() async throws {
        try await withUIHarness(Self.configuration(secondFactors: [], level: .firstFactor)) { harness in
            try await harness.emulator.createUser(
                emailAddress: "ada+clerk_test@example.com", password: UIHarness.password)
            try await harness.clerk.auth.signIn(identifier: "ada+clerk_test@example.com", password: UIHarness.password)
            await harness.emulator.advanceClock(by: .seconds(900))
            let flow = ReverificationFlow(clerk: harness.clerk, level: .firstFactor)
            await flow.start()
            await flow.choose(.emailCode)
            #expect(flow.title == .localized(.titleCheckEmail))
            flow.code = "12"
            await flow.submitCode()
            #expect(flow.screen.fieldErrors[.code] != nil)
            flow.code = "424242"
            await flow.submitCode()
            #expect(flow.isComplete)
        }
    }

    @available(OS2023, *)
    @Test func passkeysAnswerBothFactorsOfAMultiFactorReverification() async throws {
        try await withUIHarness(Self.configuration(level: .multiFactor)) { harness in
            let authenticator = SoftwarePasskeyAuthenticator()
            try await adaWithPasskey(harness, authenticator)
            let signIn = try await harness.clerk.auth.signIn(
                identifier: "ada+clerk_test@example.com", password: UIHarness.password)
            try await harness.clerk.auth.attemptSecondFactorPasskey(signIn, using: authenticator)
            await harness.emulator.advanceClock(by: .seconds(900))
            // Without an authenticator the passkey is not offered; the password is.
            let plain = ReverificationFlow(clerk: harness.clerk, level: .multiFactor)
            await plain.start()
            #expect(plain.destination == .firstFactor(.password))
            #expect(!plain.choices.contains(.passkey))

            let flow = ReverificationFlow(
                clerk: harness.clerk, level: .multiFactor, passkeyAuthenticator: authenticator)
            await flow.start()
            #expect(flow.destination == .firstFactor(.passkey))
            #expect(flow.title == .localized(.titlePasskey))
            await flow.usePasskey()
            #expect(flow.destination == .secondFactor(.passkey))
            await flow.usePasskey()
            #expect(flow.isComplete)
            try await harness.clerk.account.delete()
            #expect(harness.clerk.session == nil)
        }
    }

    @available(OS2023, *)
    @Test func theTrustedDeviceAnswersWhenThisInstallationHoldsOne() async throws {
        try await withUIHarness(Self.configuration(secondFactors: [], level: .firstFactor)) { harness in
            var options = ClerkOptions(
                device: DeviceInfo(
                    isMobile: true, deviceType: "iphone", deviceModel: "iPhone15,2", bundleId: "com.example.app"))
            options.telemetryEnabled = false
            let clerk = Clerk(
                configuration: try ClerkConfiguration(
                    publishableKey: await harness.emulator.publishableKey, proxyURL: await harness.emulator.baseURL,
                    options: options),
                store: InMemorySecureStore())
            try await clerk.load()
            try await harness.emulator.createUser(
                emailAddress: "ada+clerk_test@example.com", password: UIHarness.password)
            try await clerk.auth.signIn(identifier: "ada+clerk_test@example.com", password: UIHarness.password)
            // No credential on this installation yet: the password is offered, not the device.
            await harness.emulator.advanceClock(by: .seconds(900))
            let before = ReverificationFlow(clerk: clerk, level: .firstFactor)
            await before.start()
            #expect(!before.hasTrustedDevice)
            #expect(before.destination == .firstFactor(.password))
            before.password = UIHarness.password
            await before.submitPassword()
            #expect(before.isComplete)

            try await clerk.trustedDevices.enroll(deviceName: "Ada's iPhone", identifierHint: "ada@example.com")
            await harness.emulator.advanceClock(by: .seconds(900))
            let flow = ReverificationFlow(clerk: clerk, level: .firstFactor)
            await flow.start()
            #expect(flow.hasTrustedDevice)
            #expect(flow.destination == .firstFactor(.trustedDevice))
            #expect(flow.subtitle == .localized(.trustedDeviceInstructions))
            #expect(flow.choices.contains(.password))
            await flow.useTrustedDevice()
            #expect(flow.isComplete)
            #expect(flow.verification?.firstFactorVerification?.strategy == .trustedDevice)
        }
    }
}

/// The error `body` fails with; nil (and an issue) when it succeeds.
@available(OS2023, *)
@MainActor
func refusalOf<T>(_ body: () async throws(ClerkError) -> T) async -> ClerkError? {
    do throws(ClerkError) {
        _ = try await body()
        Issue.record("the call succeeded")
        return nil
    } catch {
        return error
    }
}

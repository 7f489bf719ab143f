import ClerkKit
import ClerkKitTesting
import CourierTestSupport
import Foundation
import Logging
import Testing

/// `clerk sign-in` and `clerk auth` finishing what the password starts: a second factor (TOTP, backup code, SMS)
/// and client trust (a code sent for a device new to the user); `clerk sign-up --legal-accepted`.
@Suite("clerk: second factors, client trust and legal consent")
struct SecondFactorCommandTests {
    static let password = "analytical-engine-1843"

    @available(OS2023, *)
    static func withEmulator(
        _ configuration: ClerkEmulator.Configuration, _ body: (ClerkEmulator, [String]) async throws -> Void
    ) async throws {
        try await withCommandEmulator(configuration, body)
    }

    @available(OS2023, *)
    @Test func signInWithATOTPCodeThenABackupCode() async throws {
        try await Self.withEmulator(.init(secondFactors: [.totp, .backupCode])) { emulator, connection in
            let user = try await emulator.createUser(emailAddress: "ada@example.com", password: Self.password)
            let secret = try await emulator.enableTOTP(userId: user.id)
            let backup = try #require(try await emulator.createBackupCodes(userId: user.id).first)
            let credentials = ["sign-in", "--identifier", "ada@example.com", "--password", Self.password]
            let stopped = try await run("clerk", credentials + connection, input: "")
            #expect(stopped.status != 0)
            #expect(stopped.standardError.contains("--totp-code"), "\(stopped.standardError)")

            let totp = try #require(await emulator.totpCode(secret: secret))
            let signedIn = try await run("clerk", credentials + ["--totp-code", totp] + connection, input: "")
            #expect(signedIn.status == 0, "\(signedIn.standardError)")
            #expect(signedIn.lines.joined().contains("\"status\":\"complete\""))
            #expect(try await run("clerk", ["sign-out"] + connection).status == 0)

            let withBackup = try await run("clerk", credentials + ["--backup-code", backup] + connection, input: "")
            #expect(withBackup.status == 0, "\(withBackup.standardError)")
        }
    }

    @available(OS2023, *)
    @Test func signInWithAnSMSCode() async throws {
        try await Self.withEmulator(.init(secondFactors: [.phoneCode])) { emulator, connection in
            let user = try await emulator.createUser(
                emailAddress: "ada@example.com", phoneNumber: "+15555550100", password: Self.password)
            try await emulator.enableSMSSecondFactor(userId: user.id)
            let finished = try await run(
                "clerk",
                ["sign-in", "--identifier", "ada@example.com", "--password", Self.password, "--code", "424242"]
                    + connection, input: "")
            #expect(finished.status == 0, "\(finished.standardError)")
            #expect(finished.lines.joined().contains("\"status\":\"complete\""))
        }
    }

    @available(OS2023, *)
    @Test func clientTrustInSignInAndAuth() async throws {
        var configuration = ClerkEmulator.Configuration(secondFactors: [])
        configuration.clientTrust = true
        try await Self.withEmulator(configuration) { emulator, connection in
            try await emulator.createUser(emailAddress: "ada+clerk_test@example.com", password: Self.password)
            let credentials = ["sign-in", "--identifier", "ada+clerk_test@example.com", "--password", Self.password]
            let signIn = try await run("clerk", credentials + ["--code", "424242"] + connection, input: "")
            #expect(signIn.status == 0, "\(signIn.standardError)")
            #expect(signIn.standardError.contains("new to the account"), "\(signIn.standardError)")
            #expect(try await run("clerk", ["sign-out"] + connection).status == 0)
            // The same device is known now: the password alone signs in.
            let again = try await run("clerk", credentials + connection, input: "")
            #expect(again.status == 0, "\(again.standardError)")
            #expect(!again.standardError.contains("new to the account"))
            let attempts = await emulator.requestLog().filter { $0.path.hasSuffix("/attempt_second_factor") }
            #expect(attempts.count == 1)
        }
        try await Self.withEmulator(configuration) { emulator, connection in
            try await emulator.createUser(emailAddress: "ada+clerk_test@example.com", password: Self.password)
            let auth = try await run(
                "clerk", ["auth", "--language", "en"] + connection,
                input: "ada+clerk_test@example.com\n\(Self.password)\n424242\n")
            #expect(auth.status == 0, "\(auth.standardError)")
            #expect(auth.lines.joined().contains("\"status\":\"complete\""), "\(auth.lines)")
        }
    }

    @available(OS2023, *)
    @Test func signUpWithLegalConsent() async throws {
        let configuration = ClerkEmulator.Configuration(
            identifiers: [.emailAddress], firstFactors: [.password], secondFactors: [],
            signUp: .init(requiredFields: [.emailAddress, .password, .legalAccepted]))
        try await Self.withEmulator(configuration) { _, connection in
            let fields = [
                "sign-up", "--email", "ada+clerk_test@example.com", "--password", Self.password, "--code", "424242",
            ]
            let refused = try await run("clerk", fields + connection, input: "")
            #expect(refused.status != 0)
            #expect(refused.standardError.contains("legal_accepted"), "\(refused.standardError)")
            let accepted = try await run("clerk", fields + ["--legal-accepted"] + connection, input: "")
            #expect(accepted.status == 0, "\(accepted.standardError)")
            #expect(accepted.lines.joined().contains("\"status\":\"complete\""))
        }
    }

    @available(OS2023, *)
    @Test func passkeyAndTrustedDeviceSignInsTakeASecondFactor() async throws {
        var configuration = ClerkEmulator.Configuration(secondFactors: [.totp, .backupCode])
        configuration.passkeyRelyingPartyID = "localhost"
        configuration.trustedDevices = true
        try await Self.withEmulator(configuration) { emulator, connection in
            let user = try await emulator.createUser(emailAddress: "ada@example.com", password: Self.password)
            let secret = try await emulator.enableTOTP(userId: user.id)
            let backup = try await emulator.createBackupCodes(userId: user.id)
            let totp = try #require(await emulator.totpCode(secret: secret))
            let signIn = try await run(
                "clerk",
                ["sign-in", "--identifier", "ada@example.com", "--password", Self.password, "--totp-code", totp]
                    + connection, input: "")
            #expect(signIn.status == 0, "\(signIn.standardError)")
            #expect(try await run("clerk", ["passkey", "register"] + connection).status == 0)
            #expect(try await run("clerk", ["trusted-device", "enroll", "--name", "ci"] + connection).status == 0)
            #expect(try await run("clerk", ["sign-out"] + connection).status == 0)

            let stopped = try await run("clerk", ["passkey", "sign-in"] + connection, input: "")
            #expect(stopped.status != 0)
            #expect(stopped.standardError.contains("--totp-code"), "\(stopped.standardError)")
            let passkey = try await run(
                "clerk", ["passkey", "sign-in", "--backup-code", backup[0]] + connection, input: "")
            #expect(passkey.status == 0, "\(passkey.standardError)")
            #expect(passkey.lines.joined().contains("\"status\":\"complete\""))
            #expect(try await run("clerk", ["sign-out"] + connection).status == 0)

            let device = try await run(
                "clerk", ["trusted-device", "sign-in", "--backup-code", backup[1]] + connection, input: "")
            #expect(device.status == 0, "\(device.standardError)")
            #expect(device.lines.joined().contains("\"status\":\"complete\""))
        }
    }
}

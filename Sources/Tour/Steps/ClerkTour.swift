import ClerkKit
import ClerkKitTesting
import Foundation
import Logging

/// The ClerkKit step of the tour: the Clerk SDK against a local emulator of Clerk's Frontend API, over real HTTP:
/// sign up with an emailed code, sign out, sign in with the password, mint a session token that the emulator's
/// JWKS verifies; then the account: add and verify an email address, enable an authenticator app, create an
/// organization and invite a member.
@available(OS2023, *)
enum ClerkTour {
    @MainActor
    static func run() async throws {
        print("ClerkKit: the Clerk SDK against a local Frontend API emulator")
        var logger = Logger(label: "clerk-emulator")
        logger.logLevel = .critical
        let emulator = ClerkEmulator(logger: logger)
        let url = try await emulator.start()
        do {
            try await walk(emulator, url: url)
        } catch {
            await emulator.stop()
            throw error
        }
        await emulator.stop()
        print()
    }

    @MainActor
    private static func walk(_ emulator: ClerkEmulator, url: URL) async throws {
        print("  emulator at \(url.absoluteString)")
        let configuration = try ClerkConfiguration(publishableKey: await emulator.publishableKey, proxyURL: url)
        let clerk = Clerk(configuration: configuration)
        try await clerk.load()
        print("  loaded: instance \(configuration.instanceType.rawValue), signed in: \(clerk.session != nil)")

        let email = "ada@example.com"
        var signUp = try await clerk.auth.signUp(
            emailAddress: email, password: "analytical-engine-1843", firstName: "Ada", lastName: "Lovelace")
        signUp = try await clerk.auth.prepareVerification(signUp, strategy: .emailCode)
        guard let code = await emulator.latestCode(for: email) else { throw ClerkError(.invalidState, "no code") }
        print("  sign-up: the emulator's outbox holds a code for \(email)")
        signUp = try await clerk.auth.attemptVerification(signUp, strategy: .emailCode, code: code)
        print("  sign-up \(signUp.status.rawValue): \(clerk.user?.firstName ?? "?") \(clerk.user?.lastName ?? "?")")

        try await clerk.auth.signOut()
        print("  signed out: session \(clerk.session == nil ? "none" : "still there")")
        let signIn = try await clerk.auth.signIn(identifier: email, password: "analytical-engine-1843")
        print("  sign-in with the password: \(signIn.status.rawValue)")

        guard let token = try await clerk.auth.getToken() else { throw ClerkError(.notSignedIn, "no token") }
        let jwks = try await emulator.jwks()
        let keyId = try JSONDecoder().decode(KeySet.self, from: jwks).keys.first?.kid ?? "?"
        let header = token.split(separator: ".").first.map(String.init) ?? ""
        print("  session token: \(token.count) characters, RS256, signed with key \(keyId) from the JWKS")
        print("  token header names that key: \(decodeSegment(header).contains(keyId))")
        try await account(clerk, emulator)
    }

    @MainActor
    private static func account(_ clerk: Clerk, _ emulator: ClerkEmulator) async throws {
        let work = "countess@example.com"
        let email = try await clerk.account.createEmailAddress(work)
        try await clerk.account.prepareVerification(emailAddressId: email.id)
        guard let code = await emulator.latestCode(for: work) else { throw ClerkError(.invalidState, "no code") }
        let verified = try await clerk.account.attemptVerification(emailAddressId: email.id, code: code)
        print("  account: \(work) added, \(verified.verification?.status.rawValue ?? "?") with the emailed code")

        let totp = try await clerk.account.createTOTP()
        guard let secret = totp.secret, let now = await emulator.totpCode(secret: secret) else {
            throw ClerkError(.invalidState, "no TOTP secret")
        }
        let enabled = try await clerk.account.verifyTOTP(code: now)
        print("  authenticator app enabled (RFC 6238): \(enabled.backupCodes?.count ?? 0) backup codes issued")

        let organization = try await clerk.organizations.create(name: "Analytical Engines")
        try await clerk.organizations.setActive(organization.id)
        let invitation = try await clerk.organizations.invite(
            to: organization.id, emailAddress: "grace@example.com", role: "org:member")
        print(
            "  organization \(organization.slug ?? organization.id) created and active; admin: \(clerk.has(permission: "org:sys_memberships:manage"))"
        )
        print("  invited \(invitation.emailAddress) as \(invitation.role): \(invitation.status ?? "?")")
    }

    private struct KeySet: Decodable {
        struct Key: Decodable { let kid: String }
        let keys: [Key]
    }

    private static func decodeSegment(_ segment: String) -> String {
        var base64 = segment.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }
}

import ClerkKit
import ClerkKitTesting
import Foundation
import Logging

/// The ClerkKit step of the tour: the Clerk SDK against a local emulator of Clerk's Frontend API, over real HTTP:
/// sign up with an emailed code, sign out, sign in with the password, and mint a session token that the
/// emulator's JWKS verifies.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
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

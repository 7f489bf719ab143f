import ClerkKit
import ClerkKitTesting
import Foundation
import Testing

@available(OS2023, *)
extension Harness {
    /// Seeds Ada (a verified email address and a password) and signs her in.
    @discardableResult
    func signInAda(
        emailAddress: String = "ada@example.com", username: String? = nil
    ) async throws -> ClerkEmulator.SeededUser {
        let seeded = try await emulator.createUser(
            emailAddress: emailAddress, username: username, password: Harness.password, firstName: "Ada",
            lastName: "Lovelace")
        let signIn = try await clerk.auth.signIn(identifier: emailAddress, password: Harness.password)
        #expect(signIn.status == .complete)
        return seeded
    }
}

/// The Clerk error code of a call that must fail; records an issue when it succeeds or fails otherwise.
@MainActor
@available(OS2023, *)
func refusal<T>(
    sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws(ClerkError) -> T
) async -> ClerkError? {
    do throws(ClerkError) {
        _ = try await body()
        Issue.record("the call succeeded", sourceLocation: sourceLocation)
        return nil
    } catch {
        return error
    }
}

/// The smallest PNG: an 8-byte signature and a few bytes after it, enough for the emulator's sniffing.
let samplePNG = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 0, count: 64))

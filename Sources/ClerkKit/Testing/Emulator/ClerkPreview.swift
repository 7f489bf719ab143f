public import ClerkKit
import Logging

/// Ready-made `Clerk` values for SwiftUI previews and examples: an in-process emulator (no network, nothing to
/// start) holding one user, Ada Lovelace.
///
/// In a preview, load one in a `.task`: `clerk = try? await ClerkPreview.clerk()`.
@available(OS2023, *)
@MainActor
public enum ClerkPreview {
    /// The sample user's email address (a test-mode address: codes are `424242`).
    public static let emailAddress = "ada+clerk_test@example.com"
    /// The sample user's phone number (a test-mode number).
    public static let phoneNumber = "+15555550100"
    /// The sample user's password.
    public static let password = "analytical-engine-1843"

    /// A loaded `Clerk` on a fresh in-process emulator with the sample user, signed in unless `signedIn` is false.
    ///
    /// Every call makes its own emulator, reachable through ``ClerkEmulator/inProcessTransport`` only, so previews
    /// and tests share nothing. Identifiers (`user_…`, `sess_…`) are random; names and addresses are fixed.
    public static func clerk(signedIn: Bool = true) async throws(ClerkError) -> Clerk {
        let emulator = ClerkEmulator(logger: Logger(label: "clerk-preview") { _ in SwiftLogNoOpLogHandler() })
        _ = try await emulator.createUser(
            emailAddress: emailAddress, phoneNumber: phoneNumber, username: "ada", password: password,
            firstName: "Ada", lastName: "Lovelace")
        let configuration = try ClerkConfiguration(publishableKey: await emulator.publishableKey)
        let clerk = Clerk(configuration: configuration, transport: emulator.inProcessTransport)
        try await clerk.load()
        if signedIn { _ = try await clerk.auth.signIn(identifier: emailAddress, password: password) }
        return clerk
    }
}

import ClerkKit
import ClerkKitTesting
import Foundation

@available(OS2023, *)
extension UIHarness {
    /// Creates Ada (email, phone, username, password) and signs her in on this harness's `Clerk`.
    @discardableResult
    func signInAda(
        email: String = "ada@example.com", phone: String? = "+14155550123"
    ) async throws -> ClerkEmulator.SeededUser {
        let user = try await emulator.createUser(
            emailAddress: email, phoneNumber: phone, username: "ada", password: UIHarness.password,
            firstName: "Ada", lastName: "Lovelace")
        _ = try await clerk.auth.signIn(identifier: email, password: UIHarness.password)
        return user
    }

    /// Another `Clerk` (another device) on the same emulator, signed in as `email`.
    func anotherDevice(signedInAs email: String) async throws -> Clerk {
        let configuration = try ClerkConfiguration(
            publishableKey: await emulator.publishableKey, proxyURL: await emulator.baseURL,
            options: ClerkOptions(telemetryEnabled: false))
        let clerk = Clerk(configuration: configuration, store: InMemorySecureStore())
        try await clerk.load()
        _ = try await clerk.auth.signIn(identifier: email, password: UIHarness.password)
        return clerk
    }
}

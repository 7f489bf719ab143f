public import ClerkKit

/// An ``AppleIDProvider`` for tests: hands out an ID token the emulator issued for an account (see
/// ``ClerkEmulator/identityToken(for:provider:audience:nonce:lifetime:)``), or behaves as a dismissed sheet.
@available(OS2023, *)
public struct ScriptedAppleIDProvider: AppleIDProvider {
    private let credentialToReturn: AppleIDCredential?

    /// A provider that returns `credential`; nil means the person dismisses the sheet.
    public init(credential: AppleIDCredential?) {
        credentialToReturn = credential
    }

    /// Returns the scripted credential; the name only when asked for it, as Apple does.
    public func credential(includeName: Bool) async throws(ClerkError) -> AppleIDCredential {
        guard var credential = credentialToReturn else {
            throw ClerkError(.authenticationCancelled, "Sign in with Apple was dismissed.")
        }
        if !includeName {
            credential.firstName = nil
            credential.lastName = nil
        }
        return credential
    }
}

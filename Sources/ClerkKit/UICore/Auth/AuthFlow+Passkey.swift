import ClerkKit

@available(OS2023, *)
extension AuthFlow {
    /// Finishes the second factor with a passkey, on ``AuthDestination/signInFactorTwo(_:)`` with `.passkey`:
    /// ``passkeyAuthenticator`` signs the service's challenge. A person who declines stays on the screen with no
    /// error; a refused assertion shows the service's message.
    public func submitPasskey() async {
        guard destination == .signInFactorTwo(.passkey), let current = signIn, let authenticator = passkeyAuthenticator
        else {
            screen.errorMessage = .localized(.methodUnavailable)
            return
        }
        await step { [self] in
            guard
                let next = await perform({ () async throws(ClerkError) in
                    try await clerk.auth.attemptSecondFactorPasskey(current, using: authenticator)
                })
            else { return }
            await route(next)
        }
    }
}

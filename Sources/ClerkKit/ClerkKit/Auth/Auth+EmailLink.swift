@available(OS2023, *)
extension Auth {
    /// Starts a sign-in by email link: creates the sign-in and asks the service to email a link that opens
    /// `redirectURL`. Wait for the user to open it with ``awaitEmailLinkVerification(_:pollInterval:)``.
    public func signInWithEmailLink(emailAddress: String, redirectURL: String) async throws(ClerkError) -> SignIn {
        try await sendEmailLink(try await signIn(identifier: emailAddress), redirectURL: redirectURL)
    }

    /// Sends an email link for a sign-in already created (its `email_link` first factor), without PKCE: opening
    /// the link (on this device or another, where the instance allows it) verifies the sign-in itself, which a
    /// reload, or ``awaitEmailLinkVerification(_:pollInterval:)``, then sees.
    public func sendEmailLink(_ signIn: SignIn, redirectURL: String) async throws(ClerkError) -> SignIn {
        let factor = signIn.firstFactor(.emailLink)
        let parameters = AuthParameters.PrepareFactor(
            strategy: FactorStrategy.emailLink.rawValue, emailAddressId: factor?.emailAddressId,
            redirectUrl: redirectURL)
        let request = try FAPIRequest(
            "POST", "/v1/client/sign_ins/\(FAPIRequest.segment(signIn.id))/prepare_first_factor",
            parameters: parameters)
        return try await perform(request, as: SignIn.self)
    }

    /// Reloads the sign-in every `pollInterval` until its email link is verified (or the verification fails or
    /// expires) and returns it. Stops with ``ClerkError/Code/cancelled`` when the task is cancelled.
    public func awaitEmailLinkVerification(_ signIn: SignIn, pollInterval: Duration = .seconds(2))
        async throws(ClerkError) -> SignIn
    {
        let clock = clerk.core.dependencies.clock
        var current = signIn
        while true {
            switch current.firstFactorVerification?.status {
            case .verified?:
                return current
            case .expired?, .failed?:
                throw ClerkError(.invalidState, "The email link expired or was rejected; send a new one.")
            default:
                if let expiry = current.firstFactorVerification?.expireAt, expiry <= clock.now {
                    throw ClerkError(.invalidState, "The email link expired; send a new one.")
                }
            }
            try await clock.sleep(for: pollInterval)
            current = try await reload(current)
        }
    }
}

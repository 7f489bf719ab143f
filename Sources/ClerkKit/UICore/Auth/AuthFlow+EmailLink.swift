import ClerkKit
public import Foundation

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension AuthFlow {
    /// Whether the sign-in in progress offers email links and the flow may send them (``emailLinkRedirectURL``).
    var offersEmailLink: Bool {
        emailLinkRedirectURL != nil && signIn?.firstFactor(.emailLink) != nil
    }

    /// Sends an email link for `current` (PKCE) and shows the screen that waits for it.
    func startEmailLink(on current: SignIn) async {
        guard let redirect = emailLinkRedirectURL else {
            screen.errorMessage = .localized(.methodUnavailable)
            return
        }
        guard
            let sent = await perform({ () async throws(ClerkError) in
                try await clerk.auth.prepareEmailLink(current, redirectURL: redirect)
            })
        else { return }
        signIn = sent
        codeSent()
        push(.signInFactorOne(.emailLink))
    }

    /// Completes the email link the app was opened with and continues the flow (signed in, a session task, or the
    /// sign-up the link belonged to). Returns `false`, doing nothing, for a URL that is not an email-link callback,
    /// so an app can pass every URL it receives.
    ///
    /// A link requested on another device, or replaced by a newer one, shows "This link was not requested on this
    /// device"; a used or expired link shows the service's message. Either way nobody is signed in.
    @discardableResult
    public func handle(_ url: URL) async -> Bool {
        guard Self.isEmailLinkCallback(url) else { return false }
        // The app may be opened with the link while a step (a resend) is still running: finish that first.
        await inFlight?.value
        let auth = clerk.auth
        await step { [self] in
            var notStartedHere = false
            let completion = await perform { () async throws(ClerkError) -> EmailLinkCompletion? in
                do throws(ClerkError) {
                    return try await auth.completeEmailLink(callbackURL: url)
                } catch  where error.code == .invalidState {
                    notStartedHere = true
                    throw error
                }
            }
            if notStartedHere { screen.errorMessage = .localized(.linkNotStartedHere) }
            switch completion {
            case .signIn(let next)??: await route(next)
            case .signUp(let next)??: await route(next)
            case nil, .some(nil): return
            }
        }
        return true
    }

    /// Whether `url` carries an email link's `flow_id` and `approval_token`.
    static func isEmailLinkCallback(_ url: URL) -> Bool {
        let names = Set((URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []).map(\.name))
        return names.isSuperset(of: ["flow_id", "approval_token"])
    }
}

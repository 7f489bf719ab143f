import ClerkKit
public import Foundation

@available(OS2023, *)
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
        let polls = pollsEmailLinks
        guard
            let sent = await perform({ () async throws(ClerkError) in
                polls
                    ? try await clerk.auth.sendEmailLink(current, redirectURL: redirect)
                    : try await clerk.auth.prepareEmailLink(current, redirectURL: redirect)
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

    /// With ``pollsEmailLinks``, on the email-link screen: reloads the sign-in and, once its link was opened (the
    /// sign-in moved on, usually to complete), continues the flow from there. Returns whether it moved on; call it
    /// every second or two while the screen shows, as clerk-js polls. A link that expired shows its error.
    @discardableResult
    public func checkEmailLink() async -> Bool {
        guard pollsEmailLinks, destination == .signInFactorOne(.emailLink), let current = signIn,
            !screen.isLoading, inFlight == nil
        else { return false }
        let reloaded: SignIn
        do throws(ClerkError) {
            reloaded = try await clerk.auth.reload(current)
        } catch {
            return false  // a failed poll is tried again at the next one
        }
        // The screen may have changed while the reload ran (another method chosen, cancelled).
        guard destination == .signInFactorOne(.emailLink), signIn?.id == reloaded.id else { return false }
        if reloaded.status == .needsFirstFactor {
            switch reloaded.firstFactorVerification?.status {
            case .expired?: screen.errorMessage = .localized(.codeExpired)
            case .failed?: screen.errorMessage = .localized(.codeTooManyAttempts)
            default: break
            }
            return false
        }
        await step { [self] in await route(reloaded) }
        return true
    }

    /// Whether `url` carries an email link's `flow_id` and `approval_token`.
    static func isEmailLinkCallback(_ url: URL) -> Bool {
        let names = Set((URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []).map(\.name))
        return names.isSuperset(of: ["flow_id", "approval_token"])
    }
}

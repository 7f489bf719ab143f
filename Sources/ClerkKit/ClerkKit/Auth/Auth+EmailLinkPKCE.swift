public import Foundation

/// How an email link started with PKCE ended: the user it names signed in, or a sign-up continues.
@available(OS2023, *)
public enum EmailLinkCompletion: Sendable, Hashable {
    /// The service answered with a ticket, and the sign-in with it is returned.
    case signIn(SignIn)
    /// The link belonged to a sign-up, returned as the service left it.
    case signUp(SignUp)
}

@available(OS2023, *)
extension Auth {
    /// The error codes after which an email link cannot be completed again (the verifier is forgotten).
    /// Two are not, though clerk-ios forgets the verifier there too: `pkce_verification_failed` (the kept verifier
    /// belongs to another link, a newer one after a resend, which must still complete) and `flow_not_approved`
    /// (the link was not opened yet; it still can be).
    static let terminalEmailLinkCodes: Set<String> = [
        "approval_token_consumed", "approval_token_expired", "approval_token_invalid",
    ]

    /// Starts a sign-in by email link as clerk-ios does: creates the sign-in, then prepares `email_link` with
    /// `redirectURL` and a PKCE challenge (S256). The verifier stays in the store until the link comes back
    /// through ``Clerk/handle(_:)`` (or ``completeEmailLink(flowId:approvalToken:)``).
    public func signInWithEmailLinkPKCE(emailAddress: String, redirectURL: String) async throws(ClerkError)
        -> SignIn
    {
        try await prepareEmailLink(try await signIn(identifier: emailAddress), redirectURL: redirectURL)
    }

    /// Sends an email link for a sign-in already created (its `email_link` first factor), with PKCE as
    /// ``signInWithEmailLinkPKCE(emailAddress:redirectURL:)`` does; sending again replaces the kept verifier, so only
    /// the newest link completes.
    public func prepareEmailLink(_ signIn: SignIn, redirectURL: String) async throws(ClerkError) -> SignIn {
        let pkce = PKCE(randomness: clerk.core.dependencies.randomness)
        let parameters = AuthParameters.PrepareFactor(
            strategy: FactorStrategy.emailLink.rawValue,
            emailAddressId: signIn.firstFactor(.emailLink)?.emailAddressId,
            redirectUrl: redirectURL, codeChallenge: pkce.challenge, codeChallengeMethod: "S256")
        let request = try FAPIRequest(
            "POST", "/v1/client/sign_ins/\(FAPIRequest.segment(signIn.id))/prepare_first_factor",
            parameters: parameters)
        let prepared = try await perform(request, as: SignIn.self)
        try clerk.core.dependencies.store.set(Data(pkce.verifier.utf8), forKey: StoreKey.pendingEmailLink)
        return prepared
    }

    /// Completes the email link an app was opened with (a URL carrying `flow_id` and `approval_token`), as
    /// ``completeEmailLink(flowId:approvalToken:)`` does; nil, with nothing sent, for any other URL.
    public func completeEmailLink(callbackURL url: URL) async throws(ClerkError) -> EmailLinkCompletion? {
        let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        guard let flowId = items.first(where: { $0.name == "flow_id" })?.value, !flowId.isEmpty,
            let approvalToken = items.first(where: { $0.name == "approval_token" })?.value, !approvalToken.isEmpty
        else { return nil }
        return try await completeEmailLink(flowId: flowId, approvalToken: approvalToken)
    }

    /// Completes an email link (`POST /v1/client/magic_links/complete` with the flow, its approval token and the
    /// kept verifier); a ticket in the answer is then used to sign in.
    ///
    /// - Throws: ``ClerkError/Code/invalidState`` when no email link was started on this device; the service's
    ///   `approval_token_consumed`, `approval_token_expired` or `approval_token_invalid` as ``ClerkError/Code/api``
    ///   (the verifier is then forgotten); `pkce_verification_failed` for a link this device's newest verifier does
    ///   not belong to, or `flow_not_approved` for a link not opened yet (the verifier is kept).
    public func completeEmailLink(flowId: String, approvalToken: String) async throws(ClerkError)
        -> EmailLinkCompletion
    {
        let store = clerk.core.dependencies.store
        guard let data = try store.data(forKey: StoreKey.pendingEmailLink), !data.isEmpty else {
            throw ClerkError(.invalidState, "No email link was started on this device.")
        }
        let parameters = AuthParameters.CompleteEmailLink(
            flowId: flowId, approvalToken: approvalToken, codeVerifier: String(decoding: data, as: UTF8.self))
        let completion: EmailLinkAnswer
        do throws(ClerkError) {
            completion = try await perform(
                try FAPIRequest("POST", "/v1/client/magic_links/complete", parameters: parameters),
                as: EmailLinkAnswer.self)
        } catch {
            if let code = error.apiError?.code, Self.terminalEmailLinkCodes.contains(code) {
                try? store.remove(forKey: StoreKey.pendingEmailLink)
            }
            throw error
        }
        try? store.remove(forKey: StoreKey.pendingEmailLink)
        switch completion {
        case .ticket(let ticket): return .signIn(try await signInWithTicket(ticket))
        case .signUp(let signUp): return .signUp(signUp)
        }
    }
}

@available(OS2023, *)
extension Clerk {
    /// Handles a URL the app was opened with. An email-link callback (with `flow_id` and `approval_token`) is
    /// completed with ``Auth/completeEmailLink(flowId:approvalToken:)`` and returns `true`; any other URL
    /// returns `false` and sends nothing.
    @discardableResult
    public func handle(_ url: URL) async throws(ClerkError) -> Bool {
        try await auth.completeEmailLink(callbackURL: url) != nil
    }
}

/// The answer of `magic_links/complete`: `{ticket}` for a sign-in, or a sign-up.
@available(OS2023, *)
enum EmailLinkAnswer: Decodable, Sendable {
    case ticket(String)
    case signUp(SignUp)

    private enum Keys: String, CodingKey { case ticket, object }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        if let ticket = try container.decodeIfPresent(String.self, forKey: .ticket) {
            self = .ticket(ticket)
        } else {
            self = .signUp(try SignUp(from: decoder))
        }
    }
}

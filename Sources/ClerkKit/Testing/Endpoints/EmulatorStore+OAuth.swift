import Foundation

/// OAuth and enterprise SSO: sign-ins and sign-ups that send the browser to a provider, the emulated provider's
/// consent step, `/v1/oauth_callback`, the rotating-token nonce, and the transfer between sign-in and sign-up.
@available(OS2023, *)
extension EmulatorStore {
    /// The provider a browser strategy names (`oauth_google` → `google`, `enterprise_sso`), if it is one;
    /// fails when it is not enabled.
    func browserProvider(_ strategy: String?) throws(FAPIError) -> String? {
        guard let strategy else { return nil }
        if strategy == "enterprise_sso" {
            guard !configuration.enterpriseSSODomains.isEmpty else {
                throw FAPIError.notEnabled("strategy", "Enterprise SSO")
            }
            return strategy
        }
        guard strategy.hasPrefix("oauth_"), !strategy.hasPrefix("oauth_token_") else { return nil }
        let provider = String(strategy.dropFirst(6))
        guard configuration.oauthProviders.contains(provider) else { throw FAPIError.strategyInvalid(strategy) }
        return provider
    }

    /// Starts a browser round trip for `target` of the request's client; returns the provider page's URL.
    mutating func startExternalFlow(provider: String, target: ExternalFlow.Target, _ call: inout Call)
        throws(FAPIError) -> String
    {
        guard let redirect = call.request.form["redirect_url"], !redirect.isEmpty else {
            throw FAPIError.paramMissing("redirect_url")
        }
        let client = establishClient(&call)
        let flow = ExternalFlow(
            state: IDs.random(32), provider: provider, target: target, clientId: client.id, redirectURL: redirect,
            expireAt: call.now + SignInMachine.externalLifetime)
        externalFlows[flow.state] = flow
        let callback = issuer + "/v1/oauth_callback"
        return "\(issuer)/oauth/\(provider)/authorize?response_type=code&state=\(flow.state)"
            + "&redirect_uri=\(Self.escape(callback))&scope=\(Self.escape("openid email profile"))"
    }

    // MARK: The emulated provider

    /// `GET /oauth/{provider}/authorize` and `GET /oauth/{provider}/consent`: the provider's consent step. A
    /// scripted outcome (``ClerkEmulator/setConsent(_:for:)``) redirects back at once; without one the page asks
    /// a person, whose answer comes back on `consent`.
    mutating func providerRoute(_ method: String, _ path: PathMatcher, _ call: inout Call) -> EmulatorResponse? {
        let query = call.request.query
        let authorize = path.match("oauth/*/authorize")?.first
        guard method == "GET", let provider = authorize ?? path.match("oauth/*/consent")?.first else { return nil }
        guard let state = query["state"], let flow = externalFlows[state], flow.provider == provider,
            flow.code == nil
        else {
            return EmulatorResponse(status: 400, html: ConsentPage.error("This sign-in link is invalid or was used."))
        }
        let outcome: ClerkEmulator.ConsentOutcome
        if authorize != nil {
            guard let scripted = consentOutcomes[provider] else {
                return EmulatorResponse(
                    status: 200, html: ConsentPage.form(provider: provider, state: state, issuer: issuer))
            }
            outcome = scripted
        } else if query["decision"] == "allow", let email = query["email"], email.contains("@"),
            !email.contains(where: \.isWhitespace)
        {
            outcome = .approve(
                ClerkEmulator.ProviderAccount(
                    emailAddress: email, providerUserId: "\(provider)-\(email.lowercased())",
                    firstName: query["first_name"].flatMap { $0.isEmpty ? nil : $0 }))
        } else {
            outcome = .deny
        }
        var location = issuer + "/v1/oauth_callback?state=\(state)"
        switch outcome {
        case .approve(let account):
            let code = IDs.random(32)
            externalFlows[state]?.code = code
            externalFlows[state]?.identity = ProviderIdentity(
                provider: provider, providerUserId: account.providerUserId, emailAddress: account.emailAddress,
                firstName: account.firstName, lastName: account.lastName)
            location += "&code=\(code)&scope=\(Self.escape("openid email profile"))"
        case .deny:
            location += "&error=access_denied"
        }
        return EmulatorResponse(status: 303, body: nil, headers: [("Location", location)])
    }

    // MARK: The callback

    /// `GET|POST /v1/oauth_callback`: ends the round trip its `state` names (once), applies the provider's answer
    /// to the sign-in or sign-up, and sends the browser to the app. A completed sign-in or sign-up carries a
    /// `rotating_token_nonce`.
    mutating func oauthCallback(_ call: inout Call) throws(FAPIError) -> Reply {
        let parameters = call.request.method == "POST" ? call.request.form : call.request.query
        guard let state = parameters["state"], let flow = externalFlows.removeValue(forKey: state) else {
            throw FAPIError(
                status: 400, code: "oauth_callback_invalid", message: "is invalid",
                longMessage: "The OAuth callback does not belong to a sign-in or sign-up in progress.",
                paramName: "state")
        }
        // The browser acts for the client that started the flow, but gets none of its tokens.
        let browserClient = call.clientId
        defer { call.clientId = browserClient }
        call.clientId = flow.clientId
        var completed = false
        if let identity = flow.identity, parameters["code"] == flow.code, parameters["error"] == nil {
            completed = try applyExternal(identity, to: flow.target, &call)
        } else {
            let declined = parameters["error"] == "access_denied"
            let error = FAPIError(
                status: 422, code: declined ? "oauth_access_denied" : "external_account_missing_error",
                message: declined ? "Access denied" : "The provider did not vouch for an account",
                longMessage: declined
                    ? "You did not grant access to your \(flow.provider) account."
                    : "The provider's answer could not be verified.")
            switch flow.target {
            case .signIn(let id): signIns[id]?.externalFailed(error)
            case .signUp(let id): signUps[id]?.externalFailed(error)
            }
        }
        guard completed else { return .redirect(flow.redirectURL) }
        let nonce = IDs.random(40)
        rotatingNonces[nonce] = RotatingNonce(clientId: flow.clientId, expireAt: call.now + 5 * 60 * 1000)
        let separator = flow.redirectURL.contains("?") ? "&" : "?"
        return .redirect(flow.redirectURL + separator + "rotating_token_nonce=" + nonce)
    }

    /// Applies a proven account to the sign-in or sign-up; whether it completed.
    private mutating func applyExternal(
        _ identity: ProviderIdentity, to target: ExternalFlow.Target, _ call: inout Call
    ) throws(FAPIError) -> Bool {
        let owner = user(owning: identity)
        switch target {
        case .signIn(let id):
            guard var machine = signIns[id] else { return false }
            let context = signInContext(owner ?? machine.userId.flatMap { users[$0] }, call)
            let result = machine.externalVerified(identity, user: owner, context)
            signIns[id] = machine
            if machine.firstFactor?.status == .transferable { transferable[id] = identity }
            _ = try? finish(machine, result, &call)
            return machine.status == .complete
        case .signUp(let id):
            guard var machine = signUps[id] else { return false }
            let result = machine.externalVerified(identity, existingUser: owner != nil, signUpContext(call))
            signUps[id] = machine
            if machine.external?.status == .transferable { transferable[id] = identity }
            _ = try? finishSignUp(machine, result, &call)
            return machine.status == .complete
        }
    }

    /// The user who has `identity`'s provider account, else the one with its email address.
    func user(owning identity: ProviderIdentity) -> UserRecord? {
        let linked = userOrder.lazy.compactMap { self.users[$0] }.first { user in
            user.externalAccounts.contains {
                $0.provider == identity.provider && $0.providerUserId == identity.providerUserId
            }
        }
        return linked ?? user(.emailAddress, identity.emailAddress)
    }

    /// `rotating_token_nonce` on a sign-in or sign-up reload: a valid nonce for this client rotates its device
    /// token (the new one goes out in `Authorization`); an unknown, used or foreign nonce changes nothing.
    mutating func exchangeRotatingNonce(_ call: inout Call) {
        guard let nonce = call.request.query["rotating_token_nonce"],
            let entry = rotatingNonces.removeValue(forKey: nonce), entry.expireAt > call.now,
            entry.clientId == call.clientId, var client = clients[entry.clientId]
        else { return }
        clientIdByToken[client.token] = nil
        client.token = IDs.token()
        clientIdByToken[client.token] = client.id
        update(client, now: call.now)
    }

    /// `text` percent-encoded for a query value (RFC 3986 unreserved characters kept).
    static func escape(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}

/// Sign-ins and sign-ups with a provider strategy (`oauth_<provider>`, `enterprise_sso`, `oauth_token_<provider>`)
/// or `transfer=true`; `createSignIn` and `createSignUp` hand these over before their own work.
@available(OS2023, *)
extension EmulatorStore {
    /// Whether `strategy` belongs to these flows rather than to the code and password ones.
    static func isProviderStrategy(_ strategy: String) -> Bool {
        strategy.hasPrefix("oauth_") || strategy == "enterprise_sso"
    }

    /// A sign-in create these flows handle, or nil.
    mutating func providerSignIn(_ call: inout Call) throws(FAPIError) -> Reply? {
        let form = call.request.form
        let strategy = form["strategy"]
        if try form.bool("transfer") == true, strategy == nil, form["identifier"] == nil {
            return try transferToSignIn(&call)
        }
        guard let strategy, Self.isProviderStrategy(strategy) else { return nil }
        var machine = SignInMachine(id: IDs.make("sia"), createdAt: call.now)
        _ = establishClient(&call)
        let result: Result<[SignInMachine.Action], FAPIError>
        if let provider = try browserProvider(strategy) {
            let identifier = form["identifier"].flatMap { $0.isEmpty ? nil : $0 }
            let user = try enterpriseUser(provider: provider, identifier: identifier)
            let url = try startExternalFlow(provider: provider, target: .signIn(machine.id), &call)
            result = machine.startExternal(
                strategy: strategy, identifier: identifier, user: user, url: url, signInContext(user, call))
        } else {
            let identity = try verifiedIdentity(strategy: strategy, form: form, now: call.now)
            let owner = user(owning: identity)
            result = machine.createWithIdentity(
                strategy: strategy, identity: identity, user: owner, signInContext(owner, call))
            if machine.firstFactor?.status == .transferable { transferable[machine.id] = identity }
        }
        return try adopt(machine, result, &call)
    }

    /// `prepare_first_factor` with a browser strategy on a sign-in that has an identifier.
    mutating func prepareProviderFactor(_ machine: inout SignInMachine, _ strategy: String, _ call: inout Call)
        throws(FAPIError) -> Result<[SignInMachine.Action], FAPIError>?
    {
        guard let provider = try browserProvider(strategy) else { return nil }
        let user = machine.userId.flatMap { users[$0] }
        _ = try enterpriseUser(provider: provider, identifier: machine.identifier)
        let url = try startExternalFlow(provider: provider, target: .signIn(machine.id), &call)
        return machine.startExternal(
            strategy: strategy, identifier: nil, user: user, url: url, signInContext(user, call))
    }

    /// A sign-up create these flows handle, or nil. `fields` are the names and metadata sent along.
    mutating func providerSignUp(_ fields: SignUpMachine.Fields, _ call: inout Call) throws(FAPIError) -> Reply? {
        let form = call.request.form
        let strategy = form["strategy"]
        let transfer = try form.bool("transfer") == true && strategy == nil
        guard transfer || strategy.map(Self.isProviderStrategy) == true else { return nil }
        var machine = SignUpMachine(id: IDs.make("sua"), createdAt: call.now)
        let context = signUpContext(call)
        let result: Result<[SignUpMachine.Action], FAPIError>
        if transfer {
            guard let signInId = call.clientId.flatMap({ clients[$0] })?.signInId,
                let identity = transferable[signInId]
            else { throw FAPIError.stateInvalid("There is no sign-in to transfer to a sign-up.") }
            let proven = signIns[signInId]?.firstFactor?.strategy ?? identity.strategy
            result = machine.createWithIdentity(
                strategy: proven, identity: identity, existingUser: false, fields, context)
            transferable[signInId] = nil
        } else if let strategy, let provider = try browserProvider(strategy) {
            _ = establishClient(&call)
            let url = try startExternalFlow(provider: provider, target: .signUp(machine.id), &call)
            result = machine.startExternal(strategy: strategy, url: url, context)
        } else {
            let strategy = strategy ?? ""
            let identity = try verifiedIdentity(strategy: strategy, form: form, now: call.now)
            result = machine.createWithIdentity(
                strategy: strategy, identity: identity, existingUser: user(owning: identity) != nil, fields, context)
            if machine.external?.status == .transferable { transferable[machine.id] = identity }
        }
        return try adopt(machine, result, &call)
    }

    /// Keeps a new sign-in as the client's current one and answers with it.
    mutating func adopt(
        _ machine: SignInMachine, _ result: Result<[SignInMachine.Action], FAPIError>, _ call: inout Call
    ) throws(FAPIError) -> Reply {
        var client = establishClient(&call)
        signIns[machine.id] = machine
        client.signInId = machine.id
        update(client, now: call.now)
        return try finish(machine, result, &call)
    }

    /// Keeps a new sign-up as the client's current one and answers with it; a refused create keeps nothing.
    mutating func adopt(
        _ machine: SignUpMachine, _ result: Result<[SignUpMachine.Action], FAPIError>, _ call: inout Call
    ) throws(FAPIError) -> Reply {
        if case .failure(let error) = result { throw error }
        var client = establishClient(&call)
        client.signUpId = machine.id
        update(client, now: call.now)
        signUps[machine.id] = machine
        return try finishSignUp(machine, result, &call)
    }

    /// `transfer=true` on a sign-in: the client's sign-up proved an account that already has a user.
    private mutating func transferToSignIn(_ call: inout Call) throws(FAPIError) -> Reply {
        guard var client = call.clientId.flatMap({ clients[$0] }), let signUpId = client.signUpId,
            let identity = transferable[signUpId], let owner = user(owning: identity)
        else { throw FAPIError.stateInvalid("There is no sign-up to transfer to a sign-in.") }
        var machine = SignInMachine(id: IDs.make("sia"), createdAt: call.now)
        let proven = signUps[signUpId]?.external?.strategy ?? identity.strategy
        let result = machine.transfer(from: proven, user: owner, signInContext(owner, call))
        transferable[signUpId] = nil
        client.signUpId = nil
        update(client, now: call.now)
        return try adopt(machine, result, &call)
    }

    /// The account an `oauth_token_<provider>` request's ID token proves.
    private func verifiedIdentity(strategy: String, form: FormBody, now: Millis) throws(FAPIError)
        -> ProviderIdentity
    {
        guard strategy.hasPrefix("oauth_token_") else { throw FAPIError.strategyInvalid(strategy) }
        let provider = String(strategy.dropFirst("oauth_token_".count))
        guard IdentityTokenIssuer.issuers[provider] != nil, configuration.oauthProviders.contains(provider) else {
            throw FAPIError.strategyInvalid(strategy)
        }
        let token = try form.required("token")
        return try identityTokens.verify(
            token, provider: provider, audiences: configuration.idTokenAudiences, now: now
        ).get()
    }

    /// Enterprise SSO needs an email address on a domain with a connection; the user it names, if any.
    private func enterpriseUser(provider: String, identifier: String?) throws(FAPIError) -> UserRecord? {
        guard provider == "enterprise_sso" else { return nil }
        guard let identifier, let domain = identifier.split(separator: "@").last.map({ $0.lowercased() }),
            identifier.contains("@"), configuration.enterpriseSSODomains.contains(domain)
        else {
            throw FAPIError(
                status: 422, code: "form_param_format_invalid", message: "is invalid",
                longMessage: "No enterprise connection serves this email address.", paramName: "identifier")
        }
        return user(identifiedBy: identifier)
    }
}

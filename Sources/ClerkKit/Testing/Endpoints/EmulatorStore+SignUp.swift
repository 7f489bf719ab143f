/// `/v1/client/sign_ups…`: parse the form, run the sign-up machine, create the user when it completes.
@available(OS2023, *)
extension EmulatorStore {
    static let signUpFieldParameters: Set<String> = [
        "password", "first_name", "last_name", "username", "email_address", "phone_number",
        "email_address_or_phone_number", "unsafe_metadata", "strategy", "action_complete_redirect_url",
        "redirect_url", "ticket", "web3_wallet", "token", "code", "legal_accepted", "oidc_login_hint", "oidc_prompt",
        "proof_token",
    ]
    static let signUpCreateParameters = signUpFieldParameters.union([
        "transfer", "captcha_token", "captcha_error", "captcha_widget_type", "locale",
    ])
    static let signUpPrepareParameters: Set<String> = [
        "strategy", "redirect_url", "action_complete_redirect_url", "oidc_login_hint", "oidc_prompt", "proof_token",
    ]
    static let signUpAttemptParameters: Set<String> = ["strategy", "code", "signature", "token"]

    mutating func createSignUp(_ call: inout Call) throws(FAPIError) -> Reply {
        try call.request.form.requireKnown(Self.signUpCreateParameters)
        let fields = try Self.signUpFields(call.request.form)
        _ = try call.request.form.bool("transfer")
        if configuration.singleSessionMode, let existing = call.clientId.flatMap({ clients[$0] }),
            !activeSessions(of: existing, now: call.now).isEmpty
        {
            throw FAPIError.sessionExists
        }
        try checkSignUpMode(call.request.form)
        if let reply = try providerSignUp(fields, &call) { return reply }
        var machine = SignUpMachine(id: IDs.make("sua"), createdAt: call.now)
        machine.locale = call.request.form["locale"]
        let result = machine.handle(.create(fields), context: signUpContext(call))
        return try adopt(machine, result, &call)
    }

    mutating func getSignUp(_ id: String, _ call: inout Call) throws(FAPIError) -> Reply {
        try call.request.form.requireKnown([])
        exchangeRotatingNonce(&call)
        return .enveloped(signUpJSON(try signUp(id, call)))
    }

    mutating func updateSignUp(_ id: String, _ call: inout Call) throws(FAPIError) -> Reply {
        try call.request.form.requireKnown(Self.signUpFieldParameters)
        let fields = try Self.signUpFields(call.request.form)
        var machine = try signUp(id, call)
        let result = machine.handle(.update(fields), context: signUpContext(call))
        signUps[id] = machine
        return try finishSignUp(machine, result, &call)
    }

    mutating func signUpAction(_ id: String, _ action: String, _ call: inout Call) throws(FAPIError) -> Reply {
        let form = call.request.form
        let input: SignUpMachine.Input
        switch action {
        case "prepare_verification":
            try form.requireKnown(Self.signUpPrepareParameters)
            input = .prepareVerification(strategy: try form.required("strategy"))
        case "attempt_verification":
            try form.requireKnown(Self.signUpAttemptParameters)
            input = .attemptVerification(strategy: try form.required("strategy"), code: try form.required("code"))
        default:
            throw FAPIError.resourceNotFound
        }
        var machine = try signUp(id, call)
        let result = machine.handle(input, context: signUpContext(call))
        signUps[id] = machine
        return try finishSignUp(machine, result, &call)
    }

    private func signUp(_ id: String, _ call: Call) throws(FAPIError) -> SignUpMachine {
        let client = try requireClient(call)
        guard client.signUpId == id || signUps[id]?.createdSessionId.map({ client.sessionIds.contains($0) }) == true,
            let machine = signUps[id]
        else { throw FAPIError.resourceNotFound }
        return machine
    }

    private static func signUpFields(_ form: FormBody) throws(FAPIError) -> SignUpMachine.Fields {
        var fields = SignUpMachine.Fields()
        fields.emailAddress = form["email_address"].flatMap { $0.isEmpty ? nil : $0 }
        fields.phoneNumber = form["phone_number"].flatMap { $0.isEmpty ? nil : $0 }
        if let either = form["email_address_or_phone_number"], !either.isEmpty {
            if either.contains("@") { fields.emailAddress = either } else { fields.phoneNumber = either }
        }
        fields.username = form["username"].flatMap { $0.isEmpty ? nil : $0 }
        fields.password = form["password"]
        fields.firstName = form["first_name"]
        fields.lastName = form["last_name"]
        fields.legalAccepted = try form.bool("legal_accepted")
        if let metadata = form["unsafe_metadata"] {
            guard let object = JSON.parseObject(metadata) else {
                throw FAPIError.paramInvalid("unsafe_metadata", "unsafe_metadata must be a JSON object.")
            }
            fields.unsafeMetadata = object
        }
        if let strategy = form["strategy"], !["email_code", "phone_code"].contains(strategy),
            !isProviderStrategy(strategy)
        {
            throw FAPIError.strategyInvalid(strategy)
        }
        return fields
    }

    /// A restricted or waitlist instance refuses sign-ups without an invitation ticket.
    private func checkSignUpMode(_ form: FormBody) throws(FAPIError) {
        guard form["ticket"] == nil else { return }
        switch configuration.signUp.mode {
        case .public: return
        case .restricted:
            throw FAPIError(
                status: 403, code: "sign_up_mode_restricted", message: "Sign-ups are restricted",
                longMessage: "Sign-ups are only available by invitation.")
        case .waitlist:
            throw FAPIError(
                status: 403, code: "sign_up_restricted_waitlist", message: "Sign-ups are restricted",
                longMessage: "Sign-ups are only available to people admitted from the waitlist.")
        }
    }

    func signUpContext(_ call: Call) -> SignUpMachine.Context {
        var taken: Set<String> = []
        for user in users.values {
            for email in user.emails { taken.insert("e:" + email.address.lowercased()) }
            for phone in user.phones { taken.insert("p:" + phone.number) }
            if let username = user.username { taken.insert("u:" + username.lowercased()) }
        }
        let identifiers = taken
        return SignUpMachine.Context(
            configuration: configuration, passwordPolicy: passwordPolicy, now: call.now, freshCode: IDs.code(),
            isTaken: { kind, value in
                switch kind {
                case .emailAddress: identifiers.contains("e:" + value.lowercased())
                case .phoneNumber: identifiers.contains("p:" + IdentifierKind.normalizedPhone(value))
                case .username: identifiers.contains("u:" + value.lowercased())
                }
            }, newUserId: IDs.make("user"), newSessionId: IDs.make("sess"))
    }

    mutating func finishSignUp(
        _ machine: SignUpMachine, _ result: Result<[SignUpMachine.Action], FAPIError>, _ call: inout Call
    ) throws(FAPIError) -> Reply {
        for action in try result.get() {
            switch action {
            case .deliver(let delivery):
                deliver(
                    delivery, now: call.now, linking: .signUp(machine.id),
                    redirectURL: call.request.form["redirect_url"])
            case .createUser(let newUser):
                insertUser(
                    newUser,
                    emailStrategy: machine.emailVerification?.status == .verified
                        ? machine.emailVerification?.strategy : nil,
                    verifiedPhone: machine.phoneVerification?.status == .verified, locale: machine.locale,
                    now: call.now)
                let caller = call.clientId.flatMap { clients[$0]?.signUpId == machine.id ? $0 : nil }
                let owner = caller ?? clients.values.first { $0.signUpId == machine.id }?.id ?? call.clientId
                guard let clientId = owner else { continue }
                createSession(
                    id: newUser.sessionId, userId: newUser.userId, clientId: clientId, strategy: newUser.strategy,
                    secondFactor: false, now: call.now)
                clients[clientId]?.signUpId = nil
            }
        }
        return .enveloped(signUpJSON(machine))
    }

    private mutating func insertUser(
        _ new: SignUpMachine.NewUser, emailStrategy: String?, verifiedPhone: Bool, locale: String?, now: Millis
    ) {
        var user = UserRecord(
            id: new.userId, username: new.username, firstName: new.firstName, lastName: new.lastName,
            unsafeMetadata: new.unsafeMetadata, legalAcceptedAt: new.legalAcceptedAt, createdAt: now, updatedAt: now)
        user.locale = locale
        if let address = new.emailAddress {
            let email = EmailRecord(
                id: IDs.make("idn"), address: address, verificationStrategy: emailStrategy ?? "admin",
                createdAt: now)
            user.emails = [email]
            user.primaryEmailId = email.id
        }
        if let number = new.phoneNumber {
            let phone = PhoneRecord(
                id: IDs.make("idn"), number: number, verificationStrategy: verifiedPhone ? "phone_code" : "admin",
                reservedForSecondFactor: false, defaultSecondFactor: false, createdAt: now)
            user.phones = [phone]
            user.primaryPhoneId = phone.id
        }
        if let password = new.password {
            user.password = PasswordDigest(password: password, salt: Array(IDs.random(16).utf8))
            user.passwordUpdatedAt = now
        }
        if let account = new.externalAccount {
            user.externalAccounts.append(
                ExternalAccountRecord(
                    id: IDs.make("eac"), provider: account.provider, providerUserId: account.providerUserId,
                    emailAddress: account.emailAddress, createdAt: now))
        }
        users[user.id] = user
        userOrder.append(user.id)
    }
}

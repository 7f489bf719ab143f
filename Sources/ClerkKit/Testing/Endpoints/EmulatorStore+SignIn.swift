/// `/v1/client/sign_ins…`: parse the form, run the sign-in machine, perform its actions.
@available(OS2023, *)
extension EmulatorStore {
    /// Parameters each call accepts: the description's, plus `locale`, which clerk-ios sends on create.
    static let signInParameters: [String: Set<String>] = [
        "create": [
            "strategy", "identifier", "password", "ticket", "redirect_url", "action_complete_redirect_url", "transfer",
            "code", "token", "oidc_login_hint", "oidc_prompt", "proof_token", "trusted_device_id", "locale",
        ],
        "prepare_first_factor": [
            "strategy", "email_address_id", "phone_number_id", "proof_token", "web3_wallet_id", "passkey_id",
            "trusted_device_id", "redirect_url", "action_complete_redirect_url", "oidc_login_hint", "oidc_prompt",
            "code_challenge", "code_challenge_method",
        ],
        "attempt_first_factor": [
            "strategy", "code", "password", "signature", "token", "ticket", "public_key_credential",
            "trusted_device_id", "client_data", "algorithm",
        ],
        "prepare_second_factor": ["strategy", "phone_number_id", "proof_token", "email_address_id", "redirect_url"],
        "attempt_second_factor": ["strategy", "code", "public_key_credential"],
        "reset_password": ["password", "sign_out_of_other_sessions"],
    ]

    mutating func createSignIn(_ call: inout Call) throws(FAPIError) -> Reply {
        let form = call.request.form
        try form.requireKnown(Self.signInParameters["create"] ?? [])
        _ = try form.bool("transfer")
        let existing = call.clientId.flatMap { clients[$0] }
        if configuration.singleSessionMode, let existing, !activeSessions(of: existing, now: call.now).isEmpty {
            throw FAPIError.sessionExists
        }
        if let reply = try providerSignIn(&call) { return reply }
        if form["strategy"] == "trusted_device" { return try startTrustedDeviceSignIn(&call) }
        if form["strategy"] == "passkey", form["identifier"] == nil {
            var machine = SignInMachine(id: IDs.make("sia"), createdAt: call.now)
            _ = establishClient(&call)
            let result = try startPasskeySignIn(&machine, user: nil, call)
            return try adopt(machine, result, &call)
        }
        var client = establishClient(&call)
        let identifier = form["identifier"].flatMap { $0.isEmpty ? nil : $0 }
        var machine = SignInMachine(id: IDs.make("sia"), createdAt: call.now)
        machine.locale = form["locale"]
        let result: Result<[SignInMachine.Action], FAPIError>
        if form["strategy"] == "ticket" {
            let ticket = try form.required("ticket")
            let holder = tickets[ticket].flatMap { $0.expireAt > call.now ? users[$0.userId] : nil }
            result = machine.handle(.createWithTicket(ticket: ticket), context: signInContext(holder, call))
        } else {
            let matched = identifier.flatMap { self.user(identifiedBy: $0) }
            try refuseIfLocked(matched?.id, now: call.now)
            let handled = machine.handle(
                .create(identifier: identifier, strategy: form["strategy"], password: form["password"]),
                context: signInContext(matched, call))
            result = countForLockout(
                handled, userId: matched?.id, verified: form["password"] != nil, now: call.now)
        }
        // The sign-in replaces the client's current one even when the call fails past identification.
        if machine.status != .needsIdentifier || result.isSuccess {
            signIns[machine.id] = machine
            client.signInId = machine.id
            update(client, now: call.now)
        }
        return try finish(machine, result, &call)
    }

    mutating func getSignIn(_ id: String, _ call: inout Call) throws(FAPIError) -> Reply {
        try call.request.form.requireKnown([])
        exchangeRotatingNonce(&call)
        return .enveloped(signInJSON(try signIn(id, call)))
    }

    mutating func signInAction(_ id: String, _ action: String, _ call: inout Call) throws(FAPIError) -> Reply {
        guard let allowed = Self.signInParameters[action], action != "create" else {
            throw FAPIError.resourceNotFound
        }
        let form = call.request.form
        try form.requireKnown(allowed)
        var machine = try signIn(id, call)
        try refuseIfLocked(machine.userId, now: call.now)
        let input: SignInMachine.Input
        switch action {
        case "prepare_first_factor":
            try Self.checkPKCE(form)
            if let result = try prepareProviderFactor(&machine, try form.required("strategy"), &call) {
                signIns[machine.id] = machine
                return try finish(machine, result, &call)
            }
            if form["strategy"] == "passkey" {
                let result = try startPasskeySignIn(&machine, user: machine.userId.flatMap { users[$0] }, call)
                signIns[machine.id] = machine
                return try finish(machine, result, &call)
            }
            input = .prepareFirstFactor(
                strategy: try form.required("strategy"), emailAddressId: form["email_address_id"],
                phoneNumberId: form["phone_number_id"])
        case "attempt_first_factor" where form["strategy"] == "trusted_device":
            let result = try attemptTrustedDeviceSignIn(&machine, call)
            signIns[machine.id] = machine
            return try finish(machine, result, &call)
        case "attempt_first_factor" where form["strategy"] == "passkey":
            let result = try attemptPasskeySignIn(&machine, call)
            signIns[machine.id] = machine
            return try finish(machine, result, &call)
        case "attempt_first_factor":
            input = .attemptFirstFactor(
                strategy: try form.required("strategy"), code: form["code"], password: form["password"])
        case "prepare_second_factor" where form["strategy"] == "passkey":
            let user = machine.userId.flatMap { users[$0] }
            let (challenge, options) = try passkeyRequest(for: user)
            let result = machine.startPasskeySecondFactor(
                challenge: challenge, options: options, signInContext(user, call))
            signIns[machine.id] = machine
            return try finish(machine, result, &call)
        case "attempt_second_factor" where form["strategy"] == "passkey":
            let result = try attemptPasskeySecondFactor(&machine, call)
            signIns[machine.id] = machine
            return try finish(machine, result, &call)
        case "prepare_second_factor":
            input = .prepareSecondFactor(
                strategy: form["strategy"] ?? "phone_code",
                phoneNumberId: form["phone_number_id"] ?? form["email_address_id"])
        case "attempt_second_factor":
            input = .attemptSecondFactor(strategy: try form.required("strategy"), code: try form.required("code"))
        default:
            input = .resetPassword(
                password: try form.required("password"),
                signOutOfOtherSessions: try form.bool("sign_out_of_other_sessions") ?? true)
        }
        let handled = machine.handle(input, context: signInContext(machine.userId.flatMap { users[$0] }, call))
        let result = countForLockout(
            handled, userId: machine.userId, verified: action.hasPrefix("attempt"), now: call.now)
        signIns[machine.id] = machine
        return try finish(machine, result, &call)
    }

    /// `GET /v1/verify?token=…`: opens an email link, completing the sign-in or sign-up verification it belongs to,
    /// then redirects to the `redirect_url` given when it was prepared (or answers `200` without a body).
    mutating func verifyEmailLink(_ call: inout Call) throws(FAPIError) -> Reply {
        guard let token = call.request.query["token"], let link = emailLinks[token] else {
            throw FAPIError(
                status: 400, code: "form_param_format_invalid", message: "is invalid",
                longMessage: "The verification link is invalid.", paramName: "token")
        }
        if let flowId = link.flowId {
            emailLinks[token] = nil
            return try approveMagicLinkFlow(flowId, redirectURL: link.redirectURL, now: call.now)
        }
        do throws(FAPIError) {
            switch link.target {
            case .signIn(let id):
                guard var machine = signIns[id] else { throw FAPIError.resourceNotFound }
                let result = machine.handle(
                    .verifyLink(token: token), context: signInContext(machine.userId.flatMap { users[$0] }, call))
                signIns[id] = machine
                _ = try finish(machine, result, &call)
            case .signUp(let id):
                guard var machine = signUps[id] else { throw FAPIError.resourceNotFound }
                let result = machine.handle(.verifyLink(token: token), context: signUpContext(call))
                signUps[id] = machine
                _ = try finishSignUp(machine, result, &call)
            }
        } catch {
            // The endpoint answers verification failures with 400.
            throw FAPIError(status: 400, code: error.code, message: error.message, longMessage: error.longMessage)
        }
        emailLinks[token] = nil
        return .redirect(link.redirectURL)
    }

    private func signIn(_ id: String, _ call: Call) throws(FAPIError) -> SignInMachine {
        let client = try requireClient(call)
        guard client.signInId == id || signIns[id]?.createdSessionId.map({ client.sessionIds.contains($0) }) == true,
            let machine = signIns[id]
        else { throw FAPIError.resourceNotFound }
        return machine
    }

    /// The client a sign-in belongs to: the caller's when it holds it (no scan), else the one that does, else the
    /// caller's.
    func ownerOfSignIn(_ id: String, caller: String?) -> String? {
        if let caller, clients[caller]?.signInId == id { return caller }
        return clients.values.first { $0.signInId == id }?.id ?? caller
    }

    func signInContext(_ user: UserRecord?, _ call: Call) -> SignInMachine.Context {
        var context = SignInMachine.Context(
            configuration: configuration, passwordPolicy: passwordPolicy, user: user, now: call.now,
            freshCode: IDs.code(),
            newSessionId: IDs.make("sess"))
        if configuration.clientTrust, let user {
            let clientId = call.clientId
            context.clientKnown = sessions.values.contains { $0.userId == user.id && $0.clientId == clientId }
        }
        return context
    }

    /// Performs the machine's actions, then answers with the sign-in or the failure.
    mutating func finish(
        _ machine: SignInMachine, _ result: Result<[SignInMachine.Action], FAPIError>, _ call: inout Call
    ) throws(FAPIError) -> Reply {
        for action in try result.get() {
            switch action {
            case .deliver(let delivery):
                deliver(
                    delivery, now: call.now, linking: .signIn(machine.id),
                    redirectURL: call.request.form["redirect_url"])
                if let token = delivery.linkToken, let challenge = call.request.form["code_challenge"],
                    let userId = machine.userId
                {
                    startMagicLinkFlow(linkToken: token, userId: userId, challenge: challenge, now: call.now)
                }
            case .createSession(let userId, let strategy, let secondFactor):
                // The sign-in's own client: the caller's, or the one that started it when an email link is opened.
                let owner = ownerOfSignIn(machine.id, caller: call.clientId)
                guard let clientId = owner, let sessionId = machine.createdSessionId else { continue }
                createSession(
                    id: sessionId, userId: userId, clientId: clientId, strategy: strategy, secondFactor: secondFactor,
                    now: call.now)
            case .setPassword(let userId, let password, let signOut):
                users[userId]?.password = PasswordDigest(password: password, salt: Array(IDs.random(16).utf8))
                users[userId]?.passwordUpdatedAt = call.now
                users[userId]?.passwordResetRequired = false
                users[userId]?.updatedAt = call.now
                if signOut {
                    for session in sessions.values where session.userId == userId && session.status == .active {
                        endSession(session.id, status: .revoked, now: call.now)
                    }
                }
            case .consumeBackupCode(let userId, let code):
                users[userId]?.backupCodes.removeAll { $0 == code }
            case .consumeTicket(let ticket):
                tickets[ticket] = nil
            }
        }
        return .enveloped(signInJSON(machine))
    }
}

@available(OS2023, *)
extension Result {
    var isSuccess: Bool {
        if case .success = self { return true }
        return false
    }
}

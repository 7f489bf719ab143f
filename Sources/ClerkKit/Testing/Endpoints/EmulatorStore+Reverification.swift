/// Session reverification (`/v1/client/sessions/{id}/verify/**`) and the check sensitive actions make.
@available(OS2023, *)
extension EmulatorStore {
    /// Serves the reverification routes; nil for other paths.
    mutating func reverificationRoute(_ method: String, _ path: PathMatcher, _ call: inout Call) throws(FAPIError)
        -> Reply?
    {
        guard method == "POST" else { return nil }
        if let id = path.match("v1/client/sessions/*/verify")?.first {
            try call.request.form.requireKnown(["level"])
            let level = try call.request.form.required("level")
            guard ReverificationMachine.levels.contains(level) else { throw FAPIError.paramInvalid("level") }
            let (session, user) = try reverifyingSession(id, &call)
            sessions[session.id]?.reverification = ReverificationMachine(level: level, user: user, configuration)
            return .enveloped(reverificationJSON(id))
        }
        guard let captures = path.match("v1/client/sessions/*/verify/*") else { return nil }
        let (session, user) = try reverifyingSession(captures[0], &call)
        guard var machine = session.reverification else {
            throw FAPIError.stateInvalid("Start a reverification first.")
        }
        let form = call.request.form
        let result: Result<[ReverificationMachine.Action], FAPIError>
        guard let known = Self.reverificationParameters[captures[1]] else { throw FAPIError.resourceNotFound }
        try form.requireKnown(known)
        if let handled = try reverifyWithCredential(captures[1], machine: &machine, user: user, &call) {
            result = handled
        } else {
            result = try reverifyWithCode(captures[1], machine: &machine, user: user, call)
        }
        sessions[session.id]?.reverification = machine
        switch result {
        case .failure(let error):
            throw error
        case .success(let actions):
            for action in actions { apply(action, session: session.id, user: user.id, now: call.now) }
        }
        return .enveloped(reverificationJSON(session.id))
    }

    /// Parameters each reverification step accepts.
    static let reverificationParameters: [String: Set<String>] = [
        "prepare_first_factor": [
            "strategy", "email_address_id", "phone_number_id", "proof_token", "trusted_device_id",
        ],
        "prepare_second_factor": ["strategy", "email_address_id", "phone_number_id", "proof_token"],
        "attempt_first_factor": [
            "strategy", "code", "password", "public_key_credential", "trusted_device_id", "client_data", "signature",
            "algorithm",
        ],
        "attempt_second_factor": ["strategy", "code", "public_key_credential"],
    ]

    /// A step with a code or the password.
    private func reverifyWithCode(
        _ step: String, machine: inout ReverificationMachine, user: UserRecord, _ call: Call
    ) throws(FAPIError) -> Result<[ReverificationMachine.Action], FAPIError> {
        let form = call.request.form
        let result: Result<[ReverificationMachine.Action], FAPIError>
        switch step {
        case "prepare_first_factor", "prepare_second_factor":
            let second = step == "prepare_second_factor"
            result = machine.prepare(
                second: second, strategy: try form.required("strategy"),
                targetId: form["email_address_id"] ?? form["phone_number_id"], user: user, now: call.now,
                code: IDs.code(), configuration)
        case "attempt_first_factor":
            result = machine.attemptFirstFactor(
                strategy: try form.required("strategy"), code: form["code"], password: form["password"], user: user,
                now: call.now, configuration)
        case "attempt_second_factor":
            result = machine.attemptSecondFactor(
                strategy: try form.required("strategy"), code: try form.required("code"), user: user, now: call.now,
                configuration)
        default:
            throw FAPIError.resourceNotFound
        }
        return result
    }

    private mutating func apply(_ action: ReverificationMachine.Action, session: String, user: String, now: Millis) {
        switch action {
        case .deliver(let delivery): deliver(delivery, now: now)
        case .consumeBackupCode(let code): users[user]?.backupCodes.removeAll { $0 == code }
        case .verified(second: false): sessions[session]?.firstFactorVerifiedAt = now
        case .verified(second: true): sessions[session]?.secondFactorVerifiedAt = now
        }
    }

    private func reverifyingSession(_ id: String, _ call: inout Call) throws(FAPIError) -> (SessionRecord, UserRecord) {
        let session = try clientSession(id, &call)
        guard session.status == .active, let user = users[session.userId] else {
            throw FAPIError.authenticationInvalid
        }
        return (session, user)
    }

    private func reverificationJSON(_ sessionId: String) -> JSON {
        guard let session = sessions[sessionId], let machine = session.reverification, let user = users[session.userId]
        else { return .null }
        let first =
            SignInMachine.firstFactors(for: user, identifier: nil, configuration)
            .filter { ["password", "email_code", "phone_code"].contains($0.strategy) }.map(Self.factorJSON)
            + credentialFirstFactors(for: user)
        return [
            "object": "session_reverification", "level": .string(machine.level),
            "status": .string(machine.status.rawValue),
            "supported_first_factors": .array(first),
            "supported_second_factors": .array(
                SignInMachine.secondFactors(for: user, configuration).map(Self.factorJSON)),
            "first_factor_verification": machine.firstFactor.map(\.json) ?? .null,
            "second_factor_verification": machine.secondFactor.map(\.json) ?? .null,
            "session": sessionBaseJSON(session),
        ]
    }

    /// Refuses a sensitive action when the policy asks for a fresher verification than the session has.
    func requireRecentVerification(_ call: inout Call) throws(FAPIError) {
        guard let policy = configuration.reverification else { return }
        let session = try currentSession(&call)
        guard let user = users[session.userId] else { throw FAPIError.signedOut }
        let oldest = call.now - policy.maxAge.clampedMillis
        let hasSecond = !SignInMachine.secondFactors(for: user, configuration).isEmpty
        let firstFresh = (session.firstFactorVerifiedAt ?? .min) >= oldest
        let secondFresh = (session.secondFactorVerifiedAt ?? .min) >= oldest
        let fresh: Bool =
            switch policy.level {
            case .firstFactor: firstFresh
            case .secondFactor: hasSecond ? secondFresh : firstFresh
            case .multiFactor: firstFresh && (!hasSecond || secondFresh)
            }
        guard !fresh else { return }
        var error = FAPIError(
            status: 403, code: "session_reverification_required", message: "Additional verification required",
            longMessage: "You need to verify your identity again before you can perform this action.")
        error.meta = [
            "reverification": [
                "level": .string(policy.level.rawValue), "after_minutes": .int(policy.maxAge.clampedMillis / 60_000),
            ]
        ]
        throw error
    }
}

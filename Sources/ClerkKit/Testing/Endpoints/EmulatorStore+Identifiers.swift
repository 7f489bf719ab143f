/// The user's email addresses and phone numbers: list, add, verify by code, make second factors, delete.
///
/// An added identifier is pending (not seen by sign-in or lookups) until its code is verified. Another
/// user's verified identifier, or one the user already has, is refused; so is deleting the primary identifier
/// or the user's last way to sign in.
@available(OS2023, *)
extension EmulatorStore {
    /// Serves `/v1/me/email_addresses/**` and `/v1/me/phone_numbers/**`; nil for other paths.
    mutating func identifierRoute(_ method: String, _ path: PathMatcher, _ call: inout Call) throws(FAPIError)
        -> Reply?
    {
        let kinds: [(String, IdentifierKind)] = [("email_addresses", .emailAddress), ("phone_numbers", .phoneNumber)]
        for (collection, kind) in kinds {
            if path.match("v1/me/\(collection)") != nil {
                if method == "GET" {
                    try call.request.form.requireKnown([])
                    let user = try currentUser(&call)
                    return .bare(.array(identifiers(kind, of: user).map { json(kind, $0) }))
                }
                if method == "POST" { return try addIdentifier(kind, &call) }
            }
            if let id = path.match("v1/me/\(collection)/*")?.first {
                switch method {
                case "GET":
                    try call.request.form.requireKnown([])
                    return .enveloped(json(kind, try identifier(kind, id, of: try currentUser(&call))))
                case "DELETE":
                    try call.request.form.requireKnown([])
                    return try deleteIdentifier(kind, id, &call)
                case "PATCH" where kind == .phoneNumber:
                    return try updatePhone(id, &call)
                default:
                    return nil
                }
            }
            if method == "POST", let captures = path.match("v1/me/\(collection)/*/*") {
                switch captures[1] {
                case "prepare_verification": return try prepareIdentifier(kind, captures[0], &call)
                case "attempt_verification": return try attemptIdentifier(kind, captures[0], &call)
                default: return nil
                }
            }
        }
        return nil
    }

    // MARK: Add and delete

    private mutating func addIdentifier(_ kind: IdentifierKind, _ call: inout Call) throws(FAPIError) -> Reply {
        let form = call.request.form
        let param = kind == .emailAddress ? "email_address" : "phone_number"
        try form.requireKnown(kind == .emailAddress ? [param] : [param, "reserved_for_second_factor"])
        let raw = try form.required(param)
        let reserved = try form.bool("reserved_for_second_factor") ?? false
        let value = kind == .emailAddress ? raw : IdentifierKind.normalizedPhone(raw)
        let valid =
            kind == .emailAddress
            ? raw.split(separator: "@").count == 2 && raw.split(separator: "@")[1].contains(".")
            : (9...16).contains(value.count)
        guard valid else { throw FAPIError.paramInvalid(param, "\(param) is not a valid \(param).") }
        var user = try currentUser(&call)
        let mine = identifiers(kind, of: user).contains { Self.same(kind, $0.value, value) }
        if mine || self.user(kind, value) != nil { throw FAPIError.identifierExists(param) }
        let id = IDs.make("idn")
        if kind == .emailAddress {
            user.pendingEmails.append(
                EmailRecord(id: id, address: value, verificationStrategy: "", createdAt: call.now))
        } else {
            user.pendingPhones.append(
                PhoneRecord(
                    id: id, number: value, verificationStrategy: "", reservedForSecondFactor: reserved,
                    defaultSecondFactor: false, createdAt: call.now))
        }
        user.updatedAt = call.now
        users[user.id] = user
        return .enveloped(json(kind, try identifier(kind, id, of: user)))
    }

    private mutating func deleteIdentifier(_ kind: IdentifierKind, _ id: String, _ call: inout Call)
        throws(FAPIError) -> Reply
    {
        var user = try currentUser(&call)
        let found = try identifier(kind, id, of: user)
        if found.verified {
            let isSecondFactorOnly = user.phones.first { $0.id == id }?.reservedForSecondFactor == true
            let signInIdentifiers = user.emails.count + user.phones.filter { !$0.reservedForSecondFactor }.count
            guard isSecondFactorOnly || signInIdentifiers > 1 || user.username != nil else {
                throw Self.deletionRefused("The last identifier of an account cannot be deleted.")
            }
            guard id != user.primaryEmailId, id != user.primaryPhoneId else {
                throw Self.deletionRefused("A primary identifier cannot be deleted; make another one primary first.")
            }
        }
        user.emails.removeAll { $0.id == id }
        user.pendingEmails.removeAll { $0.id == id }
        user.phones.removeAll { $0.id == id }
        user.pendingPhones.removeAll { $0.id == id }
        user.updatedAt = call.now
        users[user.id] = user
        return .enveloped(Self.deleted(kind == .emailAddress ? "email_address" : "phone_number", id))
    }

    private static func deletionRefused(_ detail: String) -> FAPIError {
        FAPIError(
            status: 400, code: "identification_deletion_failed", message: "cannot be deleted", longMessage: detail)
    }

    private mutating func updatePhone(_ id: String, _ call: inout Call) throws(FAPIError) -> Reply {
        let form = call.request.form
        try form.requireKnown(["reserved_for_second_factor", "default_second_factor"])
        let reserved = try form.bool("reserved_for_second_factor")
        let makeDefault = try form.bool("default_second_factor")
        var user = try currentUser(&call)
        guard let index = user.phones.firstIndex(where: { $0.id == id }) else {
            if user.pendingPhones.contains(where: { $0.id == id }) {
                throw FAPIError.stateInvalid("The phone number must be verified first.")
            }
            throw FAPIError.resourceNotFound
        }
        if let reserved { user.phones[index].reservedForSecondFactor = reserved }
        if makeDefault == true {
            for other in user.phones.indices { user.phones[other].defaultSecondFactor = other == index }
            user.phones[index].reservedForSecondFactor = true
        } else if makeDefault == false {
            user.phones[index].defaultSecondFactor = false
        }
        if !user.phones[index].reservedForSecondFactor { user.phones[index].defaultSecondFactor = false }
        if user.mfaEnabledAt == nil, user.twoFactorEnabled { user.mfaEnabledAt = call.now }
        user.updatedAt = call.now
        users[user.id] = user
        return .enveloped(phoneJSON(user.phones[index]))
    }

    // MARK: Verification

    private mutating func prepareIdentifier(_ kind: IdentifierKind, _ id: String, _ call: inout Call)
        throws(FAPIError) -> Reply
    {
        let form = call.request.form
        try form.requireKnown(
            kind == .emailAddress
                ? ["strategy", "redirect_url", "action_complete_redirect_url"] : ["strategy", "proof_token"])
        let strategy = kind == .emailAddress ? "email_code" : "phone_code"
        guard try form.required("strategy") == strategy else { throw FAPIError.strategyInvalid(form["strategy"] ?? "") }
        var user = try currentUser(&call)
        let found = try identifier(kind, id, of: user)
        guard !found.verified else { throw FAPIError.stateInvalid("This identifier is already verified.") }
        let code = TestMode.isTestIdentifier(found.value) ? TestMode.code : IDs.code()
        var verification = VerificationState(strategy: strategy)
        verification.expireAt = call.now + configuration.codeLifetime.clampedMillis
        verification.code = code
        verification.targetId = id
        setPending(kind, id, verification, in: &user)
        users[user.id] = user
        if !TestMode.isTestIdentifier(found.value) {
            deliver(
                Delivery(
                    channel: kind == .emailAddress ? .email : .sms, to: found.value, code: code, purpose: "verification"
                ),
                now: call.now)
        }
        return .enveloped(json(kind, try identifier(kind, id, of: user)))
    }

    private mutating func attemptIdentifier(_ kind: IdentifierKind, _ id: String, _ call: inout Call)
        throws(FAPIError) -> Reply
    {
        let form = call.request.form
        try form.requireKnown(["code"])
        let code = try form.required("code")
        var user = try currentUser(&call)
        let found = try identifier(kind, id, of: user)
        guard !found.verified else { throw FAPIError.stateInvalid("This identifier is already verified.") }
        if self.user(kind, found.value) != nil {
            throw FAPIError.identifierExists(kind == .emailAddress ? "email_address" : "phone_number")
        }
        var slot = found.verification
        let failure = VerificationState.attemptCode(
            &slot, strategy: kind == .emailAddress ? "email_code" : "phone_code", code: code, now: call.now,
            maximumAttempts: configuration.maximumCodeAttempts)
        if let slot { setPending(kind, id, slot, in: &user) }
        if failure == nil { promote(kind, id, in: &user) }
        user.updatedAt = call.now
        users[user.id] = user
        if let failure { throw failure }
        return .enveloped(json(kind, try identifier(kind, id, of: user)))
    }

    private func setPending(
        _ kind: IdentifierKind, _ id: String, _ verification: VerificationState, in user: inout UserRecord
    ) {
        if let index = user.pendingEmails.firstIndex(where: { $0.id == id }) {
            user.pendingEmails[index].verification = verification
        }
        if let index = user.pendingPhones.firstIndex(where: { $0.id == id }) {
            user.pendingPhones[index].verification = verification
        }
    }

    /// Moves a verified pending identifier among the verified ones; the first of its kind becomes primary.
    private func promote(_ kind: IdentifierKind, _ id: String, in user: inout UserRecord) {
        if let index = user.pendingEmails.firstIndex(where: { $0.id == id }) {
            var email = user.pendingEmails.remove(at: index)
            email.verificationStrategy = "email_code"
            user.emails.append(email)
            if user.primaryEmailId == nil { user.primaryEmailId = id }
        }
        if let index = user.pendingPhones.firstIndex(where: { $0.id == id }) {
            var phone = user.pendingPhones.remove(at: index)
            phone.verificationStrategy = "phone_code"
            user.phones.append(phone)
            if user.primaryPhoneId == nil, !phone.reservedForSecondFactor { user.primaryPhoneId = id }
        }
    }

    // MARK: Lookups and rendering

    /// An identifier of either kind, verified or pending, with what the handlers read.
    struct Identifier {
        var id: String
        var value: String
        var verified: Bool
        var verification: VerificationState?
        var email: EmailRecord?
        var phone: PhoneRecord?
    }

    private func identifiers(_ kind: IdentifierKind, of user: UserRecord) -> [Identifier] {
        let list: [Identifier] =
            kind == .emailAddress
            ? user.emails.map { Identifier(id: $0.id, value: $0.address, verified: true, email: $0) }
                + user.pendingEmails.map {
                    Identifier(id: $0.id, value: $0.address, verified: false, verification: $0.verification, email: $0)
                }
            : user.phones.map { Identifier(id: $0.id, value: $0.number, verified: true, phone: $0) }
                + user.pendingPhones.map {
                    Identifier(id: $0.id, value: $0.number, verified: false, verification: $0.verification, phone: $0)
                }
        return list.sorted {
            ($0.email?.createdAt ?? $0.phone?.createdAt ?? 0) < ($1.email?.createdAt ?? $1.phone?.createdAt ?? 0)
        }
    }

    private func identifier(_ kind: IdentifierKind, _ id: String, of user: UserRecord) throws(FAPIError) -> Identifier {
        guard let found = identifiers(kind, of: user).first(where: { $0.id == id }) else {
            throw FAPIError.resourceNotFound
        }
        return found
    }

    private func json(_ kind: IdentifierKind, _ identifier: Identifier) -> JSON {
        if let email = identifier.email { return emailJSON(email) }
        if let phone = identifier.phone { return phoneJSON(phone) }
        return .null
    }

    private static func same(_ kind: IdentifierKind, _ lhs: String, _ rhs: String) -> Bool {
        kind == .emailAddress ? lhs.lowercased() == rhs.lowercased() : lhs == rhs
    }
}

/// Organization domains: add (unique, not a public email provider), list, read, delete, enrollment mode, and
/// affiliation verification by a code sent to an address on the domain. Admins only. Setting a verified domain
/// to `automatic_invitation` invites the users on it (see `inviteDomainUsers`).
@available(OS2023, *)
extension EmulatorStore {
    static let enrollmentModes: Set<String> = ["manual_invitation", "automatic_invitation", "automatic_suggestion"]
    static let commonEmailDomains: Set<String> = ["gmail.com", "outlook.com", "yahoo.com", "icloud.com", "hotmail.com"]

    /// Serves `/v1/organizations/{id}/domains/**`; nil for other paths.
    mutating func domainRoute(_ method: String, _ path: PathMatcher, _ call: inout Call) throws(FAPIError) -> Reply? {
        let form = call.request.form
        if let id = path.match("v1/organizations/*/domains")?.first, method == "GET" || method == "POST" {
            let organization = try organizationAccess(id, &call, admin: method == "POST").organization
            if method == "GET" {
                return .enveloped(
                    try page(domains.filter { $0.organizationId == organization.id }.map(domainJSON), call))
            }
            try form.requireKnown(["name", "enrollment_mode"])
            let name = try form.required("name").lowercased()
            guard name.contains("."), !name.contains("@"), !name.hasPrefix("."), !name.hasSuffix(".") else {
                throw FAPIError.paramInvalid("name")
            }
            guard !Self.commonEmailDomains.contains(name) else {
                throw FAPIError(
                    status: 422, code: "organization_domain_common", message: "is a public email provider",
                    paramName: "name")
            }
            guard !domains.contains(where: { $0.name == name }) else {
                throw FAPIError(
                    status: 422, code: "organization_domain_exists", message: "is already used", paramName: "name")
            }
            let domain = DomainRecord(
                id: IDs.make("orgdmn"), organizationId: organization.id, name: name,
                enrollmentMode: "manual_invitation",
                createdAt: call.now, updatedAt: call.now)
            domains.append(domain)
            return .enveloped(domainJSON(domain))
        }
        guard let captures = path.match("v1/organizations/*/domains/*") ?? path.match("v1/organizations/*/domains/*/*")
        else { return nil }
        let organization = try organizationAccess(captures[0], &call, admin: method != "GET").organization
        guard let index = domains.firstIndex(where: { $0.id == captures[1] && $0.organizationId == organization.id })
        else { throw FAPIError.resourceNotFound }
        switch (method, captures.count == 3 ? captures[2] : nil) {
        case ("GET", nil):
            return .enveloped(domainJSON(domains[index]))
        case ("DELETE", nil):
            try form.requireKnown([])
            let removed = domains.remove(at: index)
            return .enveloped(Self.deleted("organization_domain", removed.id))
        case ("POST", "update_enrollment_mode"):
            try form.requireKnown(["enrollment_mode", "delete_pending"])
            let mode = try form.required("enrollment_mode")
            guard Self.enrollmentModes.contains(mode) else { throw FAPIError.paramInvalid("enrollment_mode") }
            guard mode == "manual_invitation" || domains[index].verifiedAt != nil else {
                throw FAPIError.stateInvalid("The domain must be verified before users can join through it.")
            }
            if try form.bool("delete_pending") == true {
                suggestions.removeAll { $0.organizationId == organization.id && $0.status == .pending }
            }
            domains[index].enrollmentMode = mode
            inviteDomainUsers(domains[index], now: call.now)
        case ("POST", "prepare_affiliation_verification"):
            try form.requireKnown(["affiliation_email_address"])
            let address = try form.required("affiliation_email_address")
            guard address.lowercased().hasSuffix("@" + domains[index].name) else {
                throw FAPIError.paramInvalid("affiliation_email_address", "The address must be on the domain.")
            }
            let code = TestMode.isTestIdentifier(address) ? TestMode.code : IDs.code()
            domains[index].affiliationEmail = address
            domains[index].verification = VerificationState(
                strategy: "email_code", expireAt: call.now + configuration.codeLifetime.clampedMillis, code: code)
            if code != TestMode.code {
                deliver(
                    Delivery(channel: .email, to: address, code: code, purpose: "domain_affiliation"), now: call.now)
            }
        case ("POST", "attempt_affiliation_verification"):
            try form.requireKnown(["code"])
            let failure = VerificationState.attemptCode(
                &domains[index].verification, strategy: "email_code", code: try form.required("code"), now: call.now,
                maximumAttempts: configuration.maximumCodeAttempts)
            if let failure { throw failure }
            domains[index].verifiedAt = call.now
        default:
            return nil
        }
        domains[index].updatedAt = call.now
        return .enveloped(domainJSON(domains[index]))
    }

    func domainJSON(_ domain: DomainRecord) -> JSON {
        let verification: JSON =
            domain.verification.map {
                [
                    "status": .string($0.status.rawValue), "strategy": "email_code",
                    "attempts": .int(Int64($0.attempts)),
                    "expire_at": .optional($0.expireAt), "verified_at": .optional(domain.verifiedAt),
                ]
            } ?? .null
        let pendingSuggestions = suggestions.filter {
            $0.organizationId == domain.organizationId && $0.status == .pending
        }
        return [
            "object": "organization_domain", "id": .string(domain.id),
            "organization_id": .string(domain.organizationId),
            "name": .string(domain.name), "enrollment_mode": .string(domain.enrollmentMode),
            "affiliation_email_address": .optional(domain.affiliationEmail), "affiliation_verification": verification,
            "ownership_verification": nil, "verification": verification,
            "total_pending_invitations": .int(Int64(pendingInvitationCount(domain))),
            "total_pending_suggestions": .int(Int64(pendingSuggestions.count)), "created_at": .int(domain.createdAt),
            "updated_at": .int(domain.updatedAt),
        ]
    }
}

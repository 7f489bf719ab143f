/// Suggestions (from verified `automatic_suggestion` domains matching a user's verified addresses) and the
/// membership requests accepting one sends to the organization's admins.
@available(OS2023, *)
extension EmulatorStore {
    /// Serves `/v1/me/organization_suggestions/**` and `/v1/organizations/{id}/membership_requests/**`.
    mutating func joinRoute(_ method: String, _ path: PathMatcher, _ call: inout Call) throws(FAPIError) -> Reply? {
        if method == "GET", path.match("v1/me/organization_suggestions") != nil {
            let user = try currentUser(&call)
            refreshSuggestions(for: user, now: call.now)
            let status = call.request.query["status"]
            let mine = suggestions.filter { $0.userId == user.id && (status == nil || $0.status.rawValue == status) }
            return .enveloped(try page(mine.map(suggestionJSON), call))
        }
        if method == "GET", path.match("v1/me/organization_creation_defaults") != nil {
            return .enveloped(creationDefaultsJSON(try currentUser(&call)))
        }
        if method == "POST", let id = path.match("v1/me/organization_suggestions/*/accept")?.first {
            try call.request.form.requireKnown([])
            let user = try currentUser(&call)
            guard let index = suggestions.firstIndex(where: { $0.id == id && $0.userId == user.id }) else {
                throw FAPIError.resourceNotFound
            }
            guard suggestions[index].status == .pending else {
                throw FAPIError.stateInvalid("This suggestion was already accepted.")
            }
            suggestions[index].status = .accepted
            suggestions[index].updatedAt = call.now
            membershipRequests.append(
                JoinRecord(
                    id: IDs.make("orgreq"), organizationId: suggestions[index].organizationId, userId: user.id,
                    status: .pending, createdAt: call.now, updatedAt: call.now))
            return .enveloped(suggestionJSON(suggestions[index]))
        }
        if method == "GET", let id = path.match("v1/organizations/*/membership_requests")?.first {
            let organization = try organizationAccess(id, &call, admin: true).organization
            let status = call.request.query["status"]
            let listed = membershipRequests.filter {
                $0.organizationId == organization.id && (status == nil || $0.status.rawValue == status)
            }
            return .enveloped(try page(listed.map(requestJSON), call))
        }
        guard method == "POST", let captures = path.match("v1/organizations/*/membership_requests/*/*"),
            captures[2] == "accept" || captures[2] == "reject"
        else { return nil }
        try call.request.form.requireKnown([])
        let organization = try organizationAccess(captures[0], &call, admin: true).organization
        guard
            let index = membershipRequests.firstIndex(where: {
                $0.id == captures[1] && $0.organizationId == organization.id
            })
        else { throw FAPIError.resourceNotFound }
        guard membershipRequests[index].status == .pending else {
            throw FAPIError.stateInvalid("This request was already answered.")
        }
        let request = membershipRequests[index]
        membershipRequests[index].status = captures[2] == "accept" ? .accepted : .rejected
        membershipRequests[index].updatedAt = call.now
        if captures[2] == "accept",
            !memberships.contains(where: { $0.organizationId == organization.id && $0.userId == request.userId })
        {
            memberships.append(
                MembershipRecord(
                    id: IDs.make("orgmem"), organizationId: organization.id, userId: request.userId,
                    role: "org:member", createdAt: call.now))
        }
        return .enveloped(requestJSON(membershipRequests[index]))
    }

    /// Adds a pending suggestion for each organization with a verified suggesting domain the user has a verified
    /// address on and is not a member of.
    private mutating func refreshSuggestions(for user: UserRecord, now: Millis) {
        let userDomains = Set(user.emails.compactMap { $0.address.split(separator: "@").last.map { $0.lowercased() } })
        for domain in domains
        where domain.enrollmentMode == "automatic_suggestion" && domain.verifiedAt != nil
            && userDomains.contains(domain.name)
            && !memberships.contains(where: { $0.organizationId == domain.organizationId && $0.userId == user.id })
            && !suggestions.contains(where: { $0.organizationId == domain.organizationId && $0.userId == user.id })
        {
            suggestions.append(
                JoinRecord(
                    id: IDs.make("orgsugg"), organizationId: domain.organizationId, userId: user.id, status: .pending,
                    createdAt: now, updatedAt: now))
        }
    }

    /// A name from the primary address's domain (none for public providers), and a warning when an organization
    /// already verified that domain.
    private func creationDefaultsJSON(_ user: UserRecord) -> JSON {
        let domain = user.emails.first { $0.id == user.primaryEmailId }?.address.split(separator: "@").last
            .map { $0.lowercased() }
        guard let domain, !Self.commonEmailDomains.contains(domain) else { return ["form": nil, "advisory": nil] }
        let name = domain.split(separator: ".").first.map { $0.prefix(1).uppercased() + $0.dropFirst() } ?? domain
        let taken = domains.first { $0.name == domain && $0.verifiedAt != nil }.flatMap {
            organizations[$0.organizationId]
        }
        return [
            "form": ["name": .string(name), "logo": nil],
            "advisory": taken.map {
                ["type": "warning", "message": .string("\($0.name) already uses \(domain); ask to join it instead.")]
            } ?? .null,
        ]
    }

    private func suggestionJSON(_ suggestion: JoinRecord) -> JSON {
        [
            "object": "organization_suggestion", "id": .string(suggestion.id),
            "status": .string(suggestion.status.rawValue),
            "public_organization_data": organizations[suggestion.organizationId].map(publicOrganizationJSON) ?? .null,
            "created_at": .int(suggestion.createdAt), "updated_at": .int(suggestion.updatedAt),
        ]
    }

    private func requestJSON(_ request: JoinRecord) -> JSON {
        [
            "object": "organization_membership_request", "id": .string(request.id),
            "organization_id": .string(request.organizationId), "status": .string(request.status.rawValue),
            "public_user_data": users[request.userId].map(publicUserDataJSON) ?? .null,
            "created_at": .int(request.createdAt), "updated_at": .int(request.updatedAt),
        ]
    }
}

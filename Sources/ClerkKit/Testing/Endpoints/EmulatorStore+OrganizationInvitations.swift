/// Organization invitations: list, create (one or many), revoke; the user's own invitations (to their
/// verified email addresses) and accepting them. Only admins invite or revoke.
@available(OS2023, *)
extension EmulatorStore {
    /// Serves `…/invitations`, `…/invitations/bulk`, `…/invitations/{id}/revoke` and
    /// `/v1/me/organization_invitations/**`.
    mutating func invitationRoute(_ method: String, _ path: PathMatcher, _ call: inout Call) throws(FAPIError)
        -> Reply?
    {
        let form = call.request.form
        if let id = path.match("v1/organizations/*/invitations")?.first {
            let organization = try organizationAccess(id, &call, admin: true).organization
            if method == "GET" {
                let status = call.request.query["status"]
                let listed = invitations.filter {
                    $0.organizationId == organization.id && (status == nil || $0.status.rawValue == status)
                }
                return .enveloped(try page(listed.map(invitationJSON), call))
            }
            guard method == "POST" else { return nil }
            try form.requireKnown(["email_address", "role", "notify"])
            let created = try invite([try form.required("email_address")], to: organization, call)
            return .enveloped(created.first.map(invitationJSON) ?? .null)
        }
        if method == "POST", let id = path.match("v1/organizations/*/invitations/bulk")?.first {
            try form.requireKnown(["email_address", "role", "notify"])
            let organization = try organizationAccess(id, &call, admin: true).organization
            let addresses = form.pairs.filter { $0.0 == "email_address" }.map(\.1)
            guard !addresses.isEmpty else { throw FAPIError.paramMissing("email_address") }
            return .enveloped(.array(try invite(addresses, to: organization, call).map(invitationJSON)))
        }
        if method == "POST", let captures = path.match("v1/organizations/*/invitations/*/revoke") {
            try form.requireKnown([])
            let organization = try organizationAccess(captures[0], &call, admin: true).organization
            guard
                let index = invitations.firstIndex(where: {
                    $0.id == captures[1] && $0.organizationId == organization.id
                })
            else { throw FAPIError.resourceNotFound }
            guard invitations[index].status == .pending else {
                throw FAPIError.stateInvalid("Only a pending invitation can be revoked.")
            }
            invitations[index].status = .revoked
            invitations[index].updatedAt = call.now
            return .enveloped(invitationJSON(invitations[index]))
        }
        if method == "GET", path.match("v1/me/organization_invitations") != nil {
            let user = try currentUser(&call)
            refreshDomainInvitations(for: user, now: call.now)
            let status = call.request.query["status"]
            let mine = invitations.filter { invitation in
                user.emails.contains { $0.address.lowercased() == invitation.emailAddress.lowercased() }
                    && (status == nil || invitation.status.rawValue == status)
            }
            return .enveloped(try page(mine.map(invitationJSON), call))
        }
        if method == "POST", let id = path.match("v1/me/organization_invitations/*/accept")?.first {
            try form.requireKnown([])
            return try acceptInvitation(id, &call)
        }
        return nil
    }

    /// Creates pending invitations for every address, or none when one is malformed, a member's or already
    /// invited.
    private mutating func invite(_ addresses: [String], to organization: OrganizationRecord, _ call: Call)
        throws(FAPIError) -> [InvitationRecord]
    {
        let role = call.request.form["role"] ?? ""
        guard Self.roles.contains(role) else { throw FAPIError.paramInvalid("role") }
        var created: [InvitationRecord] = []
        for address in addresses {
            let lowered = address.lowercased()
            guard address.split(separator: "@").count == 2 else { throw FAPIError.paramInvalid("email_address") }
            let pending = invitations.contains {
                $0.organizationId == organization.id && $0.status == .pending && $0.emailAddress.lowercased() == lowered
            }
            let member = memberships.contains { membership in
                membership.organizationId == organization.id
                    && users[membership.userId]?.emails.contains { $0.address.lowercased() == lowered } == true
            }
            guard !pending, !member, !created.contains(where: { $0.emailAddress.lowercased() == lowered }) else {
                throw FAPIError(
                    status: 422, code: "duplicate_record", message: "is already invited or a member",
                    longMessage: "\(address) is already invited to or a member of this organization.",
                    paramName: "email_address")
            }
            created.append(
                InvitationRecord(
                    id: IDs.make("orginv"), organizationId: organization.id, emailAddress: address, role: role,
                    status: .pending, createdAt: call.now, updatedAt: call.now))
        }
        invitations += created
        return created
    }

    private mutating func acceptInvitation(_ id: String, _ call: inout Call) throws(FAPIError) -> Reply {
        let user = try currentUser(&call)
        guard let index = invitations.firstIndex(where: { $0.id == id }),
            user.emails.contains(where: { $0.address.lowercased() == invitations[index].emailAddress.lowercased() })
        else { throw FAPIError.resourceNotFound }
        guard invitations[index].status == .pending else {
            throw FAPIError.stateInvalid("This invitation is no longer pending.")
        }
        let invitation = invitations[index]
        invitations[index].status = .accepted
        invitations[index].updatedAt = call.now
        if !memberships.contains(where: { $0.organizationId == invitation.organizationId && $0.userId == user.id }) {
            memberships.append(
                MembershipRecord(
                    id: IDs.make("orgmem"), organizationId: invitation.organizationId, userId: user.id,
                    role: invitation.role, createdAt: call.now))
        }
        return .enveloped(invitationJSON(invitations[index]))
    }

    func invitationJSON(_ invitation: InvitationRecord) -> JSON {
        var json: [(String, JSON)] = [
            ("object", "organization_invitation"), ("id", .string(invitation.id)),
            ("email_address", .string(invitation.emailAddress)), ("role", .string(invitation.role)),
            ("role_name", .string(invitation.role == "org:admin" ? "Admin" : "Member")),
            ("organization_id", .string(invitation.organizationId)), ("status", .string(invitation.status.rawValue)),
            ("public_metadata", [:]), ("url", .null), ("expires_at", .null),
            ("created_at", .int(invitation.createdAt)), ("updated_at", .int(invitation.updatedAt)),
        ]
        if let organization = organizations[invitation.organizationId] {
            json.append(("public_organization_data", publicOrganizationJSON(organization)))
        }
        return .object(json)
    }

    /// `Client.PublicOrganizationData`.
    func publicOrganizationJSON(_ organization: OrganizationRecord) -> JSON {
        [
            "id": .string(organization.id), "name": .string(organization.name), "slug": .string(organization.slug),
            "has_image": .bool(organization.imageId != nil), "image_url": .string(logoURL(organization)),
        ]
    }
}

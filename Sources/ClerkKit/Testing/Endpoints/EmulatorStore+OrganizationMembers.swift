/// Organization memberships: list (paginated, by role), add, change role, remove; the user's own
/// memberships and leaving. Only admins change members; an organization always keeps an admin.
@available(OS2023, *)
extension EmulatorStore {
    /// Serves `…/memberships`, `…/memberships/{user_id}` and `/v1/me/organization_memberships/**`.
    mutating func membershipRoute(_ method: String, _ path: PathMatcher, _ call: inout Call) throws(FAPIError)
        -> Reply?
    {
        let form = call.request.form
        if let id = path.match("v1/organizations/*/memberships")?.first {
            if method == "GET" {
                let organization = try organizationAccess(id, &call, admin: false).organization
                let role = call.request.query["role"]
                let members = memberships.filter {
                    $0.organizationId == organization.id && (role == nil || $0.role == role)
                }
                return .enveloped(try page(members.compactMap(membershipJSON), call))
            }
            guard method == "POST" else { return nil }
            try form.requireKnown(["user_id", "role"])
            let organization = try organizationAccess(id, &call, admin: true).organization
            let userId = try form.required("user_id")
            let role = try Self.validRole(try form.required("role"))
            guard users[userId] != nil else { throw FAPIError.paramInvalid("user_id", "No user has this id.") }
            guard !memberships.contains(where: { $0.organizationId == organization.id && $0.userId == userId }) else {
                throw FAPIError(
                    status: 422, code: "already_a_member_in_organization", message: "is already a member",
                    paramName: "user_id")
            }
            let membership = MembershipRecord(
                id: IDs.make("orgmem"), organizationId: organization.id, userId: userId, role: role,
                createdAt: call.now)
            memberships.append(membership)
            return .enveloped(membershipJSON(membership) ?? .null)
        }
        if let captures = path.match("v1/organizations/*/memberships/*"), method == "PATCH" || method == "DELETE" {
            try form.requireKnown(method == "PATCH" ? ["role"] : [])
            let organization = try organizationAccess(captures[0], &call, admin: true).organization
            guard
                let index = memberships.firstIndex(where: {
                    $0.organizationId == organization.id && $0.userId == captures[1]
                })
            else { throw FAPIError.resourceNotFound }
            let newRole = method == "PATCH" ? try Self.validRole(try form.required("role")) : nil
            try keepAnAdmin(memberships[index], losing: newRole != "org:admin")
            guard let newRole else { return .enveloped(removeMembership(at: index, now: call.now)) }
            memberships[index].role = newRole
            return .enveloped(membershipJSON(memberships[index]) ?? .null)
        }
        if method == "GET", path.match("v1/me/organization_memberships") != nil {
            let user = try currentUser(&call)
            return .enveloped(try page(memberships.filter { $0.userId == user.id }.compactMap(membershipJSON), call))
        }
        if method == "DELETE", let id = path.match("v1/me/organization_memberships/*")?.first {
            try form.requireKnown([])
            let (organization, membership, _) = try organizationAccess(id, &call, admin: false)
            try keepAnAdmin(membership, losing: true)
            guard let index = memberships.firstIndex(of: membership) else { throw FAPIError.resourceNotFound }
            _ = removeMembership(at: index, now: call.now)
            return .enveloped(Self.deleted("organization_membership", organization.id))
        }
        return nil
    }

    private static func validRole(_ role: String) throws(FAPIError) -> String {
        guard roles.contains(role) else { throw FAPIError.paramInvalid("role", "role must be one of \(roles).") }
        return role
    }

    /// Refuses to take the admin role from an organization's last admin.
    private func keepAnAdmin(_ membership: MembershipRecord, losing: Bool) throws(FAPIError) {
        guard losing, membership.role == "org:admin" else { return }
        let admins = memberships.filter { $0.organizationId == membership.organizationId && $0.role == "org:admin" }
        guard admins.count > 1 else {
            throw FAPIError(
                status: 422, code: "organization_minimum_permissions_needed", message: "needs an admin",
                longMessage: "An organization needs at least one admin.")
        }
    }

    /// Removes a membership; the member's sessions leave the organization. Answers the removed membership.
    private mutating func removeMembership(at index: Int, now: Millis) -> JSON {
        let membership = memberships[index]
        let json = membershipJSON(membership) ?? .null
        memberships.remove(at: index)
        for (id, session) in sessions
        where session.userId == membership.userId && session.activeOrganizationId == membership.organizationId {
            sessions[id]?.activeOrganizationId = nil
            sessions[id]?.updatedAt = now
        }
        return json
    }
}

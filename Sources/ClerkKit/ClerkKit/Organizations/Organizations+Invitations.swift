@available(OS2023, *)
extension Organizations {
    /// The organization's invitations, optionally only those with `status` (for example `pending`; admins only).
    public func invitations(of organizationId: String, status: String? = nil, pageSize: Int = 20)
        -> Paginated<OrganizationInvitation>
    {
        pages(
            FAPIRequest(
                "GET", "/v1/organizations/\(FAPIRequest.segment(organizationId))/invitations",
                query: status.map { [("status", $0)] } ?? []),
            pageSize: pageSize, as: OrganizationInvitation.self)
    }

    /// Invites `emailAddress` to join with `role` (admins only).
    public func invite(to organizationId: String, emailAddress: String, role: String) async throws(ClerkError)
        -> OrganizationInvitation
    {
        let request = try FAPIRequest(
            "POST", "/v1/organizations/\(FAPIRequest.segment(organizationId))/invitations",
            parameters: OrganizationParameters.Invitation(emailAddress: emailAddress, role: role))
        return try await perform(request, as: OrganizationInvitation.self)
    }

    /// Invites several addresses at once, all with `role` (admins only); none is invited when one is refused.
    public func invite(to organizationId: String, emailAddresses: [String], role: String) async throws(ClerkError)
        -> [OrganizationInvitation]
    {
        let request = try FAPIRequest(
            "POST", "/v1/organizations/\(FAPIRequest.segment(organizationId))/invitations/bulk",
            parameters: OrganizationParameters.Invitations(emailAddress: emailAddresses, role: role))
        return try await perform(request, as: [OrganizationInvitation].self)
    }

    /// Revokes a pending invitation (admins only).
    @discardableResult
    public func revokeInvitation(in organizationId: String, invitationId: String) async throws(ClerkError)
        -> OrganizationInvitation
    {
        try await perform(
            FAPIRequest(
                "POST",
                "/v1/organizations/\(FAPIRequest.segment(organizationId))/invitations/\(FAPIRequest.segment(invitationId))/revoke"
            ),
            as: OrganizationInvitation.self)
    }

    /// Invitations to the user's verified email addresses, optionally only those with `status`.
    public func myInvitations(status: String? = nil, pageSize: Int = 20) -> Paginated<OrganizationInvitation> {
        pages(
            FAPIRequest("GET", "/v1/me/organization_invitations", query: status.map { [("status", $0)] } ?? []),
            pageSize: pageSize, as: OrganizationInvitation.self)
    }

    /// Accepts an invitation: the user becomes a member with its role.
    @discardableResult
    public func acceptInvitation(_ invitationId: String) async throws(ClerkError) -> OrganizationInvitation {
        try await perform(
            FAPIRequest("POST", "/v1/me/organization_invitations/\(FAPIRequest.segment(invitationId))/accept"),
            as: OrganizationInvitation.self)
    }
}

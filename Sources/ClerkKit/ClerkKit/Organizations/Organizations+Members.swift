@available(OS2023, *)
extension Organizations {
    /// The organization's members, optionally only those with `role`, fetched a page at a time.
    public func memberships(of organizationId: String, role: String? = nil, pageSize: Int = 20)
        -> Paginated<OrganizationMembership>
    {
        pages(
            FAPIRequest(
                "GET", "/v1/organizations/\(FAPIRequest.segment(organizationId))/memberships",
                query: role.map { [("role", $0)] } ?? []),
            pageSize: pageSize, flagged: true, as: OrganizationMembership.self)
    }

    /// Adds an existing user to the organization with `role` (admins only).
    @discardableResult
    public func addMember(to organizationId: String, userId: String, role: String) async throws(ClerkError)
        -> OrganizationMembership
    {
        let request = try FAPIRequest(
            "POST", "/v1/organizations/\(FAPIRequest.segment(organizationId))/memberships",
            parameters: OrganizationParameters.Member(userId: userId, role: role))
        return try await perform(request, as: OrganizationMembership.self)
    }

    /// Changes a member's role (admins only; the last admin keeps theirs).
    @discardableResult
    public func updateMember(in organizationId: String, userId: String, role: String) async throws(ClerkError)
        -> OrganizationMembership
    {
        let request = try FAPIRequest(
            "PATCH",
            "/v1/organizations/\(FAPIRequest.segment(organizationId))/memberships/\(FAPIRequest.segment(userId))",
            parameters: OrganizationParameters.Member(role: role))
        return try await perform(request, as: OrganizationMembership.self)
    }

    /// Removes a member (admins only; the last admin stays).
    @discardableResult
    public func removeMember(from organizationId: String, userId: String) async throws(ClerkError)
        -> OrganizationMembership
    {
        try await perform(
            FAPIRequest(
                "DELETE",
                "/v1/organizations/\(FAPIRequest.segment(organizationId))/memberships/\(FAPIRequest.segment(userId))"),
            as: OrganizationMembership.self)
    }

    /// The user's own memberships, fetched a page at a time.
    public func myMemberships(pageSize: Int = 20) -> Paginated<OrganizationMembership> {
        pages(
            FAPIRequest("GET", "/v1/me/organization_memberships"), pageSize: pageSize, flagged: true,
            as: OrganizationMembership.self)
    }

    /// Leaves an organization (the last admin cannot).
    @discardableResult
    public func leave(_ organizationId: String) async throws(ClerkError) -> DeletedObject {
        try await perform(
            FAPIRequest("DELETE", "/v1/me/organization_memberships/\(FAPIRequest.segment(organizationId))"),
            as: DeletedObject.self)
    }

    /// What to pre-fill when the user creates an organization: a name from their email domain, and a warning
    /// when an organization already uses that domain.
    public func creationDefaults() async throws(ClerkError) -> OrganizationCreationDefaults {
        try await perform(
            FAPIRequest("GET", "/v1/me/organization_creation_defaults"), as: OrganizationCreationDefaults.self)
    }
}

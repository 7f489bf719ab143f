@available(OS2023, *)
extension Organizations {
    /// Requests to join the organization, optionally only those with `status` (admins only).
    public func membershipRequests(of organizationId: String, status: String? = nil, pageSize: Int = 20)
        -> Paginated<OrganizationMembershipRequest>
    {
        pages(
            FAPIRequest(
                "GET", "/v1/organizations/\(FAPIRequest.segment(organizationId))/membership_requests",
                query: status.map { [("status", $0)] } ?? []),
            pageSize: pageSize, as: OrganizationMembershipRequest.self)
    }

    /// Accepts a request: the user becomes a member (admins only).
    @discardableResult
    public func acceptMembershipRequest(in organizationId: String, requestId: String) async throws(ClerkError)
        -> OrganizationMembershipRequest
    {
        try await perform(
            FAPIRequest(
                "POST",
                "/v1/organizations/\(FAPIRequest.segment(organizationId))/membership_requests/\(FAPIRequest.segment(requestId))/accept"
            ),
            as: OrganizationMembershipRequest.self)
    }

    /// Rejects a request (admins only).
    @discardableResult
    public func rejectMembershipRequest(in organizationId: String, requestId: String) async throws(ClerkError)
        -> OrganizationMembershipRequest
    {
        try await perform(
            FAPIRequest(
                "POST",
                "/v1/organizations/\(FAPIRequest.segment(organizationId))/membership_requests/\(FAPIRequest.segment(requestId))/reject"
            ),
            as: OrganizationMembershipRequest.self)
    }

    /// Organizations suggested to the user by the domains of their verified addresses.
    public func mySuggestions(status: String? = nil, pageSize: Int = 20) -> Paginated<OrganizationSuggestion> {
        pages(
            FAPIRequest("GET", "/v1/me/organization_suggestions", query: status.map { [("status", $0)] } ?? []),
            pageSize: pageSize, as: OrganizationSuggestion.self)
    }

    /// Accepts a suggestion: a membership request goes to the organization's admins.
    @discardableResult
    public func acceptSuggestion(_ suggestionId: String) async throws(ClerkError) -> OrganizationSuggestion {
        try await perform(
            FAPIRequest("POST", "/v1/me/organization_suggestions/\(FAPIRequest.segment(suggestionId))/accept"),
            as: OrganizationSuggestion.self)
    }
}

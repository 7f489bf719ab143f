@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension Organizations {
    /// Adds a domain (admins only); `enrollmentMode` other than `manual_invitation` needs it verified first.
    public func createDomain(in organizationId: String, name: String) async throws(ClerkError) -> OrganizationDomain {
        let request = try FAPIRequest(
            "POST", "/v1/organizations/\(FAPIRequest.segment(organizationId))/domains",
            parameters: OrganizationParameters.Domain(name: name))
        return try await perform(request, as: OrganizationDomain.self)
    }

    /// The organization's domains.
    public func domains(of organizationId: String, pageSize: Int = 20) -> Paginated<OrganizationDomain> {
        pages(
            FAPIRequest("GET", "/v1/organizations/\(FAPIRequest.segment(organizationId))/domains"), pageSize: pageSize,
            as: OrganizationDomain.self)
    }

    /// One domain.
    public func domain(in organizationId: String, domainId: String) async throws(ClerkError) -> OrganizationDomain {
        try await perform(
            FAPIRequest(
                "GET",
                "/v1/organizations/\(FAPIRequest.segment(organizationId))/domains/\(FAPIRequest.segment(domainId))"),
            as: OrganizationDomain.self)
    }

    /// Removes a domain (admins only).
    @discardableResult
    public func deleteDomain(in organizationId: String, domainId: String) async throws(ClerkError) -> DeletedObject {
        try await perform(
            FAPIRequest(
                "DELETE",
                "/v1/organizations/\(FAPIRequest.segment(organizationId))/domains/\(FAPIRequest.segment(domainId))"),
            as: DeletedObject.self)
    }

    /// Sets how users on the domain join: `manual_invitation`, `automatic_invitation` or `automatic_suggestion`.
    @discardableResult
    public func updateEnrollmentMode(
        in organizationId: String, domainId: String, mode: String, deletePending: Bool? = nil
    ) async throws(ClerkError) -> OrganizationDomain {
        let request = try FAPIRequest(
            "POST",
            "/v1/organizations/\(FAPIRequest.segment(organizationId))/domains/\(FAPIRequest.segment(domainId))/update_enrollment_mode",
            parameters: OrganizationParameters.EnrollmentMode(enrollmentMode: mode, deletePending: deletePending))
        return try await perform(request, as: OrganizationDomain.self)
    }

    /// Sends a code to an address on the domain, to prove the admin's affiliation.
    @discardableResult
    public func prepareAffiliationVerification(in organizationId: String, domainId: String, emailAddress: String)
        async throws(ClerkError) -> OrganizationDomain
    {
        let request = try FAPIRequest(
            "POST",
            "/v1/organizations/\(FAPIRequest.segment(organizationId))/domains/\(FAPIRequest.segment(domainId))/prepare_affiliation_verification",
            parameters: OrganizationParameters.Affiliation(affiliationEmailAddress: emailAddress))
        return try await perform(request, as: OrganizationDomain.self)
    }

    /// Verifies the domain with the code the address received.
    @discardableResult
    public func attemptAffiliationVerification(in organizationId: String, domainId: String, code: String)
        async throws(ClerkError) -> OrganizationDomain
    {
        let request = try FAPIRequest(
            "POST",
            "/v1/organizations/\(FAPIRequest.segment(organizationId))/domains/\(FAPIRequest.segment(domainId))/attempt_affiliation_verification",
            parameters: AccountParameters.Code(code: code))
        return try await perform(request, as: OrganizationDomain.self)
    }
}

@available(OS2023, *)
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
        let (organization, domain) = (FAPIRequest.segment(organizationId), FAPIRequest.segment(domainId))
        return try await perform(
            FAPIRequest("GET", "/v1/organizations/\(organization)/domains/\(domain)"), as: OrganizationDomain.self)
    }

    /// Removes a domain (admins only).
    @discardableResult
    public func deleteDomain(in organizationId: String, domainId: String) async throws(ClerkError) -> DeletedObject {
        let (organization, domain) = (FAPIRequest.segment(organizationId), FAPIRequest.segment(domainId))
        return try await perform(
            FAPIRequest("DELETE", "/v1/organizations/\(organization)/domains/\(domain)"), as: DeletedObject.self)
    }

    /// Sets how users on the domain join: `manual_invitation`, `automatic_invitation` or `automatic_suggestion`.
    @discardableResult
    public func updateEnrollmentMode(
        in organizationId: String, domainId: String, mode: String, deletePending: Bool? = nil
    ) async throws(ClerkError) -> OrganizationDomain {
        let (organization, domain) = (FAPIRequest.segment(organizationId), FAPIRequest.segment(domainId))
        return try await domainAction(
            "POST", "/v1/organizations/\(organization)/domains/\(domain)/update_enrollment_mode",
            OrganizationParameters.EnrollmentMode(enrollmentMode: mode, deletePending: deletePending))
    }

    /// Sends a code to an address on the domain, to prove the admin's affiliation.
    @discardableResult
    public func prepareAffiliationVerification(in organizationId: String, domainId: String, emailAddress: String)
        async throws(ClerkError) -> OrganizationDomain
    {
        let (organization, domain) = (FAPIRequest.segment(organizationId), FAPIRequest.segment(domainId))
        return try await domainAction(
            "POST", "/v1/organizations/\(organization)/domains/\(domain)/prepare_affiliation_verification",
            OrganizationParameters.Affiliation(affiliationEmailAddress: emailAddress))
    }

    /// Verifies the domain with the code the address received.
    @discardableResult
    public func attemptAffiliationVerification(in organizationId: String, domainId: String, code: String)
        async throws(ClerkError) -> OrganizationDomain
    {
        let (organization, domain) = (FAPIRequest.segment(organizationId), FAPIRequest.segment(domainId))
        return try await domainAction(
            "POST", "/v1/organizations/\(organization)/domains/\(domain)/attempt_affiliation_verification",
            AccountParameters.Code(code: code))
    }

    /// Sends an action on a domain and returns the domain as it now is. Callers spell the method and the whole
    /// path, so the coverage check (which reads `"METHOD", "/v1/…"` in the sources) sees every operation.
    private func domainAction(_ method: String, _ path: String, _ parameters: some Encodable)
        async throws(ClerkError) -> OrganizationDomain
    {
        try await perform(try FAPIRequest(method, path, parameters: parameters), as: OrganizationDomain.self)
    }
}

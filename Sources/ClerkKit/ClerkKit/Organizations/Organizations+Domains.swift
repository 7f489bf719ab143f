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
            FAPIRequest("GET", Self.domainPath(organizationId, domainId)),
            as: OrganizationDomain.self)
    }

    /// Removes a domain (admins only).
    @discardableResult
    public func deleteDomain(in organizationId: String, domainId: String) async throws(ClerkError) -> DeletedObject {
        try await perform(
            FAPIRequest("DELETE", Self.domainPath(organizationId, domainId)),
            as: DeletedObject.self)
    }

    /// Sets how users on the domain join: `manual_invitation`, `automatic_invitation` or `automatic_suggestion`.
    @discardableResult
    public func updateEnrollmentMode(
        in organizationId: String, domainId: String, mode: String, deletePending: Bool? = nil
    ) async throws(ClerkError) -> OrganizationDomain {
        try await postDomainAction(
            "update_enrollment_mode", organizationId, domainId,
            OrganizationParameters.EnrollmentMode(enrollmentMode: mode, deletePending: deletePending))
    }

    /// Sends a code to an address on the domain, to prove the admin's affiliation.
    @discardableResult
    public func prepareAffiliationVerification(in organizationId: String, domainId: String, emailAddress: String)
        async throws(ClerkError) -> OrganizationDomain
    {
        try await postDomainAction(
            "prepare_affiliation_verification", organizationId, domainId,
            OrganizationParameters.Affiliation(affiliationEmailAddress: emailAddress))
    }

    /// Verifies the domain with the code the address received.
    @discardableResult
    public func attemptAffiliationVerification(in organizationId: String, domainId: String, code: String)
        async throws(ClerkError) -> OrganizationDomain
    {
        try await postDomainAction(
            "attempt_affiliation_verification", organizationId, domainId, AccountParameters.Code(code: code))
    }

    /// `/v1/organizations/<organization>/domains/<domain>`, then `/<action>` if given.
    private static func domainPath(_ organizationId: String, _ domainId: String, _ action: String? = nil) -> String {
        let path = "/v1/organizations/\(FAPIRequest.segment(organizationId))/domains/\(FAPIRequest.segment(domainId))"
        return action.map { "\(path)/\($0)" } ?? path
    }

    /// Posts an action on a domain; returns the domain as it now is.
    private func postDomainAction(
        _ action: String, _ organizationId: String, _ domainId: String, _ parameters: some Encodable
    ) async throws(ClerkError) -> OrganizationDomain {
        let request = try FAPIRequest("POST", Self.domainPath(organizationId, domainId, action), parameters: parameters)
        return try await perform(request, as: OrganizationDomain.self)
    }
}

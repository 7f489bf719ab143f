public import Foundation

/// Organizations of the signed-in user: create, read, change, delete, members, invitations, roles, and the
/// user's own memberships and invitations.
///
/// Each call keeps ``Clerk``'s state in sync with the response (the user's memberships and the session's active
/// organization), throws only ``ClerkError`` (a non-admin's change is refused by the service with its code),
/// and stops when its task is cancelled.
@available(OS2023, *)
@MainActor
public struct Organizations {
    let clerk: Clerk

    /// Sends `request` for the signed-in user, syncs the state, and decodes the resource.
    func perform<Resource: Decodable & Sendable>(_ request: FAPIRequest, as type: Resource.Type)
        async throws(ClerkError) -> Resource
    {
        try await Account(clerk: clerk).perform(request, as: type)
    }

    /// The pages of the list `request` reads, with `offset` and `limit` (and `paginated=true` where the
    /// endpoint takes it) added to its query.
    func pages<Element: Codable & Sendable & Hashable>(
        _ request: FAPIRequest, pageSize: Int, flagged: Bool = false, as type: Element.Type
    ) -> Paginated<Element> {
        let clerk = clerk
        return Paginated(pageSize: pageSize) { @MainActor offset, limit throws(ClerkError) in
            var page = request
            page.query = [("offset", String(offset)), ("limit", String(limit))] + request.query
            if flagged { page.query.append(("paginated", "true")) }
            return try await Account(clerk: clerk).perform(page, as: PaginatedList<Element>.self)
        }
    }

    /// Creates an organization with the user as its admin (`POST /v1/organizations`).
    public func create(name: String, slug: String? = nil) async throws(ClerkError) -> Organization {
        try await perform(
            FAPIRequest(
                "POST", "/v1/organizations", parameters: OrganizationParameters.Profile(name: name, slug: slug)),
            as: Organization.self)
    }

    /// Fetches an organization the user belongs to.
    public func get(_ organizationId: String) async throws(ClerkError) -> Organization {
        try await perform(
            FAPIRequest("GET", "/v1/organizations/\(FAPIRequest.segment(organizationId))"), as: Organization.self)
    }

    /// Renames an organization or changes its slug (admins only).
    @discardableResult
    public func update(_ organizationId: String, name: String? = nil, slug: String? = nil) async throws(ClerkError)
        -> Organization
    {
        let request = try FAPIRequest(
            "PATCH", "/v1/organizations/\(FAPIRequest.segment(organizationId))",
            parameters: OrganizationParameters.Profile(name: name, slug: slug))
        return try await perform(request, as: Organization.self)
    }

    /// Deletes an organization (admins only).
    @discardableResult
    public func delete(_ organizationId: String) async throws(ClerkError) -> DeletedObject {
        try await perform(
            FAPIRequest("DELETE", "/v1/organizations/\(FAPIRequest.segment(organizationId))"), as: DeletedObject.self)
    }

    /// Uploads the organization's logo (`PUT …/logo`, multipart field `file`; admins only).
    ///
    /// - Throws: ``ClerkError/Code/encoding`` for an empty, oversized or non-image upload (nothing is sent).
    @discardableResult
    public func setLogo(_ organizationId: String, image: Data, contentType: String = "image/jpeg")
        async throws(ClerkError) -> Organization
    {
        try ImageUpload.check(image, contentType: contentType, limit: Account.maximumImageBytes)
        let body = MultipartBody(
            file: image, fileType: contentType, randomness: clerk.core.dependencies.randomness)
        return try await perform(
            FAPIRequest("PUT", "/v1/organizations/\(FAPIRequest.segment(organizationId))/logo", body: body),
            as: Organization.self)
    }

    /// Removes the organization's logo (admins only).
    @discardableResult
    public func deleteLogo(_ organizationId: String) async throws(ClerkError) -> DeletedObject {
        try await perform(
            FAPIRequest("DELETE", "/v1/organizations/\(FAPIRequest.segment(organizationId))/logo"),
            as: DeletedObject.self)
    }

    /// The roles members of the organization can have.
    public func roles(of organizationId: String, pageSize: Int = 20) -> Paginated<OrganizationRole> {
        pages(
            FAPIRequest("GET", "/v1/organizations/\(FAPIRequest.segment(organizationId))/roles"), pageSize: pageSize,
            as: OrganizationRole.self)
    }

    /// Makes `organizationId` the current session's active organization (`nil` for the personal account);
    /// session tokens from ``Auth/getToken(_:)`` then carry it.
    @discardableResult
    public func setActive(_ organizationId: String?) async throws(ClerkError) -> Session {
        guard let session = clerk.session else { throw ClerkError(.notSignedIn, "There is no signed-in session.") }
        return try await clerk.auth.setActive(sessionId: session.id, organizationId: organizationId)
    }
}

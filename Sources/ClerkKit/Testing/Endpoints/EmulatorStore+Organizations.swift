/// Organizations: create, read, update, delete, logo and roles. Only members see an organization; only
/// admins change it.
@available(OS2023, *)
extension EmulatorStore {
    static let roles = ["org:admin", "org:member"]

    /// Serves `/v1/organizations`, `/v1/organizations/{id}`, `…/logo` and `…/roles`; nil for other paths.
    mutating func organizationRoute(_ method: String, _ path: PathMatcher, _ call: inout Call) throws(FAPIError)
        -> Reply?
    {
        let form = call.request.form
        if method == "POST", path.match("v1/organizations") != nil { return try createOrganization(&call) }
        if let id = path.match("v1/organizations/*")?.first {
            switch method {
            case "GET":
                try form.requireKnown([])
                return .enveloped(organizationJSON(try organizationAccess(id, &call, admin: false).organization))
            case "PATCH":
                try form.requireKnown(["name", "slug"])
                var organization = try organizationAccess(id, &call, admin: true).organization
                if let name = form["name"] { organization.name = try Self.validName(name) }
                if let slug = form["slug"] { organization.slug = try uniqueSlug(slug, except: id) }
                organization.updatedAt = call.now
                organizations[id] = organization
                return .enveloped(organizationJSON(organization))
            case "DELETE":
                try form.requireKnown([])
                _ = try organizationAccess(id, &call, admin: true)
                organizations[id] = nil
                memberships.removeAll { $0.organizationId == id }
                invitations.removeAll { $0.organizationId == id }
                // Its domains go with it (so another organization can add them), and so do the suggestions and
                // membership requests they led to.
                domains.removeAll { $0.organizationId == id }
                suggestions.removeAll { $0.organizationId == id }
                membershipRequests.removeAll { $0.organizationId == id }
                for (sessionId, session) in sessions where session.activeOrganizationId == id {
                    sessions[sessionId]?.activeOrganizationId = nil
                }
                return .enveloped(Self.deleted("organization", id))
            default:
                return nil
            }
        }
        if let id = path.match("v1/organizations/*/logo")?.first, method == "PUT" || method == "DELETE" {
            var organization = try organizationAccess(id, &call, admin: true).organization
            if method == "DELETE" {
                try form.requireKnown([])
                guard let imageId = organization.imageId else { throw FAPIError.resourceNotFound }
                organization.imageId = nil
                organizations[id] = organization
                return .enveloped(Self.deleted("image", imageId))
            }
            organization.imageId = try Self.acceptedImage(call.request.upload)
            organization.updatedAt = call.now
            organizations[id] = organization
            return .enveloped(organizationJSON(organization))
        }
        if method == "GET", let id = path.match("v1/organizations/*/roles")?.first {
            _ = try organizationAccess(id, &call, admin: false)
            return .enveloped(try page(Self.roles.map { roleJSON($0, now: call.now) }, call))
        }
        return nil
    }

    /// The organization `id` (or slug), the caller's membership of it and the caller: `404` for
    /// non-members, `403` for a member who is not an admin when `admin` is asked.
    func organizationAccess(_ id: String, _ call: inout Call, admin: Bool) throws(FAPIError)
        -> (organization: OrganizationRecord, membership: MembershipRecord, user: UserRecord)
    {
        let user = try currentUser(&call)
        guard let organization = organizations.values.first(where: { $0.id == id || $0.slug == id }),
            let membership = memberships.first(where: { $0.organizationId == organization.id && $0.userId == user.id })
        else { throw FAPIError.organizationNotFound("organization_id") }
        guard !admin || membership.role == "org:admin" else { throw FAPIError.notAnAdmin }
        return (organization, membership, user)
    }

    private mutating func createOrganization(_ call: inout Call) throws(FAPIError) -> Reply {
        let form = call.request.form
        try form.requireKnown(["name", "slug"])
        let user = try currentUser(&call)
        guard configuration.organizations.enabled else {
            throw FAPIError(
                status: 403, code: "organization_not_enabled_in_instance",
                message: "Organizations are not enabled for this instance")
        }
        let name = try Self.validName(try form.required("name"))
        let slug = try uniqueSlug(form["slug"] ?? Self.slug(from: name), except: nil)
        let organization = OrganizationRecord(id: IDs.make("org"), name: name, slug: slug, createdAt: call.now)
        organizations[organization.id] = organization
        memberships.append(
            MembershipRecord(
                id: IDs.make("orgmem"), organizationId: organization.id, userId: user.id, role: "org:admin",
                createdAt: call.now))
        return .enveloped(organizationJSON(organization))
    }

    private static func validName(_ name: String) throws(FAPIError) -> String {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        guard (1...256).contains(trimmed.count) else { throw FAPIError.paramInvalid("name") }
        return trimmed
    }

    private func uniqueSlug(_ slug: String, except id: String?) throws(FAPIError) -> String {
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789-_")
        guard !slug.isEmpty, slug.allSatisfy({ allowed.contains($0) }) else {
            throw FAPIError.paramInvalid("slug", "slug may contain only lowercase letters, digits, - and _.")
        }
        guard !organizations.values.contains(where: { $0.slug == slug && $0.id != id }) else {
            throw FAPIError(
                status: 422, code: "form_identifier_exists", message: "This slug is taken.", paramName: "slug")
        }
        return slug
    }

    private static func slug(from name: String) -> String {
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789")
        let words = name.lowercased().split { !allowed.contains($0) }
        return words.isEmpty ? IDs.random(8).lowercased() : words.joined(separator: "-")
    }

    private func roleJSON(_ key: String, now: Millis) -> JSON {
        let permissions: [JSON] = Self.permissions(of: key).map { permission in
            [
                "object": "permission", "id": .string("perm_" + permission.replacingOccurrences(of: ":", with: "_")),
                "name": .string(permission), "key": .string(permission), "description": "", "type": "system",
                "created_at": .int(now), "updated_at": .int(now),
            ]
        }
        return [
            "object": "role", "id": .string("role_" + key.dropFirst(4)), "key": .string(key),
            "name": .string(key == "org:admin" ? "Admin" : "Member"), "description": "",
            "is_creator_eligible": .bool(key == "org:admin"), "permissions": .array(permissions),
            "created_at": .int(now), "updated_at": .int(now),
        ]
    }

    /// `{data, total_count}` for the page `offset`/`limit` of the request's query ask for (default 0 and 10).
    func page(_ items: [JSON], _ call: Call) throws(FAPIError) -> JSON {
        let offset = try Self.integer("offset", call, default: 0, range: 0...Int.max)
        let limit = try Self.integer("limit", call, default: 10, range: 1...500)
        let slice = items.dropFirst(offset).prefix(limit)
        return ["data": .array(Array(slice)), "total_count": .int(Int64(items.count))]
    }

    private static func integer(_ name: String, _ call: Call, default value: Int, range: ClosedRange<Int>)
        throws(FAPIError) -> Int
    {
        guard let text = call.request.query[name] else { return value }
        guard let number = Int(text), range.contains(number) else { throw FAPIError.paramInvalid(name) }
        return number
    }
}

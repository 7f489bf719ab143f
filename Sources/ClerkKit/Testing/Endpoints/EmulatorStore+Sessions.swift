/// Sessions: touch (set active, with an organization), remove, end, sign out all, tokens and revoke.
@available(OS2023, *)
extension EmulatorStore {
    mutating func sessionAction(
        _ id: String, _ action: String, template: String?, _ call: inout Call
    ) throws(FAPIError) -> Reply {
        let form = call.request.form
        switch action {
        case "touch":
            try form.requireKnown(["active_organization_id", "intent"])
            if let intent = form["intent"], !["focus", "select_session", "select_org"].contains(intent) {
                throw FAPIError.paramInvalid("intent")
            }
            var session = try activeClientSession(id, &call)
            if let organization = form["active_organization_id"] {
                session.activeOrganizationId = try organizationId(
                    organization, userId: session.userId, param: "active_organization_id")
            }
            session.lastActiveAt = call.now
            session.updatedAt = call.now
            sessions[id] = session
            clients[session.clientId]?.lastActiveSessionId = id
            clients[session.clientId]?.updatedAt = call.now
            mintLastActiveToken(sessionId: id, now: call.now, azp: call.request.origin)
            return .enveloped(sessionJSON(sessions[id] ?? session))
        case "remove", "end":
            try form.requireKnown([])
            _ = try clientSession(id, &call)
            endSession(id, status: action == "remove" ? .removed : .ended, now: call.now)
            return .enveloped(sessions[id].map(sessionJSON) ?? .null)
        case "tokens":
            try form.requireKnown(template == nil ? ["organization_id", "token", "force_origin"] : [])
            _ = try form.bool("force_origin")
            var session = try activeClientSession(id, &call)
            if let organization = form["organization_id"] {
                session.activeOrganizationId = try organizationId(
                    organization, userId: session.userId, param: "organization_id")
            }
            if let template, !configuration.jwtTemplates.contains(template) { throw FAPIError.resourceNotFound }
            session.lastActiveAt = call.now
            sessions[id] = session
            let claims = sessionClaims(session, now: call.now, azp: call.request.origin, template: template)
            let token = signer.token(claims: claims, originIssuedAt: call.now / 1000, issuedAt: call.now / 1000)
            if template == nil { sessions[id]?.lastActiveToken = token }
            return .bare(["object": "token", "jwt": .token(token)])
        default:
            throw FAPIError.resourceNotFound
        }
    }

    mutating func signOutAll(_ call: inout Call) throws(FAPIError) -> Reply {
        guard let client = call.clientId.flatMap({ clients[$0] }) else { throw FAPIError.resourceNotFound }
        for sessionId in client.sessionIds where sessions[sessionId]?.status == .active {
            endSession(sessionId, status: .removed, now: call.now)
        }
        clients[client.id]?.lastActiveSessionId = nil
        clients[client.id]?.signInId = nil
        clients[client.id]?.signUpId = nil
        return .clientAsResponse
    }

    mutating func revokeSession(_ id: String, _ call: inout Call) throws(FAPIError) -> Reply {
        let current = try currentSession(&call)
        guard let target = sessions[id], target.userId == current.userId else { throw FAPIError.resourceNotFound }
        if target.status == .active { endSession(id, status: .revoked, now: call.now) }
        return .enveloped(sessions[id].map(sessionJSON) ?? .null)
    }

    /// An active session of the request's client (`authentication_invalid` when it ended or expired).
    private func activeClientSession(_ id: String, _ call: inout Call) throws(FAPIError) -> SessionRecord {
        let session = try clientSession(id, &call)
        guard session.status == .active else { throw FAPIError.authenticationInvalid }
        return session
    }

    /// Resolves an organization id or slug the user belongs to; the empty string is the personal account.
    private func organizationId(_ value: String, userId: String, param: String) throws(FAPIError) -> String? {
        guard !value.isEmpty else { return nil }
        guard let organization = organizations.values.first(where: { $0.id == value || $0.slug == value }),
            memberships.contains(where: { $0.organizationId == organization.id && $0.userId == userId })
        else { throw FAPIError.organizationNotFound(param) }
        return organization.id
    }
}

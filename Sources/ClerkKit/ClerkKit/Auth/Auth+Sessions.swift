@available(OS2023, *)
extension Auth {
    /// Signs out one session (`POST /v1/client/sessions/{id}/remove`), or every session on this client when
    /// `sessionId` is `nil` (`DELETE /v1/client/sessions`).
    public func signOut(sessionId: String? = nil) async throws(ClerkError) {
        clerk.recordMethodInvoked("signOut")
        let tokens = clerk.core.tokens
        if let sessionId {
            await tokens.cache.removeTokens(sessionId: sessionId)
            _ = try await perform(
                FAPIRequest("POST", "/v1/client/sessions/\(FAPIRequest.segment(sessionId))/remove"), as: Session.self)
        } else {
            let previous = clerk.session
            await tokens.cache.clear()
            try await clerk.core.fapi.send(FAPIRequest("DELETE", "/v1/client/sessions"))
            clerk.core.fapi.events.send(.signedOut(previous))
        }
    }

    /// Makes `sessionId` the current session, with `organizationId` active (`nil` = the personal account).
    @discardableResult
    public func setActive(sessionId: String, organizationId: String? = nil) async throws(ClerkError) -> Session {
        clerk.recordMethodInvoked("setActive")
        await clerk.core.tokens.cache.removeTokens(sessionId: sessionId)
        let request = try FAPIRequest(
            "POST", "/v1/client/sessions/\(FAPIRequest.segment(sessionId))/touch",
            parameters: AuthParameters.Touch(activeOrganizationId: organizationId ?? "", intent: "select_org"),
            idempotent: true)
        return try await perform(request, as: Session.self)
    }

    /// The user's signed-in sessions on every device (`GET /v1/me/sessions/active`).
    public func activeSessions() async throws(ClerkError) -> [Session] {
        guard clerk.session != nil else { throw ClerkError(.notSignedIn, "There is no signed-in session.") }
        return try await perform(FAPIRequest("GET", "/v1/me/sessions/active"), as: [Session].self, wrapped: false)
    }

    /// Revokes one of the user's sessions, on any device (`POST /v1/me/sessions/{id}/revoke`).
    @discardableResult
    public func revokeSession(_ sessionId: String) async throws(ClerkError) -> Session {
        guard clerk.session != nil else { throw ClerkError(.notSignedIn, "There is no signed-in session.") }
        await clerk.core.tokens.cache.removeTokens(sessionId: sessionId)
        return try await perform(
            FAPIRequest("POST", "/v1/me/sessions/\(FAPIRequest.segment(sessionId))/revoke"), as: Session.self)
    }

    /// A session token (JWT) for the current session and organization, or `nil` when signed out.
    ///
    /// Served from the cache while it expires later than `options.expirationBuffer`; concurrent callers share
    /// one request.
    public func getToken(_ options: GetTokenOptions = GetTokenOptions()) async throws(ClerkError) -> String? {
        guard let session = clerk.session, session.status == .active || session.status == .pending else {
            return nil
        }
        let sessionMinter = clerk.environment?.authConfig?.sessionMinter ?? false
        return try await clerk.core.tokens.token(
            for: session, organizationId: session.lastActiveOrganizationId, options: options,
            sessionMinter: sessionMinter)
    }
}

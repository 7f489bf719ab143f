/// Routing, the `{response, client}` envelope and Clerk error bodies.
@available(OS2023, *)
extension EmulatorStore {
    /// What a handler returns: the `response` value, and whether to piggyback the client.
    enum Reply {
        /// `{"response": value, "client": <client or null>}`.
        case enveloped(JSON)
        /// `{"response": <client or null>, "client": null}` (`GET /v1/client`, sign-out all).
        case clientAsResponse
        /// The body as is (environment, tokens, JWKS, active sessions).
        case bare(JSON)
        /// No body: `303` to the URL, or `200` without one.
        case redirect(String?)
    }

    /// The context a handler runs in: the request, the time, and the client the request is for (created on the
    /// way by the calls that may start one).
    struct Call {
        var request: EmulatorRequest
        var now: Millis
        var clientId: String?
        var createdClient = false
    }

    /// Serves one request.
    mutating func handle(_ request: EmulatorRequest, now: Millis) -> EmulatorResponse {
        expireSessions(now: now)
        var call = Call(request: request, now: now, clientId: client(for: request)?.id)
        if let page = providerRoute(request.method, PathMatcher(request.path), &call) { return page }
        if let page = hostedPageRoute(request.method, PathMatcher(request.path), &call) { return page }
        let reply: Result<Reply, FAPIError>
        do throws(FAPIError) {
            reply = .success(try route(&call))
        } catch {
            reply = .failure(error)
        }
        var headers: [(String, String)] = []
        let client = call.clientId.flatMap { clients[$0] }
        if let client {
            refreshTokens(of: client, now: now)
            if request.isNative || request.authorization != nil {
                headers.append(("Authorization", client.token))
            } else {
                headers.append(("Set-Cookie", "__client=\(client.token); Path=/; HttpOnly; SameSite=Lax"))
            }
        }
        let piggyback: JSON = call.clientId.flatMap { clients[$0] }.map { self.clientJSON($0, now: now) } ?? .null
        switch reply {
        case .success(.enveloped(let value)):
            return EmulatorResponse(status: 200, body: ["response": value, "client": piggyback], headers: headers)
        case .success(.clientAsResponse):
            return EmulatorResponse(status: 200, body: ["response": piggyback, "client": nil], headers: headers)
        case .success(.bare(let value)):
            return EmulatorResponse(status: 200, body: value, headers: headers)
        case .success(.redirect(let location)):
            guard let location else { return EmulatorResponse(status: 200, body: nil) }
            return EmulatorResponse(status: 303, body: nil, headers: [("Location", location)])
        case .failure(let error):
            return EmulatorResponse(
                status: error.status, body: Self.errorBody(error, client: piggyback), headers: headers)
        }
    }

    /// `{"errors": [...], "clerk_trace_id": "...", "meta": {"client": ...}}`.
    static func errorBody(_ error: FAPIError, client: JSON = .null) -> JSON {
        var meta: [(String, JSON)] = []
        if client != .null { meta.append(("client", client)) }
        return ["errors": [error.json], "clerk_trace_id": .string(IDs.random(32).lowercased()), "meta": .object(meta)]
    }

    private mutating func route(_ call: inout Call) throws(FAPIError) -> Reply {
        var method = call.request.method
        if method == "POST", let override = call.request.query["_method"] ?? call.request.form["_method"] {
            method = override.uppercased()
            call.request.form = FormBody(pairs: call.request.form.pairs.filter { $0.0 != "_method" })
        }
        let path = PathMatcher(call.request.path)
        let form = call.request.form
        if method == "GET", path.match(".well-known/jwks.json") != nil || path.match("v1/jwks") != nil {
            try form.requireKnown([])
            guard let keys = try? signer.jwks() else { throw FAPIError.resourceNotFound }
            return .bare(keys)
        }
        if method == "GET", path.match("v1/verify") != nil {
            try form.requireKnown([])
            return try verifyEmailLink(&call)
        }
        if method == "GET" || method == "POST", path.match("v1/oauth_callback") != nil {
            return try oauthCallback(&call)
        }
        if method == "GET", path.match("v1/environment") != nil {
            try form.requireKnown([])
            return .bare(environmentJSON())
        }
        if method == "PATCH", path.match("v1/environment") != nil {
            // "Update environment using request origin": the emulator has no origins to update, so it answers
            // with the environment, as the description's 200 does.
            return .bare(environmentJSON())
        }
        if method == "GET", path.match("v1/client") != nil, form["rotating_token_nonce"] != nil {
            return try redeemHostedAuth(&call)
        }
        if method == "GET", path.match("v1/client") != nil {
            try form.requireKnown([])
            return .clientAsResponse
        }
        if method == "POST", path.match("v1/client/hosted_auth") != nil { return try createHostedAuth(&call) }
        if method == "PUT" || method == "POST", path.match("v1/client") != nil {
            // Creates a client (with a device token) when the request has none; keeps the current one otherwise.
            // Form parameters are ignored: the description answers 200 or 307 and has no 422 here.
            _ = establishClient(&call)
            return .clientAsResponse
        }
        if method == "DELETE", path.match("v1/client") != nil || path.match("v1/client/sessions") != nil {
            try form.requireKnown([])
            return try signOutAll(&call)
        }
        if method == "POST", path.match("v1/client/magic_links/complete") != nil { return try completeMagicLink(&call) }
        if method == "POST", path.match("v1/client/sign_ins") != nil { return try createSignIn(&call) }
        if method == "GET", let id = path.match("v1/client/sign_ins/*")?.first { return try getSignIn(id, &call) }
        if method == "POST", let captures = path.match("v1/client/sign_ins/*/*") {
            return try signInAction(captures[0], captures[1], &call)
        }
        if method == "POST", path.match("v1/client/sign_ups") != nil { return try createSignUp(&call) }
        if method == "GET", let id = path.match("v1/client/sign_ups/*")?.first { return try getSignUp(id, &call) }
        if method == "PATCH", let id = path.match("v1/client/sign_ups/*")?.first {
            return try updateSignUp(id, &call)
        }
        if method == "POST", let captures = path.match("v1/client/sign_ups/*/*") {
            return try signUpAction(captures[0], captures[1], &call)
        }
        if let reply = try reverificationRoute(method, path, &call) { return reply }
        if method == "GET", let id = path.match("v1/client/sessions/*")?.first {
            try form.requireKnown([])
            return .enveloped(sessionJSON(try clientSession(id, &call)))
        }
        if method == "POST", let captures = path.match("v1/client/sessions/*/*") {
            return try sessionAction(captures[0], captures[1], template: nil, &call)
        }
        if method == "POST", let captures = path.match("v1/client/sessions/*/tokens/*") {
            return try sessionAction(captures[0], "tokens", template: captures[1], &call)
        }
        if let reply = try profileRoute(method, path, &call) { return reply }
        if let reply = try identifierRoute(method, path, &call) { return reply }
        if let reply = try secondFactorRoute(method, path, &call) { return reply }
        if let reply = try passkeyRegistrationRoute(method, path, &call) { return reply }
        if let reply = try trustedDeviceRoute(method, path, &call) { return reply }
        if let reply = try connectionRoute(method, path, &call) { return reply }
        if let reply = try organizationRoute(method, path, &call) { return reply }
        if let reply = try membershipRoute(method, path, &call) { return reply }
        if let reply = try invitationRoute(method, path, &call) { return reply }
        if let reply = try domainRoute(method, path, &call) { return reply }
        if let reply = try joinRoute(method, path, &call) { return reply }
        if method == "GET", path.match("v1/me/sessions/active") != nil {
            try form.requireKnown([])
            let session = try currentSession(&call)
            let active = sessions.values.filter { $0.userId == session.userId && $0.status == .active }
                .sorted { $0.createdAt < $1.createdAt }
            return .bare(.array(active.map(activeSessionJSON)))
        }
        if method == "POST", let id = path.match("v1/me/sessions/*/revoke")?.first {
            try form.requireKnown([])
            return try revokeSession(id, &call)
        }
        throw path.isKnown ? FAPIError.methodNotAllowed : FAPIError.resourceNotFound
    }

    // MARK: Client and session resolution

    /// The request's client, failing with `authentication_invalid` when it has none.
    func requireClient(_ call: Call) throws(FAPIError) -> ClientRecord {
        guard let client = call.clientId.flatMap({ clients[$0] }) else { throw FAPIError.authenticationInvalid }
        return client
    }

    /// The request's client, creating one (with a new device token) when it has none.
    mutating func establishClient(_ call: inout Call) -> ClientRecord {
        if let client = call.clientId.flatMap({ clients[$0] }) { return client }
        let client = createClient(now: call.now)
        call.clientId = client.id
        call.createdClient = true
        return client
    }

    /// The session `/v1/me` calls act for: `_clerk_session_id`, else the client's last active session.
    func currentSession(_ call: inout Call) throws(FAPIError) -> SessionRecord {
        let client = try requireClient(call)
        let requested = call.request.query["_clerk_session_id"].flatMap { $0.isEmpty ? nil : $0 }
        guard let id = requested ?? client.lastActiveSessionId, client.sessionIds.contains(id),
            let session = sessions[id], session.status == .active
        else { throw FAPIError.signedOut }
        return session
    }

    /// A session of the request's client.
    func clientSession(_ id: String, _ call: inout Call) throws(FAPIError) -> SessionRecord {
        let client = try requireClient(call)
        guard client.sessionIds.contains(id), let session = sessions[id] else { throw FAPIError.resourceNotFound }
        return session
    }
}

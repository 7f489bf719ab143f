import Foundation

/// Gets session tokens as clerk-ios 1.4.1 does: cached per session, organization and template, seeded from the
/// session's `last_active_token`, refreshed within a buffer of expiry, one request per key for concurrent
/// callers, monotonic and fenced.
@available(OS2023, *)
final class SessionTokenService: Sendable {
    private struct FlightKey: Hashable, Sendable {
        var key: TokenCacheKey
        var generation: UInt64
    }

    let cache = SessionTokenCache()
    private let fapi: FAPIClient
    private let clock: any ClerkClock
    private let flights = SingleFlight<FlightKey, String?>()

    init(fapi: FAPIClient, clock: any ClerkClock) {
        self.fapi = fapi
        self.clock = clock
    }

    /// A token for `session` in `organizationId`, from the cache when it is fresh enough.
    func token(
        for session: Session, organizationId: String?, options: GetTokenOptions, sessionMinter: Bool
    ) async throws(ClerkError) -> String? {
        let key = TokenCacheKey(sessionId: session.id, organizationId: organizationId, template: options.template)
        // One visit to the cache: seed it from the session and answer from it when the token is fresh.
        let (generation, fresh) = await cache.lookup(
            key, seed: options.template == nil ? session.lastActiveToken?.jwt : nil, now: clock.now,
            buffer: options.skipCache ? nil : options.expirationBuffer)
        if let fresh { return fresh }
        let previous = await cache.token(for: key)
        let fetch = { @Sendable () async throws(ClerkError) -> String? in
            try await self.fetch(
                key: key, generation: generation, previous: previous, options: options, sessionMinter: sessionMinter)
        }
        if options.skipCache { return try await fetch() }
        // A caller that checked the cache just before another caller's request finished finds the new token
        // here instead of sending a second request.
        return try await flights.run(FlightKey(key: key, generation: generation)) { () async throws(ClerkError) in
            if let fresh = await self.freshCachedToken(key, options: options) { return fresh }
            return try await fetch()
        }
    }

    /// The cached token for `key` if it expires later than the buffer.
    private func freshCachedToken(_ key: TokenCacheKey, options: GetTokenOptions) async -> String? {
        await cache.freshToken(for: key, now: clock.now, buffer: options.expirationBuffer)
    }

    private func fetch(
        key: TokenCacheKey, generation: UInt64, previous: String?, options: GetTokenOptions, sessionMinter: Bool
    ) async throws(ClerkError) -> String? {
        let sessionId = key.sessionId
        let request: FAPIRequest
        if let template = options.template {
            request = FAPIRequest(
                "POST", "/v1/client/sessions/\(FAPIRequest.segment(sessionId))/tokens/\(FAPIRequest.segment(template))",
                idempotent: true)
        } else {
            var form = [("organization_id", key.organizationId ?? "")]
            if sessionMinter, let previous { form.append(("token", previous)) }
            if sessionMinter, options.skipCache { form.append(("force_origin", "true")) }
            request = FAPIRequest(
                "POST", "/v1/client/sessions/\(FAPIRequest.segment(sessionId))/tokens", form: form, idempotent: true)
        }
        let token = try await fapi.send(request, as: Token.self, wrapped: false)
        guard let jwt = token.jwt, !jwt.isEmpty else { return nil }
        let stored = await cache.store(jwt, for: key, generation: generation, now: clock.now)
        if stored.changed, options.template == nil, let canonical = stored.token {
            fapi.events.send(.tokenRefreshed(token: canonical))
        }
        return stored.token ?? jwt
    }
}

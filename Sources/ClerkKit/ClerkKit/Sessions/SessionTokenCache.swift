import Foundation

/// Session tokens by session, organization and template. Monotonic (``TokenFreshness``) and fenced: each session
/// has a generation, bumped when it is signed out or switched away from, so a late response for an older
/// generation is dropped.
@available(OS2023, *)
actor SessionTokenCache {
    private var tokens: [TokenCacheKey: String] = [:]
    /// The expiry of each cached token, read once when it is stored (nil for an unreadable token).
    private var expiries: [TokenCacheKey: Date] = [:]
    private var generations: [String: UInt64] = [:]
    private var epoch: UInt64 = 0

    /// The generation of `sessionId`'s entries: a token fetched now is stored only if it is still current.
    func generation(of sessionId: String) -> UInt64 {
        (epoch << 32) &+ (generations[sessionId] ?? 0)
    }

    /// The cached token for `key`.
    func token(for key: TokenCacheKey) -> String? {
        tokens[key]
    }

    /// The cached token for `key` if it expires later than `buffer` from `now`, else nil.
    func freshToken(for key: TokenCacheKey, now: Date, buffer: TimeInterval) -> String? {
        guard let cached = tokens[key], let expiry = expiries[key], expiry.timeIntervalSince(now) > buffer else {
            return nil
        }
        return cached
    }

    /// One visit for a `getToken()`: the key's generation, after storing `seed` (a session's `last_active_token`)
    /// when it is another token of the same session and organization, and the fresh cached token when `buffer`
    /// is given. A seed equal to the cached token is not read again.
    func lookup(_ key: TokenCacheKey, seed: String?, now: Date, buffer: TimeInterval?) -> (
        generation: UInt64, fresh: String?
    ) {
        let generation = generation(of: key.sessionId)
        if let seed, seed != tokens[key], let jwt = try? SessionJWT(seed), jwt.sessionId == key.sessionId,
            jwt.organizationId == key.organizationId
        {
            _ = store(seed, for: key, generation: generation, now: now)
        }
        return (generation, buffer.flatMap { freshToken(for: key, now: now, buffer: $0) })
    }

    /// Stores `jwt` if `generation` is still current and it is fresher than the cached token. Returns the token
    /// now cached, and whether it changed.
    func store(_ jwt: String, for key: TokenCacheKey, generation: UInt64, now: Date) -> (token: String?, changed: Bool)
    {
        guard generation == self.generation(of: key.sessionId) else { return (tokens[key], false) }
        let current = tokens[key]
        guard TokenFreshness.pick(current: current, incoming: jwt, now: now) == .takeIncoming else {
            return (current, false)
        }
        tokens[key] = jwt
        expiries[key] = (try? SessionJWT(jwt))?.expiresAt
        return (jwt, current != jwt)
    }

    /// Forgets `sessionId`'s tokens and fences its in-flight requests.
    func removeTokens(sessionId: String) {
        tokens = tokens.filter { $0.key.sessionId != sessionId }
        expiries = expiries.filter { $0.key.sessionId != sessionId }
        generations[sessionId, default: 0] &+= 1
    }

    /// Forgets every token and fences every in-flight request.
    func clear() {
        tokens.removeAll()
        expiries.removeAll()
        generations.removeAll()
        epoch &+= 1
    }
}

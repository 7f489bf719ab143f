import Foundation

/// Session tokens by session, organization and template. Monotonic (``TokenFreshness``) and fenced: each session
/// has a generation, bumped when it is signed out or switched away from, so a late response for an older
/// generation is dropped.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
actor SessionTokenCache {
    private var tokens: [TokenCacheKey: String] = [:]
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
        return (jwt, current != jwt)
    }

    /// Forgets `sessionId`'s tokens and fences its in-flight requests.
    func removeTokens(sessionId: String) {
        tokens = tokens.filter { $0.key.sessionId != sessionId }
        generations[sessionId, default: 0] &+= 1
    }

    /// Forgets every token and fences every in-flight request.
    func clear() {
        tokens.removeAll()
        generations.removeAll()
        epoch &+= 1
    }
}

/// Matches a request path against patterns like `v1/client/sign_ins/*/*`, capturing the `*` segments.
@available(OS2023, *)
struct PathMatcher: Sendable {
    let segments: [Substring]

    init(_ path: String) {
        segments = path.split(separator: "/")
    }

    private init(segments: [Substring]) {
        self.segments = segments
    }

    /// This path with each `from` segment read as `to` (one route under two names).
    func reading(_ from: Substring, as to: Substring) -> PathMatcher {
        PathMatcher(segments: segments.map { $0 == from ? to : $0 })
    }

    /// The captured segments when the path has the pattern's shape, else nil.
    func match(_ pattern: String) -> [String]? {
        let parts = pattern.split(separator: "/")
        guard parts.count == segments.count else { return nil }
        var captures: [String] = []
        for (part, segment) in zip(parts, segments) {
            if part == "*" {
                guard !segment.isEmpty else { return nil }
                captures.append(String(segment))
            } else if part != segment {
                return nil
            }
        }
        return captures
    }

    /// The paths the emulator serves, whatever the method (a wrong method is `405`, anything else `404`).
    static let patterns = [
        ".well-known/jwks.json", "v1/jwks", "v1/environment", "v1/verify", "v1/client", "v1/client/sign_ins",
        "v1/client/sign_ins/*",
        "v1/client/sign_ins/*/*", "v1/client/sign_ups", "v1/client/sign_ups/*", "v1/client/sign_ups/*/*",
        "v1/client/sessions", "v1/client/sessions/*", "v1/client/sessions/*/*", "v1/client/sessions/*/tokens/*",
        "v1/me", "v1/me/sessions/active", "v1/me/sessions/*/revoke", "v1/me/metadata", "v1/me/change_password",
        "v1/me/remove_password", "v1/me/profile_image", "v1/me/email_addresses", "v1/me/email_addresses/*",
        "v1/me/email_addresses/*/*", "v1/me/phone_numbers", "v1/me/phone_numbers/*", "v1/me/phone_numbers/*/*",
        "v1/me/totp",
        "v1/me/totp/attempt_verification", "v1/me/backup_codes", "v1/organizations", "v1/organizations/*",
        "v1/organizations/*/logo", "v1/organizations/*/roles", "v1/organizations/*/memberships",
        "v1/organizations/*/memberships/*", "v1/organizations/*/invitations", "v1/organizations/*/invitations/bulk",
        "v1/organizations/*/invitations/*/revoke", "v1/me/organization_memberships", "v1/me/organization_memberships/*",
        "v1/me/organization_invitations", "v1/me/organization_invitations/*/accept", "v1/me/passkeys/*",
        "v1/me/external_accounts/*", "v1/me/external_accounts/*/reauthorize", "v1/organizations/*/domains",
        "v1/organizations/*/domains/*", "v1/organizations/*/domains/*/*", "v1/organizations/*/membership_requests",
        "v1/organizations/*/membership_requests/*/*", "v1/me/organization_suggestions",
        "v1/me/organization_suggestions/*/accept", "v1/me/organization_creation_defaults",
        "v1/client/sessions/*/verify/*",
    ]

    var isKnown: Bool { Self.patterns.contains { match($0) != nil } }
}

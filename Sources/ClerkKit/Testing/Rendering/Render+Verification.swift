/// Verification objects as the Frontend API sends them; `object` tells the variants apart.
@available(OS2023, *)
extension VerificationState {
    static func objectName(for strategy: String) -> String {
        switch strategy {
        case "password": "verification_password"
        case "totp": "verification_totp"
        case "backup_code": "verification_backup_code"
        case "email_link": "verification_email_link"
        case "ticket": "verification_ticket"
        case "admin": "verification_admin"
        case "enterprise_sso": "verification_saml"
        case "passkey": "verification_passkey"
        case "trusted_device": "verification_trusted_device"
        case _ where strategy.hasPrefix("oauth_"): "verification_oauth"
        case _ where strategy.hasPrefix("from_oauth_"): "verification_from_oauth"
        default: "verification_otp"
        }
    }

    /// `{object, status, strategy, attempts, expire_at}`, with the provider URL and error of OAuth and SSO.
    var json: JSON {
        var pairs: [(String, JSON)] = [
            ("object", .string(Self.objectName(for: strategy))), ("status", .string(status.rawValue)),
            ("strategy", .string(strategy)), ("attempts", .int(Int64(attempts))), ("expire_at", .optional(expireAt)),
        ]
        if strategy == "passkey", let nonce { pairs.append(("nonce", .string(nonce))) }
        if strategy == "trusted_device" {
            pairs.append(("trusted_device_challenge", trustedDeviceChallenge?.json ?? .null))
        }
        if strategy.hasPrefix("oauth_") || strategy == "enterprise_sso" {
            pairs.append(("external_verification_redirect_url", .optional(externalURL)))
            pairs.append(("error", error?.json ?? .null))
        }
        return .object(pairs)
    }

    /// A sign-up verification: the verification plus `next_action` and `supported_strategies`.
    func signUpJSON(supported: [String]) -> JSON {
        guard case .object(var pairs) = json else { return json }
        pairs.append(("next_action", .string(status == .verified ? "" : "needs_attempt")))
        pairs.append(("supported_strategies", .strings(supported)))
        return .object(pairs)
    }

    /// A sign-up verification that was not prepared yet.
    static func unprepared(supported: [String]) -> JSON {
        [
            "status": "unverified", "strategy": .string(supported.first ?? "email_code"), "attempts": nil,
            "expire_at": nil, "next_action": "needs_prepare", "supported_strategies": .strings(supported),
        ]
    }
}

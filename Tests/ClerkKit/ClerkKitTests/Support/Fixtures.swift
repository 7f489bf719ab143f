import ClerkKit
import Foundation

/// Frontend API bodies shaped like the real service's (every required key of the 2026-05-12 schemas, `null`
/// where the service sends `null`), built as dictionaries so tests can change one field.
@available(OS2023, *)
enum Fixtures {
    static let publishableKey = "pk_test_bW9jay5jbGVyay5hY2NvdW50cy5kZXYk"
    static let now: Int64 = 1_800_000_000_000
    static let null = NSNull()

    static func configuration(
        proxy: String? = nil, options: ClerkOptions = ClerkOptions(telemetryEnabled: false, device: testDevice)
    ) throws -> ClerkConfiguration {
        try ClerkConfiguration(
            publishableKey: publishableKey, proxyURL: proxy.flatMap(URL.init(string:)), options: options)
    }

    static let testDevice = DeviceInfo(
        isMobile: false, deviceType: "unspecified", deviceModel: "x86_64", osVersion: "6.8.0")

    // MARK: Objects

    static func verification(
        status: String = "unverified", strategy: String = "email_code", object: String = "verification_otp"
    ) -> [String: Any] {
        ["object": object, "status": status, "strategy": strategy, "attempts": null, "expire_at": now + 600_000]
    }

    static func emailAddress(id: String = "idn_email", address: String = "ada@example.com") -> [String: Any] {
        [
            "id": id, "object": "email_address", "email_address": address, "reserved": false,
            "verification": verification(status: "verified"), "linked_to": [], "matches_sso_connection": false,
            "created_at": now, "updated_at": now,
        ]
    }

    static func organization(id: String = "org_1") -> [String: Any] {
        [
            "object": "organization", "id": id, "name": "Analytical Engines", "slug": "engines",
            "image_url": "https://img.clerk.com/org", "has_image": false, "members_count": 2,
            "pending_invitations_count": 0, "max_allowed_memberships": 5, "admin_delete_enabled": true,
            "public_metadata": [:], "created_at": now, "updated_at": now, "logo_url": null,
        ]
    }

    static func user(id: String = "user_1", organizations: [String] = []) -> [String: Any] {
        [
            "id": id, "object": "user", "username": null, "first_name": "Ada", "last_name": "Lovelace",
            "image_url": "https://img.clerk.com/u", "has_image": false, "primary_email_address_id": "idn_email",
            "primary_phone_number_id": null, "primary_web3_wallet_id": null, "password_enabled": true,
            "two_factor_enabled": false, "totp_enabled": false, "backup_code_enabled": false,
            "email_addresses": [emailAddress()], "phone_numbers": [], "web3_wallets": [], "passkeys": [],
            "organization_memberships": organizations.map { organizationId in
                [
                    "id": "orgmem_\(organizationId)", "object": "organization_membership", "public_metadata": [:],
                    "role": "org:admin", "role_name": "Admin", "permissions": [], "created_at": now,
                    "updated_at": now, "organization": organization(id: organizationId),
                ] as [String: Any]
            },
            "external_accounts": [], "saml_accounts": [], "enterprise_accounts": [], "password_last_updated_at": null,
            "public_metadata": [:], "private_metadata": [:], "unsafe_metadata": [:], "external_id": null,
            "last_sign_in_at": now, "banned": false, "locked": false, "lockout_expires_in_seconds": null,
            "verification_attempts_remaining": 100, "created_at": now, "updated_at": now,
            "delete_self_enabled": true, "create_organization_enabled": true, "create_organizations_limit": 0,
            "last_active_at": now, "mfa_enabled_at": null, "mfa_disabled_at": null, "legal_accepted_at": null,
        ]
    }

    static func session(
        id: String = "sess_1", status: String = "active", organizationId: String? = nil, token: String? = nil,
        userId: String = "user_1"
    ) -> [String: Any] {
        [
            "id": id, "object": "session", "status": status, "expire_at": now + 604_800_000,
            "abandon_at": now + 2_592_000_000, "last_active_at": now,
            "last_active_token": token.map { ["object": "token", "jwt": $0] as [String: Any] } ?? null,
            "actor": null, "last_active_organization_id": organizationId ?? null,
            "user": user(id: userId, organizations: organizationId.map { [$0] } ?? []),
            "public_user_data": [
                "first_name": "Ada", "last_name": "Lovelace", "image_url": "https://img.clerk.com/u",
                "has_image": false, "identifier": "ada@example.com", "user_id": userId, "username": null,
            ] as [String: Any],
            "factor_verification_age": [0, -1], "created_at": now, "updated_at": now,
        ]
    }

    static func signIn(id: String = "sia_1", status: String = "needs_first_factor", sessionId: String? = nil)
        -> [String: Any]
    {
        [
            "object": "sign_in_attempt", "id": id, "status": status,
            "supported_identifiers": ["email_address", "phone_number"],
            "supported_first_factors": [
                ["strategy": "password"],
                [
                    "strategy": "email_code", "safe_identifier": "a***@example.com", "email_address_id": "idn_email",
                    "primary": true,
                ],
                ["strategy": "reset_password_email_code", "email_address_id": "idn_email"],
                ["strategy": "reset_password_phone_code", "phone_number_id": "idn_phone"],
                ["strategy": "phone_code", "phone_number_id": "idn_phone", "safe_identifier": "+1******0100"],
            ] as [[String: Any]],
            "supported_second_factors": status == "needs_second_factor"
                ? [["strategy": "totp"], ["strategy": "phone_code", "phone_number_id": "idn_phone", "default": true]]
                    as [[String: Any]] : null,
            "first_factor_verification": status == "needs_first_factor" ? null : verification(status: "verified"),
            "second_factor_verification": null, "identifier": "ada@example.com",
            "user_data": ["first_name": "Ada", "last_name": "Lovelace", "image_url": "", "has_image": false]
                as [String: Any],
            "created_session_id": sessionId ?? null, "abandon_at": now + 86_400_000, "client_trust_state": null,
        ]
    }

    static func signUp(id: String = "sua_1", status: String = "missing_requirements", sessionId: String? = nil)
        -> [String: Any]
    {
        [
            "object": "sign_up_attempt", "id": id, "status": status, "required_fields": ["email_address", "password"],
            "optional_fields": ["first_name", "last_name"], "missing_fields": [],
            "unverified_fields": status == "complete" ? [] : ["email_address"],
            "verifications": [
                "email_address": [
                    "object": "verification_otp", "status": "unverified", "strategy": "email_code", "attempts": null,
                    "expire_at": now + 600_000, "next_action": "needs_prepare", "supported_strategies": ["email_code"],
                ] as [String: Any],
                "phone_number": null, "web3_wallet": null, "external_account": null,
            ] as [String: Any],
            "username": null, "email_address": "ada@example.com", "phone_number": null, "web3_wallet": null,
            "password_enabled": true, "first_name": "Ada", "last_name": null, "unsafe_metadata": [:],
            "public_metadata": [:], "custom_action": false, "external_id": null,
            "created_session_id": sessionId ?? null, "created_user_id": sessionId == nil ? null : "user_1",
            "abandon_at": now + 86_400_000, "legal_accepted_at": null,
        ]
    }

    static func client(
        id: String = "client_1", sessions: [[String: Any]] = [], lastActive: String? = nil,
        signIn: [String: Any]? = nil, signUp: [String: Any]? = nil
    ) -> [String: Any] {
        [
            "object": "client", "id": id, "sessions": sessions, "sign_in": signIn ?? null, "sign_up": signUp ?? null,
            "last_active_session_id": lastActive ?? null, "last_authentication_strategy": null,
            "cookie_expires_at": null, "captcha_bypass": false, "created_at": now, "updated_at": now,
        ]
    }

    static func signedInClient(sessionId: String = "sess_1", organizationId: String? = nil, token: String? = nil)
        -> [String: Any]
    {
        client(
            sessions: [session(id: sessionId, organizationId: organizationId, token: token)], lastActive: sessionId)
    }

    static func environment(sessionMinter: Bool? = nil) -> [String: Any] {
        func attribute(_ enabled: Bool, first: [String] = [], second: [String] = [], verifications: [String] = [])
            -> [String: Any]
        {
            [
                "enabled": enabled, "required": enabled, "used_for_first_factor": !first.isEmpty,
                "first_factors": first,
                "used_for_second_factor": !second.isEmpty, "second_factors": second, "verifications": verifications,
                "verify_at_sign_up": !verifications.isEmpty, "immutable": false,
            ]
        }
        var authConfig: [String: Any] = [
            "object": "auth_config", "id": "aac_1", "first_name": "on", "last_name": "on", "email_address": "required",
            "phone_number": "off", "username": "off", "password": "required",
            "identification_requirements": [["email_address"]], "identification_strategies": ["email_address"],
            "first_factors": ["email_code", "password"], "second_factors": ["totp"],
            "email_address_verification_strategies": ["email_code"], "single_session_mode": true,
            "enhanced_email_deliverability": false, "test_mode": true, "url_based_session_syncing": true,
            "claimed_at": null, "reverification": true,
            "native_settings": [
                "object": "native_settings", "api_enabled": true, "trusted_device_sign_in_enabled": false,
                "trusted_device_enrollment_prompt_after_sign_in_enabled": false,
                "trusted_device_enrollment_prompt_after_sign_up_enabled": false,
            ] as [String: Any],
        ]
        if let sessionMinter { authConfig["session_minter"] = sessionMinter }
        let accounts = "https://accounts.courier.dev"
        var displayConfig: [String: Any] = [
            "object": "display_config", "id": "display_config_1", "instance_environment_type": "development",
            "application_name": "Courier", "theme": [:], "preferred_sign_in_strategy": "password",
            "logo_image_url": null, "favicon_image_url": null, "home_url": "https://courier.dev",
            "support_email": null, "branded": true, "experimental_force_oauth_first": false,
            "clerk_js_version": "5", "show_devmode_warning": true, "google_one_tap_client_id": null,
            "help_url": null, "privacy_policy_url": null, "terms_url": null, "logo_url": null, "favicon_url": null,
            "logo_image": null, "favicon_image": null, "captcha_public_key": null, "captcha_widget_type": null,
            "captcha_public_key_invisible": null, "captcha_provider": null, "captcha_oauth_bypass": [],
        ]
        for key in [
            "sign_in_url", "sign_up_url", "user_profile_url", "waitlist_url", "oauth_consent_url", "after_sign_in_url",
            "after_sign_up_url", "after_sign_out_one_url", "after_sign_out_all_url", "after_switch_session_url",
            "after_join_waitlist_url", "organization_profile_url", "create_organization_url",
            "after_leave_organization_url", "after_create_organization_url", "logo_link_url",
        ] {
            displayConfig[key] = "\(accounts)/\(key)"
        }
        let social: [String: Any] = [
            "enabled": true, "required": false, "authenticatable": true, "block_email_subaddresses": false,
            "strategy": "oauth_google", "not_selectable": false, "deprecated": false, "name": "Google",
            "logo_url": null,
        ]
        return [
            "auth_config": authConfig,
            "display_config": displayConfig,
            "user_settings": [
                "attributes": [
                    "email_address": attribute(true, first: ["email_code"], verifications: ["email_code"]),
                    "phone_number": attribute(false), "username": attribute(false), "web3_wallet": attribute(false),
                    "first_name": attribute(true), "last_name": attribute(true),
                    "password": attribute(true, first: ["password"]),
                    "authenticator_app": attribute(true, second: ["totp"]),
                    "ticket": attribute(false), "backup_code": attribute(false), "passkey": attribute(false),
                ],
                "social": ["oauth_google": social],
                "saml": ["enabled": false], "enterprise_sso": ["enabled": false],
                "sign_in": ["second_factor": ["required": false]],
                "sign_up": [
                    "captcha_enabled": false, "captcha_widget_type": "smart", "custom_action_required": false,
                    "progressive": true, "mode": "public", "legal_consent_enabled": false,
                ] as [String: Any],
                "restrictions": [
                    "allowlist": ["enabled": false], "blocklist": ["enabled": false],
                    "allowlist_blocklist_disabled_on_sign_in": ["enabled": false],
                    "block_disposable_email_domains": ["enabled": false],
                    "block_email_subaddresses": ["enabled": false],
                ],
                "password_settings": [
                    "disable_hibp": false, "disable_password_reverification": false, "min_length": 8, "max_length": 72,
                    "require_special_char": false, "require_numbers": false, "require_uppercase": false,
                    "require_lowercase": false, "show_zxcvbn": false, "min_zxcvbn_strength": 0,
                    "enforce_hibp_on_sign_in": false, "allowed_special_characters": "!@#$%^&*",
                ] as [String: Any],
                "username_settings": [
                    "min_length": 4, "max_length": 64, "allow_extended_special_characters": false,
                    "allow_numeric_usernames": true,
                ] as [String: Any],
                "actions": ["delete_self": true, "create_organization": true, "create_organizations_limit": false]
                    as [String: Any],
                "attack_protection": [
                    "user_lockout": ["enabled": true, "max_attempts": 100, "duration_in_minutes": 60] as [String: Any],
                    "pii": ["enabled": true], "email_link": ["require_same_client": false],
                    "enumeration_protection": ["enabled": false],
                ] as [String: Any],
                "passkey_settings": [
                    "allow_autofill": true, "show_sign_in_button": true, "satisfies_second_factor": false,
                ],
            ] as [String: Any],
            "organization_settings": [
                "enabled": true, "max_allowed_memberships": 5, "actions": ["admin_delete": true],
                "domains": ["enabled": false, "enrollment_modes": [], "default_role": "org:member"] as [String: Any],
                "slug": ["disabled": false], "creator_role": "org:admin",
            ] as [String: Any],
            "maintenance_mode": false, "client_debug_mode": false,
        ]
    }

    // MARK: Responses

    static func data(_ object: Any) -> Data {
        (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
    }

    /// `{"response": resource, "client": client}`.
    static func wrapped(
        _ resource: Any, client: [String: Any]? = nil, status: Int = 200, headers: ClerkHTTPHeaders = [:]
    ) -> ClerkHTTPResponse {
        let body: [String: Any] = ["response": resource, "client": client ?? null]
        return json(body, status: status, headers: headers)
    }

    static func json(_ object: Any, status: Int = 200, headers: ClerkHTTPHeaders = [:]) -> ClerkHTTPResponse {
        var headers = headers
        if headers["Content-Type"] == nil { headers["Content-Type"] = "application/json" }
        return ClerkHTTPResponse(status: status, headers: headers, body: data(object))
    }

    static func errorResponse(
        status: Int = 422, code: String = "form_password_incorrect", client: [String: Any]? = nil,
        headers: ClerkHTTPHeaders = [:]
    ) -> ClerkHTTPResponse {
        var body: [String: Any] = [
            "errors": [
                [
                    "code": code, "message": "Password is incorrect.",
                    "long_message": "Password is incorrect. Try again, or use another method.",
                    "meta": ["param_name": "password"],
                ] as [String: Any]
            ],
            "clerk_trace_id": "trace_123",
        ]
        if let client { body["meta"] = ["client": client] }
        return json(body, status: status, headers: headers)
    }

    static func tokenResponse(_ jwt: String?) -> ClerkHTTPResponse {
        json(["object": "token", "jwt": jwt.map { $0 as Any } ?? null])
    }

    // MARK: JWTs

    /// An unsigned-looking JWT with the given claims (signature bytes are arbitrary: the client never checks).
    static func jwt(
        sid: String = "sess_1", exp: Int, iat: Int? = nil, oiat: Int? = nil, org: String? = nil, version2: Bool = false
    ) -> String {
        var header: [String: Any] = ["alg": "RS256", "typ": "JWT", "kid": "ins_1"]
        if let oiat { header["oiat"] = oiat }
        var claims: [String: Any] = ["sid": sid, "sub": "user_1", "exp": exp, "iat": iat ?? (exp - 60)]
        if let org {
            if version2 { claims["o"] = ["id": org, "rol": "admin"] } else { claims["org_id"] = org }
        }
        return "\(base64URL(data(header))).\(base64URL(data(claims))).c2lnbmF0dXJl"
    }

    static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    static let nowSeconds = Int(now / 1000)
}

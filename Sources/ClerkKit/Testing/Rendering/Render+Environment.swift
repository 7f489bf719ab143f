/// `GET /v1/environment`: the instance settings derived from the emulator's configuration.
@available(OS2023, *)
extension EmulatorStore {
    func environmentJSON() -> JSON {
        guard let environmentOverlay else { return derivedEnvironmentJSON() }
        return derivedEnvironmentJSON().merging(environmentOverlay)
    }

    /// The environment of the configuration alone.
    private func derivedEnvironmentJSON() -> JSON {
        [
            "auth_config": authConfigJSON(), "display_config": displayConfigJSON(),
            "user_settings": userSettingsJSON(),
            "organization_settings": [
                "enabled": .bool(configuration.organizations.enabled),
                "max_allowed_memberships": .int(Int64(configuration.organizations.maximumMemberships)),
                "actions": ["admin_delete": true],
                "domains": ["enabled": false, "enrollment_modes": [], "default_role": "org:member"],
                "slug": ["disabled": false], "creator_role": "org:admin",
            ],
            "fraud_settings": ["object": "fraud_settings", "native": ["device_attestation_mode": "disabled"]],
            "commerce_settings": [
                "billing": [
                    "stripe_publishable_key": nil, "free_trial_requires_payment_method": false,
                    "user": ["enabled": false, "has_paid_plans": false],
                    "organization": ["enabled": false, "has_paid_plans": false],
                ]
            ],
            "api_keys_settings": ["enabled": false, "user_api_keys_enabled": false, "orgs_api_keys_enabled": false],
            "protect_config": ["loaders": []], "client_debug_mode": false, "maintenance_mode": false,
        ]
    }

    private var firstFactorStrategies: [String] {
        ClerkEmulator.FirstFactor.allCases.filter { configuration.firstFactors.contains($0) }.map(\.rawValue)
    }

    private var secondFactorStrategies: [String] {
        ClerkEmulator.SecondFactor.allCases.filter { configuration.secondFactors.contains($0) }.map(\.rawValue)
    }

    private func setting(_ field: ClerkEmulator.SignUpField, enabled: Bool) -> JSON {
        .string(configuration.signUp.requiredFields.contains(field) ? "required" : (enabled ? "on" : "off"))
    }

    private func authConfigJSON() -> JSON {
        let identifiers = ClerkEmulator.Identifier.allCases.filter { configuration.identifiers.contains($0) }
        var firstFactors = firstFactorStrategies
        if configuration.firstFactors.contains(.password) {
            firstFactors += ["reset_password_email_code", "reset_password_phone_code"]
        }
        return [
            "object": "auth_config", "id": .string("aac_" + instanceId.dropFirst(4)),
            "first_name": setting(.firstName, enabled: true), "last_name": setting(.lastName, enabled: true),
            "email_address": setting(.emailAddress, enabled: configuration.identifiers.contains(.emailAddress)),
            "phone_number": setting(.phoneNumber, enabled: configuration.identifiers.contains(.phoneNumber)),
            "username": setting(.username, enabled: configuration.identifiers.contains(.username)),
            "password": setting(.password, enabled: configuration.firstFactors.contains(.password)),
            "identification_requirements": .array(identifiers.map { .strings([$0.rawValue]) }),
            "identification_strategies": .strings(identifiers.map(\.rawValue)),
            "first_factors": .strings(firstFactors), "second_factors": .strings(secondFactorStrategies),
            "email_address_verification_strategies": .strings(
                configuration.signUp.verifyEmailAddress ? ["email_code"] : []),
            "single_session_mode": .bool(configuration.singleSessionMode), "enhanced_email_deliverability": false,
            "test_mode": true, "cookieless_dev": false, "url_based_session_syncing": true, "claimed_at": nil,
            "reverification": false,
            "native_settings": nativeSettingsJSON(),
        ]
    }

    /// `auth_config.native_settings`: the same keys whichever name trusted-device routes answer under.
    private func nativeSettingsJSON() -> JSON {
        [
            "object": "native_settings", "api_enabled": true,
            "trusted_device_sign_in_enabled": .bool(configuration.trustedDevices),
            "trusted_device_enrollment_prompt_after_sign_in_enabled": false,
            "trusted_device_enrollment_prompt_after_sign_up_enabled": false,
        ]
    }

    private func displayConfigJSON() -> JSON {
        let home = issuer
        return [
            "object": "display_config", "id": .string("display_config_" + instanceId.dropFirst(4)),
            "instance_environment_type": "development", "application_name": .string(configuration.applicationName),
            "theme": [:], "preferred_sign_in_strategy": "password", "logo_image_url": nil, "favicon_image_url": nil,
            "home_url": .string(home), "sign_in_url": .string(home + "/sign-in"),
            "sign_up_url": .string(home + "/sign-up"), "user_profile_url": .string(home + "/user"),
            "waitlist_url": .string(home + "/waitlist"), "oauth_consent_url": .string(home + "/oauth-consent"),
            "after_sign_in_url": .string(home), "after_sign_up_url": .string(home),
            "after_sign_out_one_url": .string(home), "after_sign_out_all_url": .string(home),
            "after_switch_session_url": .string(home), "after_join_waitlist_url": .string(home),
            "organization_profile_url": .string(home + "/organization"),
            "create_organization_url": .string(home + "/create-organization"),
            "after_leave_organization_url": .string(home), "after_create_organization_url": .string(home),
            "logo_link_url": .string(home), "support_email": nil, "branded": false,
            "experimental_force_oauth_first": false, "clerk_js_version": nil, "show_devmode_warning": true,
            "google_one_tap_client_id": nil, "help_url": nil, "privacy_policy_url": nil, "terms_url": nil,
            "logo_url": nil, "favicon_url": nil, "logo_image": nil, "favicon_image": nil, "captcha_public_key": nil,
            "captcha_widget_type": nil, "captcha_public_key_invisible": nil, "captcha_provider": nil,
            "captcha_oauth_bypass": [],
        ]
    }

    private func attribute(
        enabled: Bool, required: Bool, firstFactors: [String] = [], secondFactors: [String] = [],
        verifications: [String] = []
    ) -> JSON {
        [
            "enabled": .bool(enabled), "required": .bool(required),
            "used_for_first_factor": .bool(!firstFactors.isEmpty), "first_factors": .strings(firstFactors),
            "used_for_second_factor": .bool(!secondFactors.isEmpty), "second_factors": .strings(secondFactors),
            "verifications": .strings(verifications), "verify_at_sign_up": .bool(!verifications.isEmpty),
            "immutable": false,
        ]
    }

    private func userSettingsJSON() -> JSON {
        let identifiers = configuration.identifiers
        let first = configuration.firstFactors
        let second = configuration.secondFactors
        let required = configuration.signUp.requiredFields
        let signUp = configuration.signUp
        let attributes: JSON = [
            "email_address": attribute(
                enabled: identifiers.contains(.emailAddress), required: required.contains(.emailAddress),
                firstFactors: first.contains(.emailCode) ? ["email_code"] : [],
                verifications: signUp.verifyEmailAddress ? ["email_code"] : []),
            "phone_number": attribute(
                enabled: identifiers.contains(.phoneNumber), required: required.contains(.phoneNumber),
                firstFactors: first.contains(.phoneCode) ? ["phone_code"] : [],
                secondFactors: second.contains(.phoneCode) ? ["phone_code"] : [],
                verifications: signUp.verifyPhoneNumber ? ["phone_code"] : []),
            "username": attribute(enabled: identifiers.contains(.username), required: required.contains(.username)),
            "web3_wallet": attribute(enabled: false, required: false),
            "first_name": attribute(enabled: true, required: required.contains(.firstName)),
            "last_name": attribute(enabled: true, required: required.contains(.lastName)),
            "password": attribute(enabled: first.contains(.password), required: required.contains(.password)),
            "authenticator_app": attribute(
                enabled: second.contains(.totp), required: false, secondFactors: second.contains(.totp) ? ["totp"] : []),
            "ticket": attribute(enabled: true, required: false),
            "backup_code": attribute(
                enabled: second.contains(.backupCode), required: false,
                secondFactors: second.contains(.backupCode) ? ["backup_code"] : []),
            "passkey": attribute(
                enabled: configuration.passkeyRelyingPartyID != nil, required: false,
                secondFactors: second.contains(.passkey) && configuration.passkeyRelyingPartyID != nil
                    ? ["passkey"] : []),
        ]
        return [
            "attributes": attributes, "social": socialJSON(), "saml": ["enabled": false],
            "enterprise_sso": ["enabled": .bool(!configuration.enterpriseSSODomains.isEmpty), "self_serve_sso": false],
            "sign_in": ["second_factor": ["required": false]],
            "sign_up": [
                "captcha_enabled": false, "captcha_widget_type": "smart", "custom_action_required": false,
                "progressive": true, "mode": .string(configuration.signUp.mode.rawValue),
                "legal_consent_enabled": .bool(required.contains(.legalAccepted)),
            ],
            "restrictions": [
                "allowlist": ["enabled": false], "blocklist": ["enabled": false],
                "allowlist_blocklist_disabled_on_sign_in": ["enabled": false],
                "block_email_subaddresses": ["enabled": false], "block_disposable_email_domains": ["enabled": false],
            ],
            "password_settings": [
                "disable_hibp": true, "disable_password_reverification": false,
                "min_length": .int(Int64(signUp.minimumPasswordLength)), "max_length": 72,
                "require_special_char": false, "require_numbers": false, "require_uppercase": false,
                "require_lowercase": false, "show_zxcvbn": false, "min_zxcvbn_strength": 0,
                "enforce_hibp_on_sign_in": false, "allowed_special_characters": "!\"#$%&'()*+,-./:;<=>?@[]^_`{|}~",
            ],
            "username_settings": [
                "min_length": 4, "max_length": 64, "allow_extended_special_characters": false,
                "allow_numeric_usernames": true,
            ],
            "actions": ["delete_self": true, "create_organization": true, "create_organizations_limit": nil],
            "attack_protection": [
                "user_lockout": [
                    "enabled": .bool(configuration.lockout != nil),
                    "max_attempts": .int(Int64(configuration.lockout?.maximumAttempts ?? 100)),
                    "duration_in_minutes": .int(
                        configuration.lockout.map { max(1, ($0.duration.clampedMillis + 59_999) / 60_000) } ?? 60),
                ],
                "pii": ["enabled": false], "email_link": ["require_same_client": false],
                "enumeration_protection": ["enabled": false],
            ],
            "passkey_settings": [
                "allow_autofill": .bool(configuration.passkeyRelyingPartyID != nil),
                "show_sign_in_button": .bool(configuration.passkeyRelyingPartyID != nil),
                "satisfies_second_factor": false,
            ],
        ]
    }

    /// `user_settings.social`: one entry per enabled OAuth provider, keyed by its strategy.
    private func socialJSON() -> JSON {
        .object(
            configuration.oauthProviders.sorted().map { provider in
                let strategy = "oauth_" + provider
                let social: JSON = [
                    "enabled": true, "required": false, "authenticatable": true, "block_email_subaddresses": false,
                    "strategy": .string(strategy), "not_selectable": false, "deprecated": false,
                    "name": .string(provider.prefix(1).uppercased() + provider.dropFirst()),
                    "logo_url": .string("https://img.clerk.com/static/\(provider).png"),
                ]
                return (strategy, social)
            })
    }
}

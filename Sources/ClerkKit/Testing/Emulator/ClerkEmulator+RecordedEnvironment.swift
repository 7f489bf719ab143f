public import Foundation

@available(OS2023, *)
extension ClerkEmulator {
    /// Environments (`GET /v1/environment` bodies) in the shapes the real Frontend API serves, for
    /// ``Configuration/environmentOverlay``: screens and flows tested against the emulator's own environment and
    /// against one of these see both the values the emulator picks and the real service's.
    public enum RecordedEnvironment {
        /// A development instance signing in with an email address and a password (or an email code), with an
        /// authenticator app as the second factor, as the real service sends it: `password_settings.max_length: 0`
        /// (no maximum), `min_zxcvbn_strength: 0`, `null`s where nothing is set, empty arrays and objects
        /// (`social: {}`), and keys ClerkKit does not read. ``emailAndPasswordConfiguration`` is the emulator
        /// set up to behave as it says.
        public static let emailAndPassword = Data(emailAndPasswordText.utf8)

        /// A configuration whose flows match ``emailAndPassword``, with it as the overlay.
        public static var emailAndPasswordConfiguration: Configuration {
            var configuration = Configuration(
                identifiers: [.emailAddress], firstFactors: [.password, .emailCode], secondFactors: [.totp],
                signUp: SignUpRequirements(
                    requiredFields: [.emailAddress, .password], verifyEmailAddress: true, verifyPhoneNumber: false))
            configuration.environmentOverlay = emailAndPassword
            return configuration
        }

        static let emailAndPasswordText = """
            {"object":"environment","id":"env_2xRealShapedEnvironment",
            "auth_config":{"object":"auth_config","id":"aac_2xRealShaped","first_name":"off","last_name":"off",
            "email_address":"required","phone_number":"off","username":"off","password":"required",
            "identification_requirements":[["email_address","oauth_google"]],
            "identification_strategies":["email_address"],
            "first_factors":["email_code","password","reset_password_email_code","ticket"],
            "second_factors":["totp"],"email_address_verification_strategies":["email_code"],
            "single_session_mode":true,"enhanced_email_deliverability":false,"test_mode":true,
            "cookieless_dev":false,"url_based_session_syncing":true,"claimed_at":null,"reverification":true,
            "session_minter":false,
            "native_settings":{"object":"native_settings","api_enabled":true,"trusted_device_sign_in_enabled":false,
            "trusted_device_enrollment_prompt_after_sign_in_enabled":false,
            "trusted_device_enrollment_prompt_after_sign_up_enabled":false}},
            "display_config":{"object":"display_config","id":"display_config_2xRealShaped",
            "instance_environment_type":"development","application_name":"Real Shapes",
            "theme":{"buttons":{"font_color":"#ffffff","font_family":"\\"Source Sans Pro\\", sans-serif",
            "font_weight":"600"},"general":{"color":"#6c47ff","padding":"1em","box_shadow":"0 2px 8px rgba(0, 0, 0, 0.2)",
            "font_color":"#151515","font_family":"\\"Source Sans Pro\\", sans-serif","border_radius":"0.5em",
            "background_color":"#ffffff","label_font_weight":"600"},"accounts":{"background_color":"#ffffff"}},
            "preferred_sign_in_strategy":"password","logo_image_url":"","favicon_image_url":"",
            "home_url":"https://real-shapes.accounts.dev","sign_in_url":"https://real-shapes.accounts.dev/sign-in",
            "sign_up_url":"https://real-shapes.accounts.dev/sign-up",
            "user_profile_url":"https://real-shapes.accounts.dev/user",
            "waitlist_url":"https://real-shapes.accounts.dev/waitlist",
            "after_sign_in_url":"https://real-shapes.accounts.dev/default-redirect",
            "after_sign_up_url":"https://real-shapes.accounts.dev/default-redirect",
            "after_sign_out_one_url":"https://real-shapes.accounts.dev/sign-in/choose",
            "after_sign_out_all_url":"https://real-shapes.accounts.dev/sign-in",
            "after_switch_session_url":"https://real-shapes.accounts.dev/default-redirect",
            "after_join_waitlist_url":"","organization_profile_url":"https://real-shapes.accounts.dev/organization",
            "create_organization_url":"https://real-shapes.accounts.dev/create-organization",
            "after_leave_organization_url":"https://real-shapes.accounts.dev/default-redirect",
            "after_create_organization_url":"https://real-shapes.accounts.dev/default-redirect",
            "logo_link_url":"https://real-shapes.accounts.dev/default-redirect","support_email":null,"branded":true,
            "experimental_force_oauth_first":false,"clerk_js_version":"5","show_devmode_warning":true,
            "google_one_tap_client_id":null,"help_url":null,"privacy_policy_url":"","terms_url":"","logo_url":null,
            "favicon_url":null,"logo_image":null,"favicon_image":null,"captcha_public_key":null,
            "captcha_widget_type":"smart","captcha_public_key_invisible":null,"captcha_provider":"turnstile",
            "captcha_oauth_bypass":[],"captcha_heartbeat":false},
            "user_settings":{"attributes":{
            "email_address":{"enabled":true,"required":true,"used_for_first_factor":true,"first_factors":["email_code"],
            "used_for_second_factor":false,"second_factors":[],"verifications":["email_code"],"verify_at_sign_up":true,
            "immutable":false},
            "phone_number":{"enabled":false,"required":false,"used_for_first_factor":false,"first_factors":[],
            "used_for_second_factor":false,"second_factors":[],"verifications":[],"verify_at_sign_up":false,
            "immutable":false},
            "username":{"enabled":false,"required":false,"used_for_first_factor":false,"first_factors":[],
            "used_for_second_factor":false,"second_factors":[],"verifications":[],"verify_at_sign_up":false,
            "immutable":false},
            "web3_wallet":{"enabled":false,"required":false,"used_for_first_factor":false,"first_factors":[],
            "used_for_second_factor":false,"second_factors":[],"verifications":null,"verify_at_sign_up":false,
            "immutable":false},
            "first_name":{"enabled":false,"required":false,"used_for_first_factor":false,"first_factors":[],
            "used_for_second_factor":false,"second_factors":[],"verifications":[],"verify_at_sign_up":false,
            "immutable":false},
            "last_name":{"enabled":false,"required":false,"used_for_first_factor":false,"first_factors":[],
            "used_for_second_factor":false,"second_factors":[],"verifications":[],"verify_at_sign_up":false,
            "immutable":false},
            "password":{"enabled":true,"required":true,"used_for_first_factor":false,"first_factors":[],
            "used_for_second_factor":false,"second_factors":[],"verifications":[],"verify_at_sign_up":false,
            "immutable":false},
            "authenticator_app":{"enabled":true,"required":false,"used_for_first_factor":false,"first_factors":[],
            "used_for_second_factor":true,"second_factors":["totp"],"verifications":["totp"],
            "verify_at_sign_up":false,"immutable":false},
            "ticket":{"enabled":true,"required":false,"used_for_first_factor":false,"first_factors":[],
            "used_for_second_factor":false,"second_factors":[],"verifications":[],"verify_at_sign_up":false,
            "immutable":false},
            "backup_code":{"enabled":false,"required":false,"used_for_first_factor":false,"first_factors":[],
            "used_for_second_factor":false,"second_factors":[],"verifications":[],"verify_at_sign_up":false,
            "immutable":false},
            "passkey":{"enabled":false,"required":false,"used_for_first_factor":false,"first_factors":[],
            "used_for_second_factor":false,"second_factors":[],"verifications":[],"verify_at_sign_up":false,
            "immutable":false}},
            "social":{},"saml":{"enabled":false},"enterprise_sso":{"enabled":false,"self_serve_sso":false},
            "sign_in":{"second_factor":{"required":false}},
            "sign_up":{"captcha_enabled":false,"captcha_widget_type":"smart","custom_action_required":false,
            "progressive":true,"mode":"public","legal_consent_enabled":false},
            "restrictions":{"allowlist":{"enabled":false},"blocklist":{"enabled":false},
            "allowlist_blocklist_disabled_on_sign_in":{"enabled":false},"block_email_subaddresses":{"enabled":false},
            "block_disposable_email_domains":{"enabled":false},"ignore_dots_for_gmail_addresses":{"enabled":false}},
            "password_settings":{"disable_hibp":false,"disable_password_reverification":false,"min_length":8,
            "max_length":0,"require_special_char":false,"require_numbers":false,"require_uppercase":false,
            "require_lowercase":false,"show_zxcvbn":false,"min_zxcvbn_strength":0,"enforce_hibp_on_sign_in":false,
            "allowed_special_characters":"!\\"#$%&'()*+,-./:;<=>?@[]^_`{|}~"},
            "username_settings":{"min_length":4,"max_length":64,"allow_extended_special_characters":false,
            "allow_numeric_usernames":true},
            "actions":{"delete_self":true,"create_organization":true,"create_organizations_limit":null},
            "attack_protection":{"user_lockout":{"enabled":true,"max_attempts":100,"duration_in_minutes":60},
            "pii":{"enabled":true},"email_link":{"require_same_client":true},
            "enumeration_protection":{"enabled":false}},
            "passkey_settings":{"allow_autofill":false,"show_sign_in_button":false,"satisfies_second_factor":false}},
            "organization_settings":{"enabled":false,"max_allowed_memberships":5,"force_organization_selection":false,
            "actions":{"admin_delete":true},"domains":{"enabled":false,"enrollment_modes":[],"default_role":null},
            "slug":{"disabled":true},"creator_role":"org:admin"},
            "fraud_settings":{"object":"fraud_settings","native":{"device_attestation_mode":"disabled"}},
            "commerce_settings":{"billing":{"stripe_publishable_key":null,"free_trial_requires_payment_method":true,
            "user":{"enabled":false,"has_paid_plans":false},"organization":{"enabled":false,"has_paid_plans":false}}},
            "api_keys_settings":{"enabled":false,"user_api_keys_enabled":false,"orgs_api_keys_enabled":false},
            "protect_config":{"object":"protect_config","id":"protect_config_2xRealShaped","loaders":[]},
            "client_debug_mode":false,"maintenance_mode":false,"partitioned_cookies":false}
            """
    }
}

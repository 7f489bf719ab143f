/// The instance's settings apps use to build their sign-in and sign-up screens (`GET /v1/environment`).
@available(OS2023, *)
public struct ClerkEnvironment: Codable, Sendable, Hashable {
    /// How users authenticate.
    public var authConfig: AuthConfig?
    /// Which attributes, social providers and sign-up rules are on.
    public var userSettings: UserSettings?
    /// Names, logos and URLs.
    public var displayConfig: DisplayConfig?
    /// Organization settings.
    public var organizationSettings: OrganizationSettings?
    /// Whether the instance is in maintenance mode.
    public var maintenanceMode: Bool?

    enum CodingKeys: String, CodingKey {
        case authConfig = "auth_config"
        case userSettings = "user_settings"
        case displayConfig = "display_config"
        case organizationSettings = "organization_settings"
        case maintenanceMode = "maintenance_mode"
    }
}

/// How users authenticate (`auth_config`).
@available(OS2023, *)
public struct AuthConfig: Codable, Sendable, Hashable {
    /// The id.
    public var id: String?
    /// Whether only one session may be signed in per client.
    public var singleSessionMode: Bool?
    /// Identifiers a user can sign in with.
    @DefaultEmpty public var identificationStrategies: [String] = []
    /// First factor strategies.
    @DefaultEmpty public var firstFactors: [String] = []
    /// Second factor strategies.
    @DefaultEmpty public var secondFactors: [String] = []
    /// Whether the instance is in test mode (`+clerk_test` addresses, code `424242`).
    public var testMode: Bool?
    /// Whether token requests carry the previous token (the "session minter").
    public var sessionMinter: Bool?
    /// The email address requirement.
    public var emailAddress: AttributeRequirement?
    /// The phone number requirement.
    public var phoneNumber: AttributeRequirement?
    /// The username requirement.
    public var username: AttributeRequirement?
    /// The password requirement.
    public var password: AttributeRequirement?
    /// Native-app settings: trusted devices.
    public var nativeSettings: NativeSettings?

    enum CodingKeys: String, CodingKey {
        case id, username, password
        case nativeSettings = "native_settings"
        case singleSessionMode = "single_session_mode"
        case identificationStrategies = "identification_strategies"
        case firstFactors = "first_factors"
        case secondFactors = "second_factors"
        case testMode = "test_mode"
        case sessionMinter = "session_minter"
        case emailAddress = "email_address"
        case phoneNumber = "phone_number"
    }
}

/// Which attributes, providers and sign-up rules are on (`user_settings`).
@available(OS2023, *)
public struct UserSettings: Codable, Sendable, Hashable {
    /// One attribute's settings.
    public struct Attribute: Codable, Sendable, Hashable {
        /// Whether it is offered.
        public var enabled: Bool
        /// Whether it is required at sign-up.
        public var required: Bool?
        /// Whether it can be a first factor.
        public var usedForFirstFactor: Bool?
        /// Its first-factor strategies.
        @DefaultEmpty public var firstFactors: [String] = []
        /// Whether it can be a second factor.
        public var usedForSecondFactor: Bool?
        /// Its second-factor strategies.
        @DefaultEmpty public var secondFactors: [String] = []
        /// How it is verified.
        @DefaultEmpty public var verifications: [String] = []
        /// Whether it is verified during sign-up.
        public var verifyAtSignUp: Bool?

        enum CodingKeys: String, CodingKey {
            case enabled, required, verifications
            case usedForFirstFactor = "used_for_first_factor"
            case firstFactors = "first_factors"
            case usedForSecondFactor = "used_for_second_factor"
            case secondFactors = "second_factors"
            case verifyAtSignUp = "verify_at_sign_up"
        }
    }

    /// One social provider's settings.
    public struct Social: Codable, Sendable, Hashable {
        /// Whether it is offered.
        public var enabled: Bool
        /// Whether it is required.
        public var required: Bool?
        /// Whether users can sign in with it.
        public var authenticatable: Bool?
        /// `oauth_<provider>`.
        public var strategy: String?
        /// The provider's display name.
        public var name: String?
        /// The provider's logo.
        public var logoUrl: String?

        enum CodingKeys: String, CodingKey {
            case enabled, required, authenticatable, strategy, name
            case logoUrl = "logo_url"
        }
    }

    /// Sign-up rules.
    public struct SignUpSettings: Codable, Sendable, Hashable {
        /// Who may sign up.
        public var mode: SignUpMode?
        /// Whether users must accept the legal terms.
        public var legalConsentEnabled: Bool?
        /// Whether sign-up needs a CAPTCHA.
        public var captchaEnabled: Bool?
        /// Whether sign-up is progressive.
        public var progressive: Bool?

        enum CodingKeys: String, CodingKey {
            case mode, progressive
            case legalConsentEnabled = "legal_consent_enabled"
            case captchaEnabled = "captcha_enabled"
        }
    }

    /// Sign-in rules.
    public struct SignInSettings: Codable, Sendable, Hashable {
        /// Whether a second factor is required.
        public struct SecondFactor: Codable, Sendable, Hashable {
            /// Whether it is required.
            public var required: Bool
        }
        /// Second-factor rules.
        public var secondFactor: SecondFactor?

        enum CodingKeys: String, CodingKey {
            case secondFactor = "second_factor"
        }
    }

    /// Attributes by name (`email_address`, `phone_number`, `username`, `password`, …).
    @DefaultEmpty public var attributes: [String: Attribute] = [:]
    /// Social providers by strategy (`oauth_google`, …).
    @DefaultEmpty public var social: [String: Social] = [:]
    /// Sign-in rules.
    public var signIn: SignInSettings?
    /// Sign-up rules.
    public var signUp: SignUpSettings?
    /// What a new password must satisfy.
    public var passwordSettings: PasswordSettings?

    /// What a new password must satisfy (`password_settings`).
    public struct PasswordSettings: Codable, Sendable, Hashable {
        /// The fewest characters.
        public var minLength: Int?
        /// The most characters.
        public var maxLength: Int?
        /// Whether a special character is required.
        public var requireSpecialChar: Bool?
        /// Whether a digit is required.
        public var requireNumbers: Bool?
        /// Whether an uppercase letter is required.
        public var requireUppercase: Bool?
        /// Whether a lowercase letter is required.
        public var requireLowercase: Bool?
        /// The characters that count as special.
        public var allowedSpecialCharacters: String?

        /// Creates password settings.
        public init(
            minLength: Int? = nil, maxLength: Int? = nil, requireSpecialChar: Bool? = nil,
            requireNumbers: Bool? = nil, requireUppercase: Bool? = nil, requireLowercase: Bool? = nil,
            allowedSpecialCharacters: String? = nil
        ) {
            self.minLength = minLength
            self.maxLength = maxLength
            self.requireSpecialChar = requireSpecialChar
            self.requireNumbers = requireNumbers
            self.requireUppercase = requireUppercase
            self.requireLowercase = requireLowercase
            self.allowedSpecialCharacters = allowedSpecialCharacters
        }

        enum CodingKeys: String, CodingKey {
            case minLength = "min_length"
            case maxLength = "max_length"
            case requireSpecialChar = "require_special_char"
            case requireNumbers = "require_numbers"
            case requireUppercase = "require_uppercase"
            case requireLowercase = "require_lowercase"
            case allowedSpecialCharacters = "allowed_special_characters"
        }
    }

    enum CodingKeys: String, CodingKey {
        case attributes, social
        case signIn = "sign_in"
        case signUp = "sign_up"
        case passwordSettings = "password_settings"
    }

    /// The enabled attributes, by name.
    public var enabledAttributes: [String: Attribute] {
        attributes.filter { $0.value.enabled }
    }
}

/// Names, logos and URLs (`display_config`).
@available(OS2023, *)
public struct DisplayConfig: Codable, Sendable, Hashable {
    /// The id.
    public var id: String?
    /// The application's name.
    public var applicationName: String?
    /// `production`, `development` or `staging`.
    public var instanceEnvironmentType: String?
    /// `password` or `otp`.
    public var preferredSignInStrategy: String?
    /// The logo.
    public var logoImageUrl: String?
    /// The home page.
    public var homeUrl: String?
    /// The support address.
    public var supportEmail: String?
    /// The privacy policy.
    public var privacyPolicyUrl: String?
    /// The terms of service.
    public var termsUrl: String?

    enum CodingKeys: String, CodingKey {
        case id
        case applicationName = "application_name"
        case instanceEnvironmentType = "instance_environment_type"
        case preferredSignInStrategy = "preferred_sign_in_strategy"
        case logoImageUrl = "logo_image_url"
        case homeUrl = "home_url"
        case supportEmail = "support_email"
        case privacyPolicyUrl = "privacy_policy_url"
        case termsUrl = "terms_url"
    }
}

/// Organization settings (`organization_settings`).
@available(OS2023, *)
public struct OrganizationSettings: Codable, Sendable, Hashable {
    /// Whether organizations are on.
    public var enabled: Bool
    /// The membership limit (0 = none).
    public var maxAllowedMemberships: Int?
    /// The role a creator gets.
    public var creatorRole: String?

    enum CodingKeys: String, CodingKey {
        case enabled
        case maxAllowedMemberships = "max_allowed_memberships"
        case creatorRole = "creator_role"
    }
}

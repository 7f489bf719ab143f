public import Foundation

@available(OS2023, *)
extension ClerkEmulator {
    /// How the emulated instance is set up, as a Clerk dashboard would set it up.
    ///
    /// The defaults are a development instance with email address, phone number and username identifiers, password,
    /// email code and phone code first factors, TOTP, SMS and backup-code second factors, and sign-up requiring an
    /// email address (verified by code) and a password.
    public struct Configuration: Sendable {
        /// The address to listen on. Keep the loopback address unless the emulator must be reachable from elsewhere.
        public var host: String
        /// The port to listen on; `0` picks a free one (read it from ``ClerkEmulator/baseURL``).
        public var port: Int
        /// The identifiers users sign in with.
        public var identifiers: Set<Identifier>
        /// The first-factor strategies that are enabled.
        public var firstFactors: Set<FirstFactor>
        /// The second-factor (MFA) strategies that are enabled; empty turns MFA off.
        public var secondFactors: Set<SecondFactor>
        /// What sign-up asks for.
        public var signUp: SignUpRequirements
        /// How long a session token (JWT) is valid. Clerk's is 60 seconds.
        public var sessionTokenLifetime: Duration
        /// How long a session lasts before it expires.
        public var sessionLifetime: Duration
        /// How long a verification code is valid.
        public var codeLifetime: Duration
        /// Wrong codes accepted before a verification fails for good.
        public var maximumCodeAttempts: Int
        /// Requests allowed per client (device token, else remote address) and window; nil turns limits off.
        public var rateLimit: RateLimit?
        /// One signed-in session per client (Clerk's default); `false` allows several.
        public var singleSessionMode: Bool
        /// The application name shown in the environment.
        public var applicationName: String
        /// JWT template names `POST …/tokens/{template}` accepts; others answer `404`.
        public var jwtTemplates: Set<String>
        /// How many requests ``ClerkEmulator/requestLog()`` keeps (the oldest are dropped beyond it).
        public var requestLogLimit: Int
        /// When set, sensitive account actions (password, deletion, second factors) need a recent
        /// reverification of the session (default: nil, never asked).
        public var reverification: Reverification?
        /// OAuth providers users may sign in and sign up with (`google`, `github`, `apple`, …); none by default.
        public var oauthProviders: Set<String> = []
        /// Email domains whose users sign in through enterprise SSO (`enterprise_sso`); none by default.
        public var enterpriseSSODomains: Set<String> = []
        /// The `aud` values ID tokens (`oauth_token_apple`, `oauth_token_google`) must carry: the app's bundle id or
        /// OAuth client id.
        public var idTokenAudiences: Set<String> = ["com.example.app"]
        /// The WebAuthn relying party id; set, it turns passkeys on (registration from the account, sign-in with
        /// `strategy=passkey`, checked as a relying party checks them). Nil by default.
        public var passkeyRelyingPartyID: String? = nil
        /// Whether native apps may enroll trusted devices and sign in with them (`native_settings`); off by default.
        public var trustedDevices: Bool = false
        /// The names the trusted-device routes answer under: both (the real service's case) by default; one only,
        /// to play a service from before or after the rename. Bodies and settings are the same under both.
        public var trustedDeviceRoutes: TrustedDeviceRoutes = .both
        /// Whether organizations are on and how many memberships a user may hold (`organization_settings`).
        public var organizations: Organizations = .init()
        /// Whether every user must set up a second factor (Clerk's "require multi-factor authentication"): a session
        /// of a user with no authenticator app and no SMS second factor is `pending` with the `setup-mfa` task.
        /// Applies only when ``secondFactors`` has `.totp` or `.phoneCode`; off by default.
        public var secondFactorRequired: Bool = false
        /// A JSON object laid over the environment (`GET /v1/environment`) derived from the rest of this
        /// configuration: objects merge key by key, anything else (`null`, arrays, numbers) replaces. Give it a real
        /// instance's environment body to test screens and flows against the real service's values (`max_length: 0`,
        /// `null`s, empty arrays, keys ClerkKit does not know). Its `user_settings.password_settings` lengths also
        /// bind the emulator's own password checks (`0` means no maximum). Nil by default; ``ClerkEmulator/start()``
        /// throws when it is not a JSON object.
        public var environmentOverlay: Data? = nil
        /// Clerk's Client Trust: a password sign-in by a user with no second factor, on a client where that user
        /// never had a session, is `needs_client_trust` until a code sent to one of the user's email addresses
        /// (`email_code`) or phone numbers (`phone_code`) is verified as a second factor. Off by default.
        public var clientTrust: Bool = false
        /// Clerk's user lockout (attack protection): after this many failed verifications (wrong passwords or
        /// codes) a user is locked, and sign-in attempts answer `403 user_locked` until it ends. Nil (off) by
        /// default; the environment's `attack_protection.user_lockout` says what is set.
        public var lockout: Lockout? = nil

        /// Creates a configuration; every parameter has the default described on the type.
        public init(
            host: String = "127.0.0.1",
            port: Int = 0,
            identifiers: Set<Identifier> = [.emailAddress, .phoneNumber, .username],
            firstFactors: Set<FirstFactor> = [.password, .emailCode, .phoneCode],
            secondFactors: Set<SecondFactor> = [.totp, .phoneCode, .backupCode],
            signUp: SignUpRequirements = SignUpRequirements(),
            sessionTokenLifetime: Duration = .seconds(60),
            sessionLifetime: Duration = .seconds(7 * 24 * 3600),
            codeLifetime: Duration = .seconds(600),
            maximumCodeAttempts: Int = 5,
            rateLimit: RateLimit? = nil,
            singleSessionMode: Bool = true,
            applicationName: String = "Clerk Emulator",
            jwtTemplates: Set<String> = [],
            requestLogLimit: Int = 10_000,
            reverification: Reverification? = nil
        ) {
            self.host = host
            self.port = port
            self.identifiers = identifiers
            self.firstFactors = firstFactors
            self.secondFactors = secondFactors
            self.signUp = signUp
            self.sessionTokenLifetime = sessionTokenLifetime
            self.sessionLifetime = sessionLifetime
            self.codeLifetime = codeLifetime
            self.maximumCodeAttempts = maximumCodeAttempts
            self.rateLimit = rateLimit
            self.singleSessionMode = singleSessionMode
            self.applicationName = applicationName
            self.jwtTemplates = jwtTemplates
            self.requestLogLimit = requestLogLimit
            self.reverification = reverification
        }
    }

    /// An identifier a user signs in with.
    public enum Identifier: String, Sendable, Hashable, CaseIterable {
        /// `email_address`.
        case emailAddress = "email_address"
        /// `phone_number`.
        case phoneNumber = "phone_number"
        /// `username`.
        case username
    }

    /// A first-factor strategy.
    public enum FirstFactor: String, Sendable, Hashable, CaseIterable {
        /// `password`.
        case password
        /// `email_code`: a one-time code sent by email.
        case emailCode = "email_code"
        /// `phone_code`: a one-time code sent by SMS.
        case phoneCode = "phone_code"
        /// `email_link`: a verification link sent by email (opened at `/v1/verify`).
        case emailLink = "email_link"
    }

    /// The names trusted-device routes are served under: `/v1/me/trusted_devices…` and
    /// `/v1/client/trusted_devices/validate` (the description), `…/biometric_credentials…` (clerk-ios's rename).
    public enum TrustedDeviceRoutes: String, Sendable, Hashable, CaseIterable {
        /// Both names.
        case both
        /// `trusted_devices` only; the other name answers 404.
        case trustedDevicesOnly = "trusted_devices"
        /// `biometric_credentials` only; the other name answers 404.
        case biometricCredentialsOnly = "biometric_credentials"
    }

    /// A second-factor (MFA) strategy.
    public enum SecondFactor: String, Sendable, Hashable, CaseIterable {
        /// `totp`: an authenticator app (RFC 6238, 30-second steps, 6 digits, SHA-1).
        case totp
        /// `phone_code`: a code sent by SMS to a phone number reserved for MFA.
        case phoneCode = "phone_code"
        /// `backup_code`: one of the user's single-use backup codes.
        case backupCode = "backup_code"
        /// `passkey`: one of the user's registered passkeys, as a second factor (needs
        /// ``Configuration/passkeyRelyingPartyID``). Off by default: with it, a user with a passkey needs a second
        /// factor after a password.
        case passkey
    }

    /// A field sign-up can ask for.
    public enum SignUpField: String, Sendable, Hashable, CaseIterable {
        /// `email_address`.
        case emailAddress = "email_address"
        /// `phone_number`.
        case phoneNumber = "phone_number"
        /// `username`.
        case username
        /// `password`.
        case password
        /// `first_name`.
        case firstName = "first_name"
        /// `last_name`.
        case lastName = "last_name"
        /// `legal_accepted`: the user accepted the terms.
        case legalAccepted = "legal_accepted"
    }

    /// What sign-up requires.
    public struct SignUpRequirements: Sendable {
        /// Fields a sign-up must have before it completes.
        public var requiredFields: Set<SignUpField>
        /// Email addresses must be verified (by `email_code`) before sign-up completes.
        public var verifyEmailAddress: Bool
        /// Phone numbers must be verified (by `phone_code`) before sign-up completes.
        public var verifyPhoneNumber: Bool
        /// The shortest password accepted.
        public var minimumPasswordLength: Int
        /// Who may sign up: anyone (the default), only invited people, or people admitted from the waitlist.
        public var mode: SignUpMode = .public

        /// Creates sign-up requirements.
        public init(
            requiredFields: Set<SignUpField> = [.emailAddress, .password],
            verifyEmailAddress: Bool = true,
            verifyPhoneNumber: Bool = true,
            minimumPasswordLength: Int = 8
        ) {
            self.requiredFields = requiredFields
            self.verifyEmailAddress = verifyEmailAddress
            self.verifyPhoneNumber = verifyPhoneNumber
            self.minimumPasswordLength = minimumPasswordLength
        }
    }

    /// Who may sign up.
    public enum SignUpMode: String, Sendable, Hashable, CaseIterable {
        /// Anyone.
        case `public`
        /// Only people with an invitation (`sign_up_mode_restricted` otherwise).
        case restricted
        /// People on the waitlist (`sign_up_restricted_waitlist` otherwise).
        case waitlist
    }

    /// User lockout: how many failed verifications lock a user, and for how long.
    public struct Lockout: Sendable, Hashable {
        /// Failed verifications (wrong passwords or codes) that lock the user; Clerk's default is 100.
        public var maximumAttempts: Int
        /// How long the lockout lasts (Clerk's default is 60 minutes).
        public var duration: Duration

        /// Creates a lockout policy; `maximumAttempts` below 1 counts as 1.
        public init(maximumAttempts: Int = 100, duration: Duration = .seconds(3600)) {
            self.maximumAttempts = max(1, maximumAttempts)
            self.duration = duration
        }
    }

    /// A per-client request budget: more than `requests` in `window` gets `429 too_many_requests` with
    /// `Retry-After`.
    public struct RateLimit: Sendable, Hashable {
        /// Requests allowed per window.
        public var requests: Int
        /// The window length.
        public var window: Duration

        /// Creates a rate limit.
        public init(requests: Int, window: Duration) {
            self.requests = requests
            self.window = window
        }
    }
}

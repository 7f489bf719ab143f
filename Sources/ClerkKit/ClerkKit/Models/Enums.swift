/// The state of a sign-in attempt.
@available(OS2023, *)
public enum SignInStatus: OpenStringEnum {
    /// Signed in: `createdSessionId` names the new session.
    case complete
    /// The identifier is still needed.
    case needsIdentifier
    /// A first factor (password, code, link) is still needed.
    case needsFirstFactor
    /// A second factor is still needed.
    case needsSecondFactor
    /// The device must be trusted first.
    case needsClientTrust
    /// A new password must be set (after a reset code).
    case needsNewPassword
    /// A fraud-protection check is still needed.
    case needsProtectCheck
    /// The attempt was abandoned.
    case abandoned
    /// A value this version does not know.
    case unknown(String)

    /// The known values.
    public static let knownCases: [(SignInStatus, String)] = [
        (.complete, "complete"), (.needsIdentifier, "needs_identifier"), (.needsFirstFactor, "needs_first_factor"),
        (.needsSecondFactor, "needs_second_factor"), (.needsClientTrust, "needs_client_trust"),
        (.needsNewPassword, "needs_new_password"), (.needsProtectCheck, "needs_protect_check"),
        (.abandoned, "abandoned"),
    ]
    /// The raw value of ``unknown(_:)``.
    public var unknownRawValue: String? { if case .unknown(let raw) = self { raw } else { nil } }
}

/// The state of a sign-up attempt.
@available(OS2023, *)
public enum SignUpStatus: OpenStringEnum {
    /// Fields or verifications are still missing.
    case missingRequirements
    /// Signed up: `createdSessionId` names the new session.
    case complete
    /// The attempt was abandoned.
    case abandoned
    /// A value this version does not know.
    case unknown(String)

    /// The known values.
    public static let knownCases: [(SignUpStatus, String)] = [
        (.missingRequirements, "missing_requirements"), (.complete, "complete"), (.abandoned, "abandoned"),
    ]
    /// The raw value of ``unknown(_:)``.
    public var unknownRawValue: String? { if case .unknown(let raw) = self { raw } else { nil } }
}

/// The state of a session.
@available(OS2023, *)
public enum SessionStatus: OpenStringEnum {
    /// Signed in.
    case active
    /// Signed in with tasks left (for example choosing an organization).
    case pending
    /// Signed out.
    case ended
    /// Expired.
    case expired
    /// Removed from this client (sign-out).
    case removed
    /// Replaced by another session.
    case replaced
    /// Revoked from another device or the dashboard.
    case revoked
    /// Abandoned.
    case abandoned
    /// A value this version does not know.
    case unknown(String)

    /// The known values.
    public static let knownCases: [(SessionStatus, String)] = [
        (.active, "active"), (.pending, "pending"), (.ended, "ended"), (.expired, "expired"), (.removed, "removed"),
        (.replaced, "replaced"), (.revoked, "revoked"), (.abandoned, "abandoned"),
    ]
    /// The raw value of ``unknown(_:)``.
    public var unknownRawValue: String? { if case .unknown(let raw) = self { raw } else { nil } }
}

/// The state of a verification.
@available(OS2023, *)
public enum VerificationStatus: OpenStringEnum {
    /// Not verified yet.
    case unverified
    /// Verified.
    case verified
    /// The external account has no user yet: the attempt can be transferred to a sign-up.
    case transferable
    /// Failed.
    case failed
    /// Expired.
    case expired
    /// A value this version does not know.
    case unknown(String)

    /// The known values.
    public static let knownCases: [(VerificationStatus, String)] = [
        (.unverified, "unverified"), (.verified, "verified"), (.transferable, "transferable"), (.failed, "failed"),
        (.expired, "expired"),
    ]
    /// The raw value of ``unknown(_:)``.
    public var unknownRawValue: String? { if case .unknown(let raw) = self { raw } else { nil } }
}

/// How a factor is verified (`strategy` on the wire).
@available(OS2023, *)
public enum FactorStrategy: OpenStringEnum {
    /// A password.
    case password
    /// A code sent by email.
    case emailCode
    /// A link sent by email.
    case emailLink
    /// A code sent by SMS.
    case phoneCode
    /// A passkey.
    case passkey
    /// A trusted device.
    case trustedDevice
    /// An authenticator app code.
    case totp
    /// A backup code.
    case backupCode
    /// A sign-in ticket.
    case ticket
    /// A password-reset code sent by email.
    case resetPasswordEmailCode
    /// A password-reset code sent by SMS.
    case resetPasswordPhoneCode
    /// SAML.
    case saml
    /// Enterprise SSO.
    case enterpriseSSO
    /// Sign in with Apple by ID token.
    case oauthTokenApple
    /// Google One Tap.
    case googleOneTap
    /// Any other value, including `oauth_<provider>`.
    case unknown(String)

    /// The known values.
    public static let knownCases: [(FactorStrategy, String)] = [
        (.password, "password"), (.emailCode, "email_code"), (.emailLink, "email_link"), (.phoneCode, "phone_code"),
        (.passkey, "passkey"), (.trustedDevice, "trusted_device"), (.totp, "totp"), (.backupCode, "backup_code"),
        (.ticket, "ticket"), (.resetPasswordEmailCode, "reset_password_email_code"),
        (.resetPasswordPhoneCode, "reset_password_phone_code"), (.saml, "saml"), (.enterpriseSSO, "enterprise_sso"),
        (.oauthTokenApple, "oauth_token_apple"), (.googleOneTap, "google_one_tap"),
    ]
    /// The raw value of ``unknown(_:)``.
    public var unknownRawValue: String? { if case .unknown(let raw) = self { raw } else { nil } }

    /// An OAuth strategy for `provider`, for example `oauth(provider: "google")` is `oauth_google`.
    public static func oauth(provider: String) -> FactorStrategy { .unknown("oauth_\(provider)") }
}

/// An identifier a user can sign in with.
@available(OS2023, *)
public enum SignInIdentifier: OpenStringEnum {
    /// An email address.
    case emailAddress
    /// A phone number.
    case phoneNumber
    /// A username.
    case username
    /// A Web3 wallet.
    case web3Wallet
    /// A passkey.
    case passkey
    /// A value this version does not know.
    case unknown(String)

    /// The known values.
    public static let knownCases: [(SignInIdentifier, String)] = [
        (.emailAddress, "email_address"), (.phoneNumber, "phone_number"), (.username, "username"),
        (.web3Wallet, "web3_wallet"), (.passkey, "passkey"),
    ]
    /// The raw value of ``unknown(_:)``.
    public var unknownRawValue: String? { if case .unknown(let raw) = self { raw } else { nil } }
}

/// Whether an attribute is offered (`on`), not offered (`off`) or required.
@available(OS2023, *)
public enum AttributeRequirement: OpenStringEnum {
    /// Offered, optional.
    case on
    /// Not offered.
    case off
    /// Required.
    case required
    /// A value this version does not know.
    case unknown(String)

    /// The known values.
    public static let knownCases: [(AttributeRequirement, String)] = [
        (.on, "on"), (.off, "off"), (.required, "required"),
    ]
    /// The raw value of ``unknown(_:)``.
    public var unknownRawValue: String? { if case .unknown(let raw) = self { raw } else { nil } }
}

/// Who may sign up.
@available(OS2023, *)
public enum SignUpMode: OpenStringEnum {
    /// Anyone.
    case `public`
    /// Invited users only.
    case restricted
    /// Users admitted from the waitlist.
    case waitlist
    /// A value this version does not know.
    case unknown(String)

    /// The known values.
    public static let knownCases: [(SignUpMode, String)] = [
        (.public, "public"), (.restricted, "restricted"), (.waitlist, "waitlist"),
    ]
    /// The raw value of ``unknown(_:)``.
    public var unknownRawValue: String? { if case .unknown(let raw) = self { raw } else { nil } }
}

/// The next step of a sign-up verification.
@available(OS2023, *)
public enum VerificationNextAction: OpenStringEnum {
    /// Send a code or link (`prepare_verification`).
    case needsPrepare
    /// Enter the code (`attempt_verification`).
    case needsAttempt
    /// Nothing left to do (`""`).
    case done
    /// A value this version does not know.
    case unknown(String)

    /// The known values.
    public static let knownCases: [(VerificationNextAction, String)] = [
        (.needsPrepare, "needs_prepare"), (.needsAttempt, "needs_attempt"), (.done, ""),
    ]
    /// The raw value of ``unknown(_:)``.
    public var unknownRawValue: String? { if case .unknown(let raw) = self { raw } else { nil } }
}

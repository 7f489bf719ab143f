import Foundation

/// Milliseconds since 1970 on the emulator's clock.
typealias Millis = Int64

@available(OS2023, *)
struct EmailRecord: Sendable, Equatable {
    var id: String
    var address: String
    /// `admin` for seeded users, `email_code` for addresses verified at sign-up.
    var verificationStrategy: String
    var createdAt: Millis
    /// The code verification in progress, while the address is pending (`UserRecord.pendingEmails`).
    var verification: VerificationState? = nil
}

@available(OS2023, *)
struct PhoneRecord: Sendable, Equatable {
    var id: String
    var number: String
    var verificationStrategy: String
    var reservedForSecondFactor: Bool
    var defaultSecondFactor: Bool
    var createdAt: Millis
    /// The code verification in progress, while the number is pending (`UserRecord.pendingPhones`).
    var verification: VerificationState? = nil
}

@available(OS2023, *)
struct UserRecord: Sendable, Equatable {
    var id: String
    var username: String?
    var firstName: String?
    var lastName: String?
    /// Verified email addresses and phone numbers: the ones sign-in and lookups see.
    var emails: [EmailRecord] = []
    var phones: [PhoneRecord] = []
    /// Added from the account but not verified yet.
    var pendingEmails: [EmailRecord] = []
    var pendingPhones: [PhoneRecord] = []
    /// The uploaded profile image's id, if any.
    var imageId: String?
    var passkeys: [PasskeyRecord] = []
    /// Passkeys created from the account whose credential has not been verified yet.
    var pendingPasskeys: [PasskeyRecord] = []
    /// Enrolled trusted-device credentials, revoked ones included.
    var trustedDevices: [TrustedDeviceRecord] = []
    var externalAccounts: [ExternalAccountRecord] = []
    var primaryEmailId: String?
    var primaryPhoneId: String?
    /// The language the user signed up in (`locale`), if the client said.
    var locale: String?
    /// Failed verifications and lockout (``ClerkEmulator/Configuration/lockout``).
    var lockout = LockoutCounter()
    var password: PasswordDigest?
    var passwordUpdatedAt: Millis?
    /// Set by ``ClerkEmulator/requirePasswordReset(userId:)``: the user's sessions carry the `reset-password` task
    /// until the password changes.
    var passwordResetRequired = false
    /// The TOTP secret (raw bytes), when an authenticator app is enrolled.
    var totpSecret: [UInt8]?
    /// A TOTP secret created from the account, not verified yet.
    var pendingTotpSecret: [UInt8]?
    var totpCreatedAt: Millis?
    var backupCodes: [String] = []
    var unsafeMetadata: JSON = .object([])
    var legalAcceptedAt: Millis?
    var mfaEnabledAt: Millis?
    var createdAt: Millis
    var updatedAt: Millis
    var lastSignInAt: Millis?
    var lastActiveAt: Millis?

    var mfaPhones: [PhoneRecord] { phones.filter(\.reservedForSecondFactor) }

    /// Whether the user has a second factor that sign-in must ask for under `enabled`.
    func needsSecondFactor(_ enabled: Set<ClerkEmulator.SecondFactor>) -> Bool {
        (totpSecret != nil && enabled.contains(.totp)) || (!mfaPhones.isEmpty && enabled.contains(.phoneCode))
            || (hasRegisteredPasskey && enabled.contains(.passkey))
    }

    /// Whether a passkey finished registration (it can sign an assertion).
    var hasRegisteredPasskey: Bool { passkeys.contains { !$0.credentialID.isEmpty } }

    var twoFactorEnabled: Bool { totpSecret != nil || !mfaPhones.isEmpty }

    /// The identifier shown for the user: primary email, else primary phone, else username.
    var displayIdentifier: String {
        emails.first { $0.id == primaryEmailId }?.address ?? phones.first { $0.id == primaryPhoneId }?.number
            ?? username ?? id
    }
}

@available(OS2023, *)
struct OrganizationRecord: Sendable, Equatable {
    var id: String
    var name: String
    var slug: String
    var createdAt: Millis
    var updatedAt: Millis? = nil
    /// The uploaded logo's id, if any.
    var imageId: String? = nil
}

/// A registered passkey (seeded: the emulator has no authenticator).
@available(OS2023, *)
struct PasskeyRecord: Sendable, Equatable {
    var id: String
    var name: String
    var createdAt: Millis
    var updatedAt: Millis
    /// The WebAuthn credential: its id, raw P-256 public key and signature counter (empty for seeded passkeys).
    var credentialID: [UInt8] = []
    var publicKey: [UInt8] = []
    var signCount: UInt32 = 0
    var lastUsedAt: Millis? = nil
    /// A registration in progress: the challenge to sign, the WebAuthn creation options sent with it (a JSON
    /// string), and when it lapses.
    var challenge: [UInt8]? = nil
    var options: String? = nil
    var expireAt: Millis? = nil
}

/// A connected OAuth account (seeded: the emulator runs no OAuth provider).
@available(OS2023, *)
struct ExternalAccountRecord: Sendable, Equatable {
    var id: String
    var provider: String
    var providerUserId: String
    var emailAddress: String
    var createdAt: Millis
    /// The reauthorization in progress: where the browser goes.
    var reauthorizationURL: String?
}

/// A domain of an organization, verified through an address on it.
@available(OS2023, *)
struct DomainRecord: Sendable, Equatable {
    var id: String
    var organizationId: String
    var name: String
    var enrollmentMode: String
    var affiliationEmail: String?
    var verification: VerificationState?
    var verifiedAt: Millis?
    var createdAt: Millis
    var updatedAt: Millis
}

/// A suggestion to join (from a domain), and the request to join it turned into.
@available(OS2023, *)
struct JoinRecord: Sendable, Equatable {
    enum Status: String, Sendable { case pending, accepted, rejected }

    var id: String
    var organizationId: String
    var userId: String
    var status: Status
    var createdAt: Millis
    var updatedAt: Millis
}

/// An invitation to join an organization.
@available(OS2023, *)
struct InvitationRecord: Sendable, Equatable {
    enum Status: String, Sendable { case pending, accepted, revoked }

    var id: String
    var organizationId: String
    var emailAddress: String
    var role: String
    var status: Status
    var createdAt: Millis
    var updatedAt: Millis
}

@available(OS2023, *)
struct MembershipRecord: Sendable, Equatable {
    var id: String
    var organizationId: String
    var userId: String
    var role: String
    var createdAt: Millis
}

@available(OS2023, *)
struct SessionRecord: Sendable, Equatable {
    enum Status: String, Sendable {
        case active, ended, expired, removed, revoked, abandoned
    }

    /// Equal when every field is.
    static func == (lhs: SessionRecord, rhs: SessionRecord) -> Bool {
        lhs.id == rhs.id && lhs.clientId == rhs.clientId && lhs.userId == rhs.userId && lhs.status == rhs.status
            && lhs.activeOrganizationId == rhs.activeOrganizationId && lhs.createdAt == rhs.createdAt
            && lhs.updatedAt == rhs.updatedAt && lhs.lastActiveAt == rhs.lastActiveAt && lhs.expireAt == rhs.expireAt
            && lhs.abandonAt == rhs.abandonAt && lhs.firstFactorVerifiedAt == rhs.firstFactorVerifiedAt
            && lhs.secondFactorVerifiedAt == rhs.secondFactorVerifiedAt && lhs.lastActiveToken == rhs.lastActiveToken
            && lhs.reverification == rhs.reverification
    }

    /// When `lastActiveToken` was issued (its `iat`, in seconds).
    var lastActiveTokenIssuedSeconds: Millis? { lastActiveToken?.issuedAt }

    var id: String
    var clientId: String
    var userId: String
    var status: Status
    var activeOrganizationId: String?
    var createdAt: Millis
    var updatedAt: Millis
    var lastActiveAt: Millis
    var expireAt: Millis
    var abandonAt: Millis
    /// When the first and second factors were last verified.
    var firstFactorVerifiedAt: Millis?
    var secondFactorVerifiedAt: Millis?
    /// The session's newest token (signed when first read: ``SessionToken``).
    var lastActiveToken: SessionToken?
    /// The reverification in progress, if any.
    var reverification: ReverificationMachine?
}

@available(OS2023, *)
struct ClientRecord: Sendable, Equatable {
    var id: String
    var token: String
    var sessionIds: [String] = []
    var signInId: String?
    var signUpId: String?
    var lastActiveSessionId: String?
    var lastAuthenticationStrategy: String?
    var createdAt: Millis
    var updatedAt: Millis
}

/// A message the emulator "sent": an email or SMS carrying a code.
@available(OS2023, *)
struct Delivery: Sendable, Equatable {
    enum Channel: String, Sendable { case email, sms }

    var channel: Channel
    var to: String
    /// The one-time code, or nil for an email link.
    var code: String?
    /// For an email link: the token the link carries (`/v1/verify?token=…`).
    var linkToken: String? = nil
    /// `sign_in`, `sign_up`, `reset_password` or `second_factor`.
    var purpose: String
}

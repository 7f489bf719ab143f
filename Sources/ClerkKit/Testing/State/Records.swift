import Crypto
import Foundation

/// Milliseconds since 1970 on the emulator's clock.
typealias Millis = Int64

/// A verification in progress or done: a code, a password check, a TOTP or backup code.
struct VerificationState: Sendable, Equatable {
    enum Status: String, Sendable {
        case unverified, verified, failed, expired
    }

    var strategy: String
    var status: Status = .unverified
    var attempts: Int = 0
    /// When a code stops being accepted; nil for strategies without one (password, TOTP, backup code).
    var expireAt: Millis?
    /// The code that verifies it. Never rendered.
    var code: String?
    /// The email address or phone number the code went to.
    var targetId: String?

    /// Checks `given` against the code: expiry, attempt budget, then the code itself.
    mutating func attempt(_ given: String, now: Millis, maximumAttempts: Int) -> FAPIError? {
        if status == .verified { return .stateInvalid("This verification has already been verified.") }
        if status == .failed || attempts >= maximumAttempts {
            status = .failed
            return .verificationFailed
        }
        if let expireAt, now > expireAt {
            status = .expired
            return .verificationExpired
        }
        guard let code, Self.constantTimeEquals(code, given) else {
            attempts += 1
            if attempts >= maximumAttempts { status = .failed }
            return .codeIncorrect
        }
        attempts += 1
        status = .verified
        return nil
    }

    /// Checks `code` against the prepared verification in `slot` (which must be for `strategy`), keeping the
    /// counted attempt. Nil when it verified.
    static func attemptCode(
        _ slot: inout VerificationState?, strategy: String, code: String, now: Millis, maximumAttempts: Int
    ) -> FAPIError? {
        guard var verification = slot, verification.strategy == strategy else { return .verificationMissing }
        let failure = verification.attempt(code, now: now, maximumAttempts: maximumAttempts)
        slot = verification
        return failure
    }

    /// Records a check that needs no preparation (password, TOTP, backup code) in `slot`: one more attempt,
    /// verified when `passed`. Nil when it passed, else `failure`.
    static func check(
        _ slot: inout VerificationState?, strategy: String, passed: Bool, failure: FAPIError
    ) -> FAPIError? {
        var verification = VerificationState(strategy: strategy)
        verification.attempts = (slot?.strategy == strategy ? slot?.attempts ?? 0 : 0) + 1
        if passed { verification.status = .verified }
        slot = verification
        return passed ? nil : failure
    }

    static func constantTimeEquals(_ lhs: String, _ rhs: String) -> Bool {
        let a = Array(lhs.utf8)
        let b = Array(rhs.utf8)
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }
}

/// A salted SHA-256 of a password; the emulator never keeps a password itself.
struct PasswordDigest: Sendable, Equatable {
    private let salt: [UInt8]
    private let digest: [UInt8]

    init(password: String, salt: [UInt8]) {
        self.salt = salt
        digest = Self.hash(password, salt)
    }

    func matches(_ password: String) -> Bool {
        let other = Self.hash(password, salt)
        guard other.count == digest.count else { return false }
        return zip(other, digest).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }

    private static func hash(_ password: String, _ salt: [UInt8]) -> [UInt8] {
        Array(SHA256.hash(data: salt + Array(password.utf8)))
    }
}

struct EmailRecord: Sendable, Equatable {
    var id: String
    var address: String
    /// `admin` for seeded users, `email_code` for addresses verified at sign-up.
    var verificationStrategy: String
    var createdAt: Millis
}

struct PhoneRecord: Sendable, Equatable {
    var id: String
    var number: String
    var verificationStrategy: String
    var reservedForSecondFactor: Bool
    var defaultSecondFactor: Bool
    var createdAt: Millis
}

struct UserRecord: Sendable, Equatable {
    var id: String
    var username: String?
    var firstName: String?
    var lastName: String?
    var emails: [EmailRecord] = []
    var phones: [PhoneRecord] = []
    var primaryEmailId: String?
    var primaryPhoneId: String?
    var password: PasswordDigest?
    var passwordUpdatedAt: Millis?
    /// The TOTP secret (raw bytes), when an authenticator app is enrolled.
    var totpSecret: [UInt8]?
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
    }

    var twoFactorEnabled: Bool { totpSecret != nil || !mfaPhones.isEmpty }

    /// The identifier shown for the user: primary email, else primary phone, else username.
    var displayIdentifier: String {
        emails.first { $0.id == primaryEmailId }?.address ?? phones.first { $0.id == primaryPhoneId }?.number
            ?? username ?? id
    }
}

struct OrganizationRecord: Sendable, Equatable {
    var id: String
    var name: String
    var slug: String
    var createdAt: Millis
}

struct MembershipRecord: Sendable, Equatable {
    var id: String
    var organizationId: String
    var userId: String
    var role: String
    var createdAt: Millis
}

struct SessionRecord: Sendable, Equatable {
    enum Status: String, Sendable {
        case active, ended, expired, removed, revoked, abandoned
    }

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
    var lastActiveToken: String?
}

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

/// Clerk's test-mode identifiers: `+clerk_test` email addresses and `+1 XXX 555 01XX` phone numbers, which
/// verify with `424242` and are never sent anything.
enum TestMode {
    static let code = "424242"

    static func isTestIdentifier(_ identifier: String) -> Bool {
        let lowered = identifier.lowercased()
        if lowered.contains("@") {
            let local = lowered.split(separator: "@").first ?? ""
            return local.contains("+clerk_test")
        }
        let digits = identifier.filter(\.isNumber)
        // +1 XXX 555 01XX: country code 1, exchange 555, line 0100-0199.
        guard digits.count == 11, digits.first == "1" else { return false }
        let characters = Array(digits)
        return String(characters[4..<7]) == "555" && String(characters[7..<9]) == "01"
    }
}

/// Normalizes identifiers for lookups: emails and usernames lowercased, phone numbers to `+digits`.
enum IdentifierKind: Sendable, Equatable {
    case emailAddress, phoneNumber, username

    init(classifying identifier: String) {
        if identifier.contains("@") {
            self = .emailAddress
        } else if identifier.hasPrefix("+")
            || (identifier.first?.isNumber == true && identifier.allSatisfy({ "0123456789 -().".contains($0) }))
        {
            self = .phoneNumber
        } else {
            self = .username
        }
    }

    var setting: ClerkEmulator.Identifier {
        switch self {
        case .emailAddress: .emailAddress
        case .phoneNumber: .phoneNumber
        case .username: .username
        }
    }

    static func normalizedPhone(_ number: String) -> String {
        "+" + number.filter(\.isNumber)
    }
}

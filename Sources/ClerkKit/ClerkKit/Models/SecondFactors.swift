public import Foundation

/// An authenticator app enrolment (`POST /v1/me/totp`): the secret to show once, then verify with a code.
@available(OS2023, *)
public struct TOTPResource: Codable, Sendable, Hashable, Identifiable {
    /// The id.
    public var id: String
    /// The shared secret, base32 (only in the answer to its creation).
    public var secret: String?
    /// The `otpauth://` URI to show as a QR code (only in the answer to its creation).
    public var uri: String?
    /// Whether a code verified it.
    public var verified: Bool
    /// Backup codes created with the first second factor, if any.
    public var backupCodes: [String]?
    /// When it was created.
    public var createdAt: Date?
    /// When it last changed.
    public var updatedAt: Date?

    enum CodingKeys: String, CodingKey {
        case id, secret, uri, verified
        case backupCodes = "backup_codes"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }
}

/// A new set of single-use backup codes (`POST /v1/me/backup_codes`); the previous set stops working.
@available(OS2023, *)
public struct BackupCodes: Codable, Sendable, Hashable, Identifiable {
    /// The id.
    public var id: String
    /// The codes, shown once.
    public var codes: [String]
    /// When they were created.
    public var createdAt: Date?

    enum CodingKeys: String, CodingKey {
        case id, codes
        case createdAt = "created_at"
    }
}

@available(OS2023, *)
extension TOTPResource: ClerkModel {}
@available(OS2023, *)
extension BackupCodes: ClerkModel {}

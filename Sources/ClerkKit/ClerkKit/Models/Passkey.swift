public import Foundation

/// A passkey registered to the user (created by the platform's authenticator; managed here).
@available(OS2023, *)
public struct Passkey: Codable, Sendable, Hashable, Identifiable {
    /// The id.
    public var id: String
    /// The name the user gave it.
    public var name: String
    /// When it last signed the user in.
    public var lastUsedAt: Date?
    /// Its registration's verification.
    public var verification: Verification?
    /// When it was registered.
    public var createdAt: Date?

    enum CodingKeys: String, CodingKey {
        case id, name, verification
        case lastUsedAt = "last_used_at"
        case createdAt = "created_at"
    }
}

@available(OS2023, *)
extension Passkey: ClerkModel {}

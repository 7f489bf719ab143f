public import Foundation

/// A session JWT (`{"object": "token", "jwt": "…"}`).
@available(OS2023, *)
public struct Token: Codable, Sendable, Hashable {
    /// `token`.
    public var object: String?
    /// The encoded JWT; the service may send `null`.
    public var jwt: String?
}

/// A pending step of a session, for example `choose-organization`.
@available(OS2023, *)
public struct SessionTask: Codable, Sendable, Hashable {
    /// `setup-mfa`, `reset-password`, `choose-organization`, …
    public var key: String
}

/// A session of a user on this client.
@available(OS2023, *)
public struct Session: Codable, Sendable, Hashable, Identifiable {
    /// The id (`sess_…`).
    public var id: String
    /// Whether it is signed in.
    public var status: SessionStatus
    /// When it expires.
    public var expireAt: Date?
    /// When it is abandoned if unused.
    public var abandonAt: Date?
    /// When it was last active.
    public var lastActiveAt: Date?
    /// The last session JWT the service minted, piggy-backed on the client.
    public var lastActiveToken: Token?
    /// The active organization, `nil` for the personal account.
    public var lastActiveOrganizationId: String?
    /// The impersonator, when an admin acts as the user.
    public var actor: JSONValue?
    /// The user.
    public var user: User?
    /// Public data about the user.
    public var publicUserData: PublicUserData?
    /// Minutes since the first and second factors were verified.
    public var factorVerificationAge: [Int]?
    /// Steps left before the session is active.
    public var tasks: [SessionTask]?
    /// When it was created.
    public var createdAt: Date?
    /// When it last changed.
    public var updatedAt: Date?

    enum CodingKeys: String, CodingKey {
        case id, status, actor, user, tasks
        case expireAt = "expire_at"
        case abandonAt = "abandon_at"
        case lastActiveAt = "last_active_at"
        case lastActiveToken = "last_active_token"
        case lastActiveOrganizationId = "last_active_organization_id"
        case publicUserData = "public_user_data"
        case factorVerificationAge = "factor_verification_age"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }
}

/// The device's client: its sessions and the sign-in or sign-up in progress.
@available(OS2023, *)
public struct Client: Codable, Sendable, Hashable, Identifiable {
    /// The id (`client_…`).
    public var id: String
    /// Every session on this client, signed in or not.
    @DefaultEmpty public var sessions: [Session] = []
    /// The sign-in in progress.
    public var signIn: SignIn?
    /// The sign-up in progress.
    public var signUp: SignUp?
    /// The session the app should treat as current.
    public var lastActiveSessionId: String?
    /// The strategy last used to authenticate on this client.
    public var lastAuthenticationStrategy: String?
    /// When the client's cookie expires.
    public var cookieExpiresAt: Date?
    /// When it was created.
    public var createdAt: Date?
    /// When it last changed.
    public var updatedAt: Date?

    enum CodingKeys: String, CodingKey {
        case id, sessions
        case signIn = "sign_in"
        case signUp = "sign_up"
        case lastActiveSessionId = "last_active_session_id"
        case lastAuthenticationStrategy = "last_authentication_strategy"
        case cookieExpiresAt = "cookie_expires_at"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }

    /// The current session: the one named by ``lastActiveSessionId``.
    public var lastActiveSession: Session? {
        sessions.first { $0.id == lastActiveSessionId }
    }

    /// Sessions that are signed in (`active` or `pending`).
    public var signedInSessions: [Session] {
        sessions.filter { $0.status == .active || $0.status == .pending }
    }
}

/// A page of a list (`{"data": [...], "total_count": N}`).
@available(OS2023, *)
public struct PaginatedList<Element: Codable & Sendable & Hashable>: Codable, Sendable, Hashable {
    /// The items on this page.
    @DefaultEmpty public var data: [Element] = []
    /// The number of items across all pages.
    public var totalCount: Int?

    /// Creates a page.
    public init(data: [Element], totalCount: Int?) {
        self.data = data
        self.totalCount = totalCount
    }

    enum CodingKeys: String, CodingKey {
        case data
        case totalCount = "total_count"
    }
}

/// The answer to a deletion (`{"object": "...", "id": "...", "deleted": true}`).
@available(OS2023, *)
public struct DeletedObject: Codable, Sendable, Hashable {
    /// The kind of object deleted.
    public var object: String?
    /// Its id.
    public var id: String?
    /// Whether it was deleted.
    public var deleted: Bool
}

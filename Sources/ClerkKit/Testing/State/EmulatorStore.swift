import Foundation

/// Everything the emulated instance holds: users, organizations, clients, sessions, sign-ins, sign-ups and the
/// outbox. The server drives it one request at a time; it performs the actions the state machines yield.
@available(OS2023, *)
struct EmulatorStore: Sendable {
    var configuration: ClerkEmulator.Configuration
    /// The Frontend API URL tokens name as issuer (`iss`).
    var issuer: String
    let signer: SessionTokenSigner
    let instanceId: String

    var users: [String: UserRecord] = [:]
    var userOrder: [String] = []
    var organizations: [String: OrganizationRecord] = [:]
    var memberships: [MembershipRecord] = []
    var invitations: [InvitationRecord] = []
    var domains: [DomainRecord] = []
    /// Suggestions by domain (`orgsugg_…`) and membership requests (`orgreq_…`).
    var suggestions: [JoinRecord] = []
    var membershipRequests: [JoinRecord] = []
    var clients: [String: ClientRecord] = [:]
    var clientIdByToken: [String: String] = [:]
    var sessions: [String: SessionRecord] = [:]
    /// No active session expires before this time: requests before it skip the expiry scan (a session's expiry is
    /// set once, when it is created).
    private(set) var nextSessionExpiry: Millis = .max
    var signIns: [String: SignInMachine] = [:]
    var signUps: [String: SignUpMachine] = [:]
    var outbox: [ClerkEmulator.OutboxMessage] = []
    /// Pending email links by token: the sign-in or sign-up they verify and where to redirect afterwards.
    var emailLinks: [String: EmailLink] = [:]
    /// Email links prepared with a PKCE challenge, by flow id.
    var magicLinkFlows: [String: MagicLinkFlow] = [:]
    /// Sign-in tickets (sign-in tokens) by value: the user they sign in and when they expire.
    var tickets: [String: (userId: String, expireAt: Millis)] = [:]
    /// OAuth and SSO round trips by `state`, until their callback arrives.
    var externalFlows: [String: ExternalFlow] = [:]
    /// What the emulated providers answer on their consent step, by provider; none shows a consent page.
    var consentOutcomes: [String: ClerkEmulator.ConsentOutcome] = [:]
    /// Accounts proven by a provider for a sign-in or sign-up that must transfer to the other flow, by its id.
    var transferable: [String: ProviderIdentity] = [:]
    /// Nonces the app exchanges for a rotated device token after an OAuth callback.
    var rotatingNonces: [String: RotatingNonce] = [:]
    /// Hosted sign-ins by id, until their nonce is redeemed.
    var hostedFlows: [String: HostedAuthFlow] = [:]
    /// Trusted-device enrollment challenges by `client_data`, one use each.
    var trustedDeviceEnrollments: [String: TrustedDeviceEnrollment] = [:]
    /// Signs and checks the ID tokens the emulated Apple and Google hand out (`ClerkEmulator.identityToken`).
    let identityTokens = IdentityTokenIssuer()

    /// The configuration's environment overlay, parsed once.
    let environmentOverlay: JSON?

    /// The password rules of the instance: the configuration's, with the overlay's lengths.
    var passwordPolicy: PasswordPolicy { PasswordPolicy(configuration: configuration, overlay: environmentOverlay) }

    init(configuration: ClerkEmulator.Configuration, issuer: String) throws {
        if let overlay = configuration.environmentOverlay {
            guard let parsed = JSON.parseObject(overlay) else { throw InvalidOverlay() }
            environmentOverlay = parsed
        } else {
            environmentOverlay = nil
        }
        self.configuration = configuration
        self.issuer = issuer
        instanceId = IDs.make("ins")
        signer = try SessionTokenSigner(keyId: instanceId)
    }

    // MARK: Lookups

    func user(identifiedBy identifier: String) -> UserRecord? {
        user(IdentifierKind(classifying: identifier), identifier)
    }

    func user(_ kind: IdentifierKind, _ value: String) -> UserRecord? {
        userOrder.lazy.compactMap { users[$0] }.first { user in
            switch kind {
            case .emailAddress: user.emails.contains { $0.address.lowercased() == value.lowercased() }
            case .phoneNumber: user.phones.contains { $0.number == IdentifierKind.normalizedPhone(value) }
            case .username: user.username?.lowercased() == value.lowercased()
            }
        }
    }

    func isTaken(_ kind: IdentifierKind, _ value: String) -> Bool { user(kind, value) != nil }

    func client(for request: EmulatorRequest) -> ClientRecord? {
        request.deviceToken.flatMap { clientIdByToken[$0] }.flatMap { clients[$0] }
    }

    /// Sessions of a client that are still usable, in creation order.
    func activeSessions(of client: ClientRecord, now: Millis) -> [SessionRecord] {
        client.sessionIds.compactMap { sessions[$0] }.filter { $0.status == .active && $0.expireAt > now }
    }

    // MARK: Clients

    /// A new client with a fresh device token.
    mutating func createClient(now: Millis) -> ClientRecord {
        let client = ClientRecord(id: IDs.make("client"), token: IDs.token(), createdAt: now, updatedAt: now)
        clients[client.id] = client
        clientIdByToken[client.token] = client.id
        return client
    }

    mutating func update(_ client: ClientRecord, now: Millis) {
        var client = client
        client.updatedAt = now
        clients[client.id] = client
    }

    /// Marks expired sessions as such; called before each request, it scans only once one may have expired.
    mutating func expireSessions(now: Millis) {
        guard now >= nextSessionExpiry else { return }
        var next = Millis.max
        for (id, session) in sessions where session.status == .active {
            if session.expireAt <= now {
                sessions[id]?.status = .expired
            } else {
                next = min(next, session.expireAt)
            }
        }
        nextSessionExpiry = next
    }

    // MARK: Sessions

    /// Creates an active session for `userId` on `clientId` and makes it the client's last active one. In
    /// single-session mode the client's other sessions end.
    mutating func createSession(
        id: String, userId: String, clientId: String, strategy: String, secondFactor: Bool, now: Millis
    ) {
        guard var client = clients[clientId] else { return }
        if configuration.singleSessionMode {
            for other in client.sessionIds {
                if sessions[other]?.status == .active { sessions[other]?.status = .ended }
            }
        }
        let lifetime = configuration.sessionLifetime.clampedMillis
        let session = SessionRecord(
            id: id, clientId: clientId, userId: userId, status: .active, activeOrganizationId: nil, createdAt: now,
            updatedAt: now, lastActiveAt: now, expireAt: now + lifetime, abandonAt: now + lifetime * 2,
            firstFactorVerifiedAt: now, secondFactorVerifiedAt: secondFactor ? now : nil)
        sessions[id] = session
        nextSessionExpiry = min(nextSessionExpiry, session.expireAt)
        client.sessionIds.append(id)
        client.lastActiveSessionId = id
        client.lastAuthenticationStrategy = strategy
        client.signInId = nil
        client.updatedAt = now
        clients[clientId] = client
        users[userId]?.lastSignInAt = now
        users[userId]?.lastActiveAt = now
        mintLastActiveToken(sessionId: id, now: now)
    }

    /// Ends `sessionId` with `status`; the client's last active session moves to its newest remaining one.
    mutating func endSession(_ sessionId: String, status: SessionRecord.Status, now: Millis) {
        guard var session = sessions[sessionId] else { return }
        session.status = status
        session.updatedAt = now
        session.lastActiveToken = nil
        sessions[sessionId] = session
        guard var client = clients[session.clientId] else { return }
        if client.lastActiveSessionId == sessionId {
            client.lastActiveSessionId = activeSessions(of: client, now: now).last?.id
        }
        client.updatedAt = now
        clients[client.id] = client
    }

    // MARK: Tokens

    /// Claims of a session token for `session` at `now`, with the active organization's `o` claim.
    func sessionClaims(_ session: SessionRecord, now: Millis, azp: String?, template: String?) -> JSON {
        let seconds = now / 1000
        let lifetime = configuration.sessionTokenLifetime.clampedMillis / 1000
        var claims: [(String, JSON)] = [
            ("azp", .string(azp ?? issuer)), ("exp", .int(seconds + lifetime)), ("iat", .int(seconds)),
            ("iss", .string(issuer)), ("jti", .string(IDs.random(20))), ("nbf", .int(seconds - 10)),
            ("sub", .string(session.userId)),
        ]
        guard template == nil else { return .object(claims) }
        claims.append(("sid", .string(session.id)))
        claims.append(("sts", sessionTasks(session).isEmpty ? "active" : "pending"))
        claims.append(("v", 2))
        claims.append(
            (
                "fva",
                .array([
                    Self.minutes(since: session.firstFactorVerifiedAt, now),
                    Self.minutes(since: session.secondFactorVerifiedAt, now),
                ])
            ))
        if let orgId = session.activeOrganizationId, let organization = organizations[orgId],
            let membership = memberships.first(where: { $0.organizationId == orgId && $0.userId == session.userId })
        {
            claims.append(
                (
                    "o",
                    [
                        "id": .string(organization.id), "rol": .string(Self.shortRole(membership.role)),
                        "slg": .string(organization.slug),
                    ]
                ))
        }
        return .object(claims)
    }

    private static func minutes(since time: Millis?, _ now: Millis) -> JSON {
        guard let time else { return -1 }
        return .int(max(0, (now - time) / 60_000))
    }

    /// `org:admin` → `admin`, as Clerk's v2 claims abbreviate roles.
    static func shortRole(_ role: String) -> String {
        role.hasPrefix("org:") ? String(role.dropFirst(4)) : role
    }

    /// Mints a fresh token for the session and keeps it as its `last_active_token`. Its claims are fixed here;
    /// it is signed when first read, which for an answer is outside the emulator's actor (``SessionToken``).
    mutating func mintLastActiveToken(sessionId: String, now: Millis, azp: String? = nil) {
        guard let session = sessions[sessionId] else { return }
        let token = signer.token(
            claims: sessionClaims(session, now: now, azp: azp, template: nil), originIssuedAt: now / 1000,
            issuedAt: now / 1000)
        sessions[sessionId]?.lastActiveToken = token
    }

    /// Mints tokens for active sessions whose `last_active_token` expired (or is missing), as the service
    /// piggybacks a fresh one.
    mutating func refreshTokens(of client: ClientRecord, now: Millis) {
        let lifetime = configuration.sessionTokenLifetime.clampedMillis
        for session in activeSessions(of: client, now: now) {
            let issued = session.lastActiveTokenIssuedSeconds
            if issued.map({ $0 * 1000 + lifetime <= now + 5_000 }) ?? true {
                mintLastActiveToken(sessionId: session.id, now: now)
            }
        }
    }

    /// `iat` of a token this emulator signed.
    static func issuedAt(_ jwt: String) -> Millis? {
        let parts = jwt.split(separator: ".")
        guard parts.count == 3, let data = Base64URL.decode(String(parts[1])),
            let claims = try? JSONDecoder().decode(JSON.self, from: data), case .int(let iat)? = claims["iat"]
        else { return nil }
        return iat
    }

    // MARK: Outbox

    /// Puts a code or link in the outbox; a link opens `target` (then redirects to `redirectURL`).
    mutating func deliver(
        _ delivery: Delivery, now: Millis, linking target: EmailLink.Target? = nil, redirectURL: String? = nil
    ) {
        if let token = delivery.linkToken, let target {
            emailLinks[token] = EmailLink(target: target, redirectURL: redirectURL)
        }
        outbox.append(
            ClerkEmulator.OutboxMessage(
                channel: delivery.channel == .email ? .email : .sms, to: delivery.to, code: delivery.code,
                link: delivery.linkToken.flatMap { URL(string: issuer + "/v1/verify?token=" + $0) },
                purpose: delivery.purpose, sentAt: Date(timeIntervalSince1970: Double(now) / 1000)))
    }
}

/// An email link waiting to be opened.
@available(OS2023, *)
struct EmailLink: Sendable, Equatable {
    enum Target: Sendable, Equatable {
        case signIn(String)
        case signUp(String)
    }

    var target: Target
    var redirectURL: String?
    /// The PKCE flow the link approves, when it was prepared with a challenge.
    var flowId: String? = nil
}

/// Clerk-style identifiers: a prefix, an underscore and 27 base62 characters.
@available(OS2023, *)
enum IDs {
    private static let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")

    static func make(_ prefix: String) -> String { prefix + "_" + random(27) }

    /// `count` characters of the alphabet, each equally likely. Eight random bytes are drawn at a time (one system
    /// call each), not one draw per character: a sign-in makes several identifiers.
    static func random(_ count: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        var characters: [Character] = []
        characters.reserveCapacity(count)
        // 248 is 4 × 62: a byte at or above it is dropped, so that every character is equally likely.
        let limit = UInt64(256 / alphabet.count * alphabet.count)
        while characters.count < count {
            var bytes: UInt64 = generator.next()
            for _ in 0..<8 where characters.count < count {
                let byte = bytes & 0xFF
                bytes >>= 8
                if byte < limit { characters.append(alphabet[Int(byte) % alphabet.count]) }
            }
        }
        return String(characters)
    }

    /// An opaque device token.
    static func token() -> String { "emu_" + random(48) }

    /// Six random digits.
    static func code() -> String {
        var generator = SystemRandomNumberGenerator()
        let value = generator.next(upperBound: UInt64(1_000_000))
        let text = String(value)
        return String(repeating: "0", count: 6 - text.count) + text
    }
}

/// The configuration's environment overlay is not a JSON object.
struct InvalidOverlay: Error, CustomStringConvertible {
    var description: String { "the environment overlay is not a JSON object" }
}

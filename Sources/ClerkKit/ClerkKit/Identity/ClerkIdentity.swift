public import Foundation

/// The device's identity as one value: the device token, the client it names, and the server date of the
/// response that carried that client.
///
/// Products that share the identity beyond this process (`ClerkKitSharedSessions`, `ClerkKitWatchSync`) read it
/// from ``Clerk/identityChanges`` and hand what they receive to ``Clerk/adoptIdentity(_:)``. The device token is a
/// secret: store an encoded identity only where secrets may go (a ``SecureStore``).
@available(OS2023, *)
public struct ClerkIdentity: Sendable, Hashable, Codable {
    /// The device token sent as `Authorization`, or `nil` before the first response and after a clear.
    public var deviceToken: String?
    /// The client the token names, once known.
    public var client: Client?
    /// The `Date` of the response that carried ``client``, if it had one.
    public var serverDate: Date?

    /// Creates an identity.
    public init(deviceToken: String? = nil, client: Client? = nil, serverDate: Date? = nil) {
        self.deviceToken = deviceToken
        self.client = client
        self.serverDate = serverDate
    }

    /// No token and no client: what a clear leaves.
    public static let empty = ClerkIdentity()

    /// Whether the client has a session that is signed in (active or pending).
    public var isSignedIn: Bool {
        client?.sessions.contains { $0.status == .active || $0.status == .pending } ?? false
    }

    /// The identity as JSON, in the format ClerkKit stores clients in (dates in milliseconds).
    public func encoded() throws(ClerkError) -> Data {
        do {
            return try ClerkJSON.encoder().encode(self)
        } catch {
            throw ClerkError(.encoding, "The identity could not be encoded.", underlying: error)
        }
    }

    /// Reads an identity written by ``encoded()``; anything else is a ``ClerkError/Code/decoding`` error.
    public init(encoded data: Data) throws(ClerkError) {
        do {
            self = try ClerkJSON.decoder().decode(ClerkIdentity.self, from: data)
        } catch {
            throw ClerkError(.decoding, "The data is not an encoded identity.", underlying: DecodingFailure(error))
        }
        if let token = deviceToken, token.isEmpty || token.contains(where: \.isNewline) {
            throw ClerkError(.decoding, "The encoded identity has an unusable device token.")
        }
    }

    private enum CodingKeys: String, CodingKey {
        case deviceToken = "device_token"
        case client
        case serverDate = "server_date"
    }
}

/// A change of the identity, and where it came from.
@available(OS2023, *)
public struct ClerkIdentityChange: Sendable, Hashable {
    /// Where a change came from.
    public struct Origin: Sendable, Hashable, CustomStringConvertible {
        private enum Base: String, Sendable, Hashable {
            case local, adopted, restored
        }
        private let base: Base
        private init(_ base: Base) { self.base = base }

        /// A response or a sign-out in this process: share it.
        public static let local = Origin(.local)
        /// ``Clerk/adoptIdentity(_:)``: it came from elsewhere; sharing it back is not needed.
        public static let adopted = Origin(.adopted)
        /// Loaded from this process's store at launch (``Clerk/hydrate()``).
        public static let restored = Origin(.restored)

        /// The origin's name.
        public var description: String { base.rawValue }
    }

    /// The identity after the change.
    public var identity: ClerkIdentity
    /// Where the change came from.
    public var origin: Origin

    /// Creates a change.
    public init(identity: ClerkIdentity, origin: Origin) {
        self.identity = identity
        self.origin = origin
    }
}

@available(OS2023, *)
extension IdentityStore.Snapshot {
    var identity: ClerkIdentity {
        ClerkIdentity(deviceToken: deviceToken, client: client, serverDate: clientOrder?.serverDate)
    }
}

@available(OS2023, *)
extension Clerk {
    /// The device's identity now.
    public var identity: ClerkIdentity { core.identity.snapshot.identity }

    /// A new subscription to changes of the identity, each with its origin; every subscriber receives every change
    /// made after it subscribed.
    public var identityChanges: AsyncStream<ClerkIdentityChange> { identityHub.subscribe() }

    /// Replaces the identity with one received from elsewhere (another process of the app group, a paired device).
    ///
    /// The caller decides which identity is newer; this applies it as one value, persists it, and makes responses
    /// to requests sent with the previous token or client be ignored. Returns whether anything changed.
    @discardableResult
    public func adoptIdentity(_ identity: ClerkIdentity) -> Bool {
        core.identity.adopt(identity) != nil
    }
}

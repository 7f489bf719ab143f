public import ClerkKit
public import Foundation

/// One publication of the identity by one process of an app group: what every other process reduces to pick the
/// identity they all hold.
///
/// Events are ordered by ``generation`` (each publication is one above the highest generation its writer had
/// seen), then by whether they carry a server date, then by that date, then by the owner identifier and finally
/// by the event id (``SharedSessionReducer``). The identity's device token is a secret: an event is stored only in
/// a ``SecureStore``, and its `description` never shows it.
@available(OS2023, *)
public struct SharedSessionEvent: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Identifies this publication; copies of one event that differ are conflicts and never win.
    public var id: UUID
    /// The process that published it (its owner identifier).
    public var originOwnerIdentifier: String
    /// The place of this publication in the group's order; always above zero.
    public var generation: UInt64
    /// The device token, the client and its server date.
    public var identity: ClerkIdentity

    /// Creates an event.
    public init(id: UUID, originOwnerIdentifier: String, generation: UInt64, identity: ClerkIdentity) {
        self.id = id
        self.originOwnerIdentifier = originOwnerIdentifier
        self.generation = generation
        self.identity = identity
    }

    /// The event without its secrets: id, owner, generation, and whether it is signed in.
    public var description: String {
        "SharedSessionEvent(\(id), owner: \(originOwnerIdentifier), generation: \(generation), "
            + "signedIn: \(identity.isSignedIn))"
    }

    /// Checks what a reader relies on: a generation above zero, a plain owner identifier, a usable device token.
    public func validated() throws(ClerkError) -> SharedSessionEvent {
        guard generation > 0 else {
            throw ClerkError(.decoding, "A shared session event has generation 0.")
        }
        guard SharedSessionOwner.isValid(originOwnerIdentifier) else {
            throw ClerkError(.decoding, "A shared session event has an unusable owner identifier.")
        }
        if let token = identity.deviceToken, token.isEmpty || token.contains(where: \.isNewline) {
            throw ClerkError(.decoding, "A shared session event has an unusable device token.")
        }
        return self
    }

    /// Whether this event and `other` name the same device token and client (ignoring the server date).
    func holdsSameIdentity(as other: ClerkIdentity) -> Bool {
        identity.deviceToken == other.deviceToken && identity.client == other.client
    }

    private enum CodingKeys: String, CodingKey {
        case id
        case originOwnerIdentifier = "origin_owner_identifier"
        case generation
        case identity
    }
}

/// Owner identifiers: letters, digits, `.`, `-` and `_` (a bundle identifier plus a role, such as
/// `com.example.app.widget`), so that each names one slot.
@available(OS2023, *)
enum SharedSessionOwner {
    static let maximumLength = 128

    static func isValid(_ owner: String) -> Bool {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-_")
        return !owner.isEmpty && owner.count <= maximumLength && !owner.hasPrefix(".")
            && owner.allSatisfy(allowed.contains)
    }

    /// The secure store key of an owner's slot.
    static func slotKey(_ owner: String) -> String { "clerkSharedSessionSlot.\(owner)" }
}

/// What one owner's slot holds: a schema version, the owner, and its latest event.
@available(OS2023, *)
struct SharedSessionSlot: Sendable, Hashable, Codable {
    static let currentSchemaVersion = 1

    var schemaVersion: Int
    var slotOwnerIdentifier: String
    var event: SharedSessionEvent

    init(owner: String, event: SharedSessionEvent) {
        schemaVersion = Self.currentSchemaVersion
        slotOwnerIdentifier = owner
        self.event = event
    }

    /// The slot as JSON (dates in milliseconds, as ClerkKit stores clients).
    func encoded() throws(ClerkError) -> Data {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .millisecondsSince1970
        encoder.outputFormatting = [.sortedKeys]
        do {
            return try encoder.encode(self)
        } catch {
            throw ClerkError(.encoding, "The shared session slot could not be encoded.")
        }
    }

    /// Reads a slot written by ``encoded()`` for `owner`; anything else is a ``ClerkError/Code/decoding`` error.
    init(encoded data: Data, owner: String) throws(ClerkError) {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .millisecondsSince1970
        do {
            self = try decoder.decode(SharedSessionSlot.self, from: data)
        } catch {
            throw ClerkError(.decoding, "The shared session slot of \(owner) is not a slot.")
        }
        guard schemaVersion == Self.currentSchemaVersion else {
            throw ClerkError(.decoding, "The shared session slot of \(owner) has schema \(schemaVersion).")
        }
        guard slotOwnerIdentifier == owner else {
            throw ClerkError(.decoding, "The shared session slot of \(owner) names another owner.")
        }
        event = try event.validated()
    }

    private enum CodingKeys: String, CodingKey {
        case schemaVersion = "schema_version"
        case slotOwnerIdentifier = "slot_owner_identifier"
        case event
    }
}

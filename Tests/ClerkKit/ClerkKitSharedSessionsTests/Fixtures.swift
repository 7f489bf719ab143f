import ClerkKit
import ClerkKitSharedSessions
import Foundation

/// Values for the shared-session tests.
@available(OS2023, *)
enum Fixtures {
    /// A client decoded from JSON, as ClerkKit receives one: signed in or not, with an `updated_at`.
    static func client(_ id: String, signedIn: Bool = true, updatedAt: Double? = nil) -> Client {
        var object: [String: Any] = [
            "id": id, "sessions": signedIn ? [["id": "sess_\(id)", "status": "active"]] : [[String: Any]](),
        ]
        if let updatedAt { object["updated_at"] = updatedAt * 1000 }
        guard let data = try? JSONSerialization.data(withJSONObject: object), let client = try? Client(jsonData: data)
        else { preconditionFailure("fixture client does not decode") }
        return client
    }

    static func identity(_ token: String?, _ clientID: String? = nil, at seconds: Double? = nil, signedIn: Bool = true)
        -> ClerkIdentity
    {
        ClerkIdentity(
            deviceToken: token, client: clientID.map { client($0, signedIn: signedIn) },
            serverDate: seconds.map { Date(timeIntervalSince1970: $0) })
    }

    static func event(
        _ number: Int, owner: String = "app", generation: UInt64, _ identity: ClerkIdentity = identity("t", "c")
    ) -> SharedSessionEvent {
        SharedSessionEvent(id: uuid(number), originOwnerIdentifier: owner, generation: generation, identity: identity)
    }

    /// A fixed UUID whose order follows `number`.
    static func uuid(_ number: Int) -> UUID {
        guard let uuid = UUID(uuidString: String(format: "00000000-0000-0000-0000-%012d", number)) else {
            preconditionFailure("fixture uuid")
        }
        return uuid
    }
}

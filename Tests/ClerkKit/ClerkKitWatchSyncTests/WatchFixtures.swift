import ClerkKit
import ClerkKitWatchSync
import Foundation

/// Values for the watch-sync tests.
@available(OS2023, *)
enum WatchFixtures {
    /// A client decoded from JSON, as ClerkKit receives one.
    static func client(_ id: String, signedIn: Bool = true, updatedAt: Double? = nil) -> Client {
        var object: [String: Any] = [
            "id": id, "sessions": signedIn ? [["id": "sess_\(id)", "status": "active"]] : [[String: Any]](),
        ]
        if let updatedAt { object["updated_at"] = updatedAt * 1000 }
        guard let data = try? JSONSerialization.data(withJSONObject: object), let client = try? Client(jsonData: data)
        else { preconditionFailure("fixture client does not decode") }
        return client
    }

    static func state(
        _ token: String?, _ clientID: String? = nil, at seconds: Double? = nil, updatedAt: Double? = nil,
        signedIn: Bool = true, generation: UInt64 = 0
    ) -> WatchSyncState {
        WatchSyncState(
            identity: ClerkIdentity(
                deviceToken: token, client: clientID.map { client($0, signedIn: signedIn, updatedAt: updatedAt) },
                serverDate: seconds.map { Date(timeIntervalSince1970: $0) }),
            clearGeneration: generation)
    }
}

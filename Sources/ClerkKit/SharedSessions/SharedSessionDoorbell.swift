import ClerkKit
public import Foundation
import Wormhole

/// Where the processes of an app group ring each other after publishing: a `Wormhole` in a shared directory
/// (inotify on Linux, Darwin notifications on Apple platforms). It carries who published which generation,
/// never the identity itself.
@available(OS2023, *)
public struct SharedSessionDoorbell: Sendable, Hashable {
    enum Location: Sendable, Hashable {
        case directory(URL)
        case appGroup(String, subdirectory: String?)
    }

    let location: Location

    /// A doorbell in `directory`, which every process of the group can write (created if missing).
    public static func directory(_ directory: URL) -> SharedSessionDoorbell {
        SharedSessionDoorbell(location: .directory(directory))
    }

    /// A doorbell in the app group's shared container, in `subdirectory` of it.
    public static func appGroup(_ identifier: String, subdirectory: String? = "clerk-shared-sessions")
        -> SharedSessionDoorbell
    {
        SharedSessionDoorbell(location: .appGroup(identifier, subdirectory: subdirectory))
    }

    /// The mailbox the announcements are queued in: the queue also tells a starting process which owners exist.
    static let identifier: MessageIdentifier = "clerk-shared-sessions"
    /// How many announcements the queue keeps.
    static let capacity = 256

    func makeWormhole() throws(ClerkError) -> Wormhole {
        var configuration: Configuration
        switch location {
        case .directory(let url): configuration = Configuration(directory: url)
        case .appGroup(let identifier, let subdirectory):
            configuration = Configuration(appGroupIdentifier: identifier, directory: subdirectory)
        }
        configuration.deliveryModes[Self.identifier] = .queue(capacity: Self.capacity)
        do {
            return try Wormhole(configuration: configuration)
        } catch {
            throw ClerkError(.storage, "The shared session doorbell cannot be opened.", underlying: error)
        }
    }
}

package import Foundation

/// What one side puts in its application context for a synced value.
package struct SyncEnvelope: Codable, Sendable, Equatable {
    /// The encoded value.
    package var value: Data
    /// The value's revision.
    package var revision: SyncRevision
    /// The revision the author held when it made the change (`nil`: none), to tell concurrent changes.
    package var base: SyncRevision?
    /// The newest revision the sender knows the receiver holds.
    package var acknowledged: SyncRevision?
    /// Counts the sender's sends, so that a re-send is never an identical context.
    package var beat: UInt64

    package init(
        value: Data, revision: SyncRevision, base: SyncRevision?, acknowledged: SyncRevision?, beat: UInt64
    ) {
        self.value = value
        self.revision = revision
        self.base = base
        self.acknowledged = acknowledged
        self.beat = beat
    }

    /// The application-context key of the state named `name`.
    package static func key(for name: String) -> String {
        "sundialkit.synced.\(name)"
    }
}

/// What a side persists, so that a restart resumes with the same replica, value and revisions.
package struct SyncSnapshot: Codable, Sendable, Equatable {
    package var replica: String
    package var value: Data?
    package var revision: SyncRevision?
    package var base: SyncRevision?
    /// The newest revision the counterpart reported holding.
    package var counterpartRevision: SyncRevision?
    package var clock: UInt64

    package init(replica: String) {
        self.replica = replica
        clock = 0
    }
}

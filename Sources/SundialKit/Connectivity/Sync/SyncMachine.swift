package import Foundation

/// The decisions of one side of a ``SyncedState``: a local change, a received envelope or a heartbeat goes in,
/// the actions for the driver come out (persist before anything else, then apply, report and send).
package struct SyncMachine: Sendable {
    package enum Action: Sendable, Equatable {
        /// Store this snapshot before acting on anything else.
        case persist(SyncSnapshot)
        /// Put this envelope in the application context.
        case send(SyncEnvelope)
        /// The counterpart's value replaced this side's.
        case apply(Data, SyncRevision)
        /// Concurrent changes: this side's (value, revision) and the counterpart's.
        case conflict(local: Data, localRevision: SyncRevision, remote: Data, remoteRevision: SyncRevision)
        /// The counterpart now holds this side's current revision.
        case acknowledged(SyncRevision)
    }

    package private(set) var snapshot: SyncSnapshot
    private var beat: UInt64 = 0

    package init(snapshot: SyncSnapshot) {
        self.snapshot = snapshot
    }

    /// Whether the counterpart holds this side's current revision (or there is nothing to hold).
    package var isAcknowledged: Bool {
        guard let revision = snapshot.revision else { return true }
        return snapshot.counterpartRevision.map { $0 >= revision } ?? false
    }

    /// This side changes the value.
    package mutating func change(to value: Data) -> [Action] {
        let counter =
            max(snapshot.clock, snapshot.revision?.counter ?? 0, snapshot.counterpartRevision?.counter ?? 0) + 1
        snapshot.base = snapshot.revision
        snapshot.revision = SyncRevision(counter: counter, replica: snapshot.replica)
        snapshot.value = value
        snapshot.clock = counter
        return [.persist(snapshot), .send(nextEnvelope())]
    }

    /// The counterpart's envelope arrived.
    package mutating func receive(_ envelope: SyncEnvelope) -> [Action] {
        let before = snapshot
        let wasAcknowledged = isAcknowledged
        let isNews = snapshot.counterpartRevision.map { envelope.revision > $0 } ?? true
        snapshot.clock = max(snapshot.clock, envelope.revision.counter)
        if isNews {
            snapshot.counterpartRevision = envelope.revision
        }
        var reports: [Action] = []
        if let local = snapshot.revision, let localValue = snapshot.value {
            let concurrent =
                isNews && local.replica == snapshot.replica && envelope.revision.replica != snapshot.replica
                && envelope.base != local && envelope.revision != local
            if concurrent {
                reports.append(
                    .conflict(
                        local: localValue, localRevision: local, remote: envelope.value,
                        remoteRevision: envelope.revision))
            }
            if envelope.revision > local {
                adopt(envelope)
                reports.append(.apply(envelope.value, envelope.revision))
            }
            // An older or equal revision is never applied.
        } else {
            adopt(envelope)
            reports.append(.apply(envelope.value, envelope.revision))
        }
        if !wasAcknowledged, isAcknowledged, let revision = snapshot.revision, revision.replica == snapshot.replica {
            reports.append(.acknowledged(revision))
        }
        var actions: [Action] = snapshot == before ? [] : [.persist(snapshot)]
        actions += reports
        // Answer whenever the sender does not know what this side holds: that is the acknowledgement.
        if let revision = snapshot.revision, envelope.acknowledged != revision {
            actions.append(.send(nextEnvelope()))
        }
        return actions
    }

    /// The heartbeat: re-send while the counterpart has not reported holding this side's revision.
    package mutating func heartbeat() -> [Action] {
        guard snapshot.revision != nil, !isAcknowledged else { return [] }
        return [.send(nextEnvelope())]
    }

    private mutating func adopt(_ envelope: SyncEnvelope) {
        snapshot.value = envelope.value
        snapshot.revision = envelope.revision
        snapshot.base = envelope.base
    }

    private mutating func nextEnvelope() -> SyncEnvelope {
        beat &+= 1
        // Only called with a revision (after a change, or holding one).
        return SyncEnvelope(
            value: snapshot.value ?? Data(), revision: snapshot.revision ?? SyncRevision(counter: 0, replica: ""),
            base: snapshot.base, acknowledged: snapshot.counterpartRevision, beat: beat)
    }
}

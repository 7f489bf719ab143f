import ClerkKit
import Foundation

/// The owners' slots in the group's secure store: one key per owner, each holding that owner's latest event.
@available(OS2023, *)
struct SharedSessionSlots: Sendable {
    /// A slot that could not be read, and why (never with its contents).
    struct Failure: Sendable {
        var owner: String
        var error: ClerkError
    }

    let store: any SecureStore

    /// The events of `owners`' slots; a missing slot is skipped, an unreadable or corrupt one is a failure.
    func read(_ owners: some Sequence<String>) -> (events: [SharedSessionEvent], failures: [Failure]) {
        var events: [SharedSessionEvent] = []
        var failures: [Failure] = []
        for owner in Set(owners).sorted() where SharedSessionOwner.isValid(owner) {
            do throws(ClerkError) {
                guard let data = try store.data(forKey: SharedSessionOwner.slotKey(owner)) else { continue }
                events.append(try SharedSessionSlot(encoded: data, owner: owner).event)
            } catch {
                failures.append(Failure(owner: owner, error: error))
            }
        }
        return (events, failures)
    }

    /// Replaces `owner`'s slot with `event` in one write (the store's writes are atomic).
    func write(_ event: SharedSessionEvent, owner: String) throws(ClerkError) {
        let data = try SharedSessionSlot(owner: owner, event: event).encoded()
        try store.set(data, forKey: SharedSessionOwner.slotKey(owner))
    }
}

/// What the doorbell carries: who published which event. No secret: the identity stays in the secure store.
@available(OS2023, *)
struct SharedSessionAnnouncement: Sendable, Hashable, Codable {
    var owner: String
    var generation: UInt64
    var eventID: UUID

    private enum CodingKeys: String, CodingKey {
        case owner, generation
        case eventID = "event_id"
    }
}

import ClerkKit
import Foundation

/// Every decision of shared-session sync, as a value: what to do with a change of this process's identity, with
/// what the slots hold, and with a doorbell from another process. The driver (``SharedSessionSync``) reads and
/// writes the slots, rings the doorbell and calls `adoptIdentity`; this type only says which.
@available(OS2023, *)
struct SharedSessionState: Sendable, Hashable {
    enum Input: Sendable, Hashable {
        /// This process's identity changed. `slots` were read just before; `current` is the identity now (a later
        /// change may have replaced this one already); `newEventID` names the event a publication would be.
        case identityChanged(ClerkIdentityChange, slots: [SharedSessionEvent], current: ClerkIdentity, newEventID: UUID)
        /// The slots were read (at start, after a doorbell, on request); `current` is this process's identity.
        case slotsRead([SharedSessionEvent], current: ClerkIdentity, newEventID: UUID)
        /// Another process (or this one) rang the doorbell after publishing an event.
        case doorbell(owner: String, generation: UInt64, eventID: UUID)
    }

    enum Action: Sendable, Hashable {
        /// Write the event to this process's slot, then ring the doorbell.
        case publish(SharedSessionEvent)
        /// Hand the event's identity to `Clerk.adoptIdentity`.
        case adopt(SharedSessionEvent)
        /// Read every slot, then feed ``Input/slotsRead(_:current:newEventID:)``.
        case readSlots
        /// Nothing to do, and why.
        case ignore(Ignored)
    }

    enum Ignored: Sendable, Hashable {
        /// The change came from `adoptIdentity`: it is already shared.
        case adopted
        /// The change was loaded from this process's store: the slots, read at start, decide.
        case restored
        /// A later change replaced this one in this process before it was handled.
        case superseded
        /// The change leaves the device token and client as the held event has them (a response that only moved
        /// the server date): nothing to share.
        case unchanged
        /// No slot holds a valid event, and this process has nothing to seed them with.
        case nothingShared
        /// The winner is the event this process holds.
        case alreadyHeld
        /// The winner comes before the event this process holds: a stale write.
        case stale
        /// The winner names the identity this process has.
        case sameIdentity
        /// This process published the event the doorbell announces.
        case ownPublication
        /// No generation is left above the highest one seen.
        case generationExhausted
    }

    /// This process's owner identifier.
    let owner: String
    /// The highest generation seen in any slot or publication.
    private(set) var maximumGeneration: UInt64 = 0
    /// The event whose identity this process holds (published or adopted), once there is one.
    private(set) var held: SharedSessionEvent?

    init(owner: String) {
        self.owner = owner
    }

    mutating func handle(_ input: Input) -> Action {
        switch input {
        case .identityChanged(let change, let slots, let current, let newEventID):
            return identityChanged(change, slots: slots, current: current, newEventID: newEventID)
        case .slotsRead(let slots, let current, let newEventID):
            return slotsRead(slots, current: current, newEventID: newEventID)
        case .doorbell(let owner, _, let eventID):
            return owner == self.owner && eventID == held?.id ? .ignore(.ownPublication) : .readSlots
        }
    }

    private mutating func identityChanged(
        _ change: ClerkIdentityChange, slots: [SharedSessionEvent], current: ClerkIdentity, newEventID: UUID
    ) -> Action {
        if change.origin == .adopted { return .ignore(.adopted) }
        if change.origin == .restored { return .ignore(.restored) }
        guard sameIdentity(change.identity, current) else { return .ignore(.superseded) }
        if let held, held.holdsSameIdentity(as: change.identity) { return .ignore(.unchanged) }
        let reduction = SharedSessionReducer.reduce(slots)
        maximumGeneration = max(maximumGeneration, reduction.maximumGeneration)
        if let winner = reduction.winner, isUnseen(winner), winner.originOwnerIdentifier != owner {
            // Another process published while this one changed: the later server date decides.
            if winner.holdsSameIdentity(as: change.identity) {
                held = winner
                return .ignore(.sameIdentity)
            }
            if let theirs = winner.identity.serverDate, let mine = change.identity.serverDate, theirs > mine {
                held = winner
                return .adopt(winner)
            }
        }
        return publish(change.identity, id: newEventID)
    }

    private mutating func slotsRead(_ slots: [SharedSessionEvent], current: ClerkIdentity, newEventID: UUID) -> Action {
        let reduction = SharedSessionReducer.reduce(slots)
        maximumGeneration = max(maximumGeneration, reduction.maximumGeneration)
        guard let winner = reduction.winner else {
            // Nothing readable is shared: seed the slots with what this process holds, once.
            guard held == nil, current.deviceToken != nil else { return .ignore(.nothingShared) }
            return publish(current, id: newEventID)
        }
        if winner.id == held?.id { return .ignore(.alreadyHeld) }
        guard isUnseen(winner) else { return .ignore(.stale) }
        if held == nil, current.deviceToken != nil, !winner.holdsSameIdentity(as: current),
            let mine = current.serverDate, let theirs = winner.identity.serverDate, mine > theirs
        {
            // At start, this process holds a newer identity than any published (it stopped before publishing).
            return publish(current, id: newEventID)
        }
        held = winner
        return winner.holdsSameIdentity(as: current) ? .ignore(.sameIdentity) : .adopt(winner)
    }

    /// Whether `winner` comes after the held event (or nothing is held).
    private func isUnseen(_ winner: SharedSessionEvent) -> Bool {
        guard let held else { return true }
        return winner.id != held.id && SharedSessionReducer.precedes(held, winner)
    }

    private mutating func publish(_ identity: ClerkIdentity, id: UUID) -> Action {
        let (generation, overflow) = maximumGeneration.addingReportingOverflow(1)
        guard !overflow else { return .ignore(.generationExhausted) }
        let event = SharedSessionEvent(id: id, originOwnerIdentifier: owner, generation: generation, identity: identity)
        maximumGeneration = generation
        held = event
        return .publish(event)
    }

    private func sameIdentity(_ lhs: ClerkIdentity, _ rhs: ClerkIdentity) -> Bool {
        lhs.deviceToken == rhs.deviceToken && lhs.client == rhs.client
    }
}

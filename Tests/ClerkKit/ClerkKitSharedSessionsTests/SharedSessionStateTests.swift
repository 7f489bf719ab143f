import ClerkKit
import Foundation
import Testing

@testable import ClerkKitSharedSessions

@Suite("Shared sessions: the decisions of one process")
struct SharedSessionStateTests {
    @available(OS2023, *)
    typealias F = Fixtures

    @available(OS2023, *)
    func change(_ identity: ClerkIdentity, _ origin: ClerkIdentityChange.Origin = .local) -> ClerkIdentityChange {
        ClerkIdentityChange(identity: identity, origin: origin)
    }

    @available(OS2023, *)
    @Test("A local change is published one generation above the highest seen, and becomes the held event")
    func localChangePublishes() {
        var state = SharedSessionState(owner: "app")
        let signedIn = F.identity("t1", "c1", at: 100)
        let others = [F.event(1, owner: "widget", generation: 4, signedIn)]
        let action = state.handle(
            .identityChanged(change(signedIn), slots: others, current: signedIn, newEventID: F.uuid(50)))
        // The widget's event holds the same identity, unseen: held, not republished.
        #expect(action == .ignore(.sameIdentity))
        let signedOut = F.identity("t1", "c1", at: 101, signedIn: false)
        let next = state.handle(
            .identityChanged(change(signedOut), slots: others, current: signedOut, newEventID: F.uuid(50)))
        #expect(
            next
                == .publish(
                    SharedSessionEvent(
                        id: F.uuid(50), originOwnerIdentifier: "app", generation: 5, identity: signedOut)))
        #expect(state.held?.generation == 5 && state.maximumGeneration == 5)
        // A response that only moves the server date changes nothing worth sharing.
        let sameLater = F.identity("t1", "c1", at: 102, signedIn: false)
        #expect(
            state.handle(.identityChanged(change(sameLater), slots: [], current: sameLater, newEventID: F.uuid(51)))
                == .ignore(.unchanged))
    }

    @available(OS2023, *)
    @Test("Adopted and restored changes are never published; a change already replaced is skipped")
    func originsThatDoNotPublish() {
        var state = SharedSessionState(owner: "app")
        let identity = F.identity("t1", "c1", at: 100)
        #expect(
            state.handle(
                .identityChanged(change(identity, .adopted), slots: [], current: identity, newEventID: F.uuid(1)))
                == .ignore(.adopted))
        #expect(
            state.handle(
                .identityChanged(change(identity, .restored), slots: [], current: identity, newEventID: F.uuid(1)))
                == .ignore(.restored))
        let replaced = F.identity("t0", "c0", at: 90)
        #expect(
            state.handle(.identityChanged(change(replaced), slots: [], current: identity, newEventID: F.uuid(1)))
                == .ignore(.superseded))
        #expect(state.held == nil && state.maximumGeneration == 0)
    }

    @available(OS2023, *)
    @Test("A concurrent publication with a later server date is adopted instead of overwritten; an earlier one loses")
    func concurrentWriters() {
        let mine = F.identity("mine", "c1", at: 100)
        let newer = F.event(1, owner: "widget", generation: 3, F.identity("theirs", "c2", at: 200))
        var state = SharedSessionState(owner: "app")
        #expect(
            state.handle(.identityChanged(change(mine), slots: [newer], current: mine, newEventID: F.uuid(9)))
                == .adopt(newer))
        #expect(state.held == newer)

        let older = F.event(2, owner: "widget", generation: 3, F.identity("theirs", "c2", at: 50))
        var other = SharedSessionState(owner: "app")
        let action = other.handle(.identityChanged(change(mine), slots: [older], current: mine, newEventID: F.uuid(9)))
        #expect(
            action
                == .publish(
                    SharedSessionEvent(
                        id: F.uuid(9), originOwnerIdentifier: "app", generation: 4, identity: mine)))

        // Undated on either side: this process's change is the later act, so it is published.
        var undated = SharedSessionState(owner: "app")
        let undatedChange = change(F.identity("mine", "c1"))
        if case .publish(let event) = undated.handle(
            .identityChanged(undatedChange, slots: [newer], current: undatedChange.identity, newEventID: F.uuid(9)))
        {
            #expect(event.generation == 4)
        } else {
            Issue.record("an undated local change is published")
        }
    }

    @available(OS2023, *)
    @Test("Reading the slots: adopt a new winner, ignore the held one, a stale one, and the same identity")
    func slotsRead() {
        var state = SharedSessionState(owner: "app")
        let current = F.identity("t0", "c0", at: 10)
        let first = F.event(1, owner: "widget", generation: 2, F.identity("t1", "c1", at: 100))
        #expect(state.handle(.slotsRead([first], current: current, newEventID: F.uuid(9))) == .adopt(first))
        #expect(
            state.handle(.slotsRead([first], current: first.identity, newEventID: F.uuid(9))) == .ignore(.alreadyHeld))
        let stale = F.event(2, owner: "intent", generation: 1, F.identity("old", "c9", at: 999))
        #expect(state.handle(.slotsRead([stale], current: first.identity, newEventID: F.uuid(9))) == .ignore(.stale))
        let same = F.event(3, owner: "intent", generation: 3, first.identity)
        #expect(
            state.handle(.slotsRead([first, same], current: first.identity, newEventID: F.uuid(9)))
                == .ignore(.sameIdentity))
        #expect(state.held == same && state.maximumGeneration == 3)
        let signOut = F.event(4, owner: "intent", generation: 4, .empty)
        #expect(
            state.handle(.slotsRead([same, signOut], current: first.identity, newEventID: F.uuid(9))) == .adopt(signOut)
        )
    }

    @available(OS2023, *)
    @Test("Nothing shared: the first process with a token seeds the slots; without a token, or once held, nothing")
    func seeding() {
        let identity = F.identity("t1", "c1", at: 100)
        var state = SharedSessionState(owner: "app")
        #expect(state.handle(.slotsRead([], current: .empty, newEventID: F.uuid(1))) == .ignore(.nothingShared))
        #expect(
            state.handle(.slotsRead([], current: identity, newEventID: F.uuid(1)))
                == .publish(
                    SharedSessionEvent(id: F.uuid(1), originOwnerIdentifier: "app", generation: 1, identity: identity)))
        #expect(state.handle(.slotsRead([], current: identity, newEventID: F.uuid(2))) == .ignore(.nothingShared))
    }

    @available(OS2023, *)
    @Test("At start, an identity newer than every published one (stored, never published) is published")
    func newerUnpublishedAtStart() {
        let published = F.event(1, owner: "widget", generation: 2, F.identity("t1", "c1", at: 100))
        let stored = F.identity("t2", "c2", at: 200)
        var state = SharedSessionState(owner: "app")
        #expect(
            state.handle(.slotsRead([published], current: stored, newEventID: F.uuid(5)))
                == .publish(
                    SharedSessionEvent(id: F.uuid(5), originOwnerIdentifier: "app", generation: 3, identity: stored)))
        // An older stored identity is replaced by the published one.
        var older = SharedSessionState(owner: "app")
        #expect(
            older.handle(.slotsRead([published], current: F.identity("t0", "c0", at: 50), newEventID: F.uuid(5)))
                == .adopt(published))
    }

    @available(OS2023, *)
    @Test("The doorbell: this process's own publication is ignored; any other makes it read the slots")
    func doorbell() {
        var state = SharedSessionState(owner: "app")
        let identity = F.identity("t1", "c1", at: 100)
        _ = state.handle(.slotsRead([], current: identity, newEventID: F.uuid(1)))
        #expect(state.handle(.doorbell(owner: "app", generation: 1, eventID: F.uuid(1))) == .ignore(.ownPublication))
        #expect(state.handle(.doorbell(owner: "app", generation: 1, eventID: F.uuid(2))) == .readSlots)
        #expect(state.handle(.doorbell(owner: "widget", generation: 1, eventID: F.uuid(1))) == .readSlots)
    }

    @available(OS2023, *)
    @Test("No generation above the highest: the change is not published")
    func generationExhausted() {
        var state = SharedSessionState(owner: "app")
        let top = F.event(1, owner: "widget", generation: .max, F.identity("t1", "c1", at: 100))
        let mine = F.identity("t2", "c2", at: 150)
        #expect(
            state.handle(.identityChanged(change(mine), slots: [top], current: mine, newEventID: F.uuid(2)))
                == .ignore(.generationExhausted))
    }
}

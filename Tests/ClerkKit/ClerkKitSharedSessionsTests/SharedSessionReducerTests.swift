import ClerkKit
import ClerkKitSharedSessions
import Foundation
import Testing

@Suite("Shared sessions: the order of events")
struct SharedSessionReducerTests {
    @available(OS2023, *)
    @Test("Each key decides only when the ones before it tie: generation, date presence, date, owner, id")
    func orderKeys() {
        typealias F = Fixtures
        let dated = F.identity("t", "c", at: 100)
        let later = F.identity("t", "c", at: 200)
        let undated = F.identity("t", "c")
        // A higher generation wins over every later key.
        #expect(
            SharedSessionReducer.precedes(
                F.event(9, owner: "z", generation: 1, later), F.event(1, owner: "a", generation: 2, undated)))
        // Same generation: a server date beats none, whatever the owner or id.
        #expect(
            SharedSessionReducer.precedes(
                F.event(9, owner: "z", generation: 2, undated), F.event(1, owner: "a", generation: 2, dated)))
        // Same generation, both dated: the later date.
        #expect(
            SharedSessionReducer.precedes(
                F.event(9, owner: "z", generation: 2, dated), F.event(1, owner: "a", generation: 2, later)))
        // Same date: the owner identifier.
        #expect(
            SharedSessionReducer.precedes(
                F.event(9, owner: "a", generation: 2, dated), F.event(1, owner: "b", generation: 2, dated)))
        // Same owner: the event id.
        #expect(
            SharedSessionReducer.precedes(
                F.event(1, owner: "a", generation: 2, dated), F.event(2, owner: "a", generation: 2, dated)))
        // Strict: an event never precedes itself.
        let event = F.event(1, generation: 2, dated)
        #expect(!SharedSessionReducer.precedes(event, event))
    }

    @available(OS2023, *)
    @Test("The order is total and antisymmetric over every combination of keys")
    func totalOrder() {
        typealias F = Fixtures
        var events: [SharedSessionEvent] = []
        var number = 0
        for generation in [UInt64(1), 2] {
            for date in [nil, 100.0, 200.0] {
                for owner in ["a", "b"] {
                    for _ in 0..<2 {
                        number += 1
                        events.append(
                            F.event(number, owner: owner, generation: generation, F.identity("t", "c", at: date)))
                    }
                }
            }
        }
        for lhs in events {
            for rhs in events where lhs != rhs {
                let forward = SharedSessionReducer.precedes(lhs, rhs)
                let backward = SharedSessionReducer.precedes(rhs, lhs)
                #expect(forward != backward, "\(lhs) vs \(rhs)")
            }
        }
        // The winner of any shuffle is the same event.
        let winner = SharedSessionReducer.reduce(events).winner
        #expect(winner == SharedSessionReducer.reduce(events.reversed()).winner)
        #expect(winner?.generation == 2 && winner?.identity.serverDate == Date(timeIntervalSince1970: 200))
        #expect(winner?.originOwnerIdentifier == "b")
    }

    @available(OS2023, *)
    @Test("A stale event written after a newer one never wins")
    func staleWrittenLater() {
        let newer = Fixtures.event(1, owner: "app", generation: 5, Fixtures.identity("new", "c", at: 100))
        let stale = Fixtures.event(2, owner: "widget", generation: 4, Fixtures.identity("old", "c", at: 900))
        let reduction = SharedSessionReducer.reduce([newer, stale])
        #expect(reduction.winner == newer)
        #expect(reduction.maximumGeneration == 5)
    }

    @available(OS2023, *)
    @Test("Differing copies of one event id are conflicts and never win; identical copies are one event")
    func conflicts() {
        let original = Fixtures.event(7, generation: 9, Fixtures.identity("a", "c", at: 100))
        var altered = original
        altered.identity = Fixtures.identity("b", "c", at: 100)
        let other = Fixtures.event(8, generation: 3, Fixtures.identity("x", "c", at: 50))
        let reduction = SharedSessionReducer.reduce([original, altered, other])
        #expect(reduction.winner == other)
        #expect(reduction.conflictingEventIDs == [original.id])
        #expect(reduction.maximumGeneration == 9)
        let copies = SharedSessionReducer.reduce([original, original, other])
        #expect(copies.winner == original)
        #expect(copies.conflictingEventIDs.isEmpty)
    }

    @available(OS2023, *)
    @Test("Invalid events (generation 0, unusable owner or token) are dropped before ordering")
    func invalidDropped() throws {
        let zero = Fixtures.event(1, generation: 0)
        let badOwner = Fixtures.event(2, owner: "../etc", generation: 50)
        let emptyOwner = Fixtures.event(3, owner: "", generation: 50)
        let badToken = Fixtures.event(4, generation: 60, Fixtures.identity("line\nbreak", "c"))
        let emptyToken = Fixtures.event(5, generation: 60, Fixtures.identity("", "c"))
        let valid = Fixtures.event(6, generation: 1)
        for invalid in [zero, badOwner, emptyOwner, badToken, emptyToken] {
            #expect(throws: ClerkError.self) { try invalid.validated() }
        }
        let reduction = SharedSessionReducer.reduce([zero, badOwner, emptyOwner, badToken, emptyToken, valid])
        #expect(reduction.winner == valid)
        #expect(reduction.maximumGeneration == 1)
        #expect(SharedSessionReducer.reduce([]).winner == nil)
        #expect(SharedSessionReducer.reduce([]).maximumGeneration == 0)
    }

    @available(OS2023, *)
    @Test("An event's description shows no device token")
    func descriptionHasNoSecret() {
        let event = Fixtures.event(1, generation: 3, Fixtures.identity("secret-device-token", "client_1"))
        #expect(!event.description.contains("secret-device-token"))
        #expect(event.description.contains("generation: 3"))
    }
}

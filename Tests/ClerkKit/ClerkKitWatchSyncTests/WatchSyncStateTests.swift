import ClerkKit
import Foundation
import Testing

@testable import ClerkKitWatchSync

@Suite("Watch sync: which state wins")
struct WatchSyncStateTests {
    @available(OS2023, *)
    typealias F = WatchFixtures

    @available(OS2023, *)
    @Test("A higher clear generation wins in either direction, whatever the rest says")
    func clearGeneration() {
        let cleared = F.state(nil, generation: 2)
        let signedIn = F.state("t", "c", at: 900, generation: 1)
        for side in WatchSyncSide.allCases {
            #expect(cleared.supersedes(signedIn, from: side))
            #expect(!signedIn.supersedes(cleared, from: side))
        }
        // A post-clear sign-in carries the newer generation and replaces the pre-clear one.
        let after = F.state("t2", "c2", at: 10, generation: 2)
        #expect(after.supersedes(signedIn, from: .watch))
    }

    @available(OS2023, *)
    @Test("Same token or same client: the newer snapshot wins (server date, then updatedAt); ties: the phone's token")
    func sameIdentity() {
        let older = F.state("t", "c", at: 100, updatedAt: 5)
        let newer = F.state("t", "c", at: 101, updatedAt: 1, signedIn: false)
        #expect(newer.supersedes(older, from: .watch))
        #expect(!older.supersedes(newer, from: .phone))
        // Same server date: the client's updatedAt.
        let laterUpdate = F.state("t", "c", at: 100, updatedAt: 6)
        #expect(laterUpdate.supersedes(older, from: .watch))
        #expect(!older.supersedes(laterUpdate, from: .phone))
        // Same client, rotated token, dates tie: the phone's token.
        let rotated = F.state("t2", "c", at: 100, updatedAt: 5)
        #expect(rotated.supersedes(older, from: .phone))
        #expect(!rotated.supersedes(older, from: .watch))
        // An exact echo wins nowhere.
        for side in WatchSyncSide.allCases { #expect(!older.supersedes(older, from: side)) }
        // A missing date is older than any.
        #expect(F.state("t", "c", at: 1).supersedes(F.state("t", "c"), from: .watch))
    }

    @available(OS2023, *)
    @Test("Different identities at one generation: tokens, pending clients, signed-in sessions, then the phone")
    func differentIdentities() {
        let watchSignedIn = F.state("w", "cw", at: 100)
        // A tokenless state is not a new clear.
        #expect(!F.state(nil, at: 999).supersedes(watchSignedIn, from: .phone))
        // A device without a token accepts one.
        #expect(watchSignedIn.supersedes(F.state(nil), from: .watch))
        // A token still waiting for its client neither wins nor loses to a resolved one.
        let pending = F.state("p", nil)
        #expect(!pending.supersedes(watchSignedIn, from: .phone))
        #expect(!watchSignedIn.supersedes(pending, from: .watch))
        // Signed in beats signed out, from either side.
        let phoneSignedOut = F.state("p", "cp", at: 200, signedIn: false)
        #expect(watchSignedIn.supersedes(phoneSignedOut, from: .watch))
        #expect(!phoneSignedOut.supersedes(watchSignedIn, from: .phone))
        // Otherwise the phone wins.
        let phoneSignedIn = F.state("p", "cp", at: 50)
        #expect(phoneSignedIn.supersedes(watchSignedIn, from: .phone))
        #expect(!watchSignedIn.supersedes(phoneSignedIn, from: .watch))
    }

    @available(OS2023, *)
    @Test("Over every pair of states, at most one side wins: exchanges end")
    func antisymmetric() {
        var states: [WatchSyncState] = []
        for generation in [UInt64(0), 1] {
            for token in [nil, "a", "b"] as [String?] {
                for client in [nil, "c1", "c2"] as [String?] {
                    for date in [nil, 100.0, 200.0] as [Double?] {
                        for signedIn in [true, false] {
                            states.append(F.state(token, client, at: date, signedIn: signedIn, generation: generation))
                        }
                    }
                }
            }
        }
        var replies = 0
        for incoming in states {
            for held in states {
                for sender in WatchSyncSide.allCases {
                    let forward = incoming.supersedes(held, from: sender)
                    let backward = held.supersedes(incoming, from: sender.counterpart)
                    #expect(!(forward && backward), "\(incoming) vs \(held) from \(sender)")
                    // The receiver's decision: adopt, reply (only if its own wins there) or nothing.
                    switch WatchSyncDecision(incoming: incoming, held: held, receiver: sender.counterpart) {
                    case .adopt(let adopted): #expect(forward && adopted == incoming)
                    case .reply:
                        #expect(!forward && backward)
                        replies += 1
                        // The reply is adopted on the other side, which then does not answer again.
                        let echo = WatchSyncDecision(incoming: held, held: incoming, receiver: sender)
                        #expect(echo == .adopt(held))
                    case .ignore: #expect(!forward && !backward)
                    }
                }
            }
        }
        #expect(replies > 0)
    }

    @available(OS2023, *)
    @Test("A local clear (the token removed) adds one generation; other changes keep it")
    func localChanges() {
        let signedIn = F.state("t", "c", at: 100, generation: 3)
        #expect(signedIn.afterLocalChange(to: ClerkIdentity()).clearGeneration == 4)
        #expect(
            signedIn.afterLocalChange(to: F.state("t", "c", at: 101, signedIn: false).identity).clearGeneration == 3)
        #expect(F.state(nil, generation: 4).afterLocalChange(to: ClerkIdentity()).clearGeneration == 4)
        #expect(F.state("t", generation: .max).afterLocalChange(to: ClerkIdentity()).clearGeneration == .max)
    }

    @available(OS2023, *)
    @Test("A state's description shows no device token")
    func descriptionHasNoSecret() {
        #expect(!F.state("secret-token", "c").description.contains("secret-token"))
    }
}

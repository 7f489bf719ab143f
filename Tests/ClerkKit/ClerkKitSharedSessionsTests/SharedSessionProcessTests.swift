import ClerkKit
import CourierTestSupport
import Foundation
import Testing

@testable import ClerkKitSharedSessions

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Processes of one app group as real child processes (ClerkSharedSessionsTestHelper) on one emulator.
@Suite("Shared sessions: across processes") @MainActor
struct SharedSessionProcessTests {
    @available(OS2023, *)
    func start(_ group: AppGroup, _ owner: String) async throws -> Transcript {
        let transcript = Transcript(try group.child(owner: owner))
        _ = try await transcript.first("ready")
        return transcript
    }

    @available(OS2023, *)
    @Test("A sign-in in one process reaches another, already running, as an event")
    func signInReachesWaitingProcess() async throws {
        try await AppGroup.run { group in
            try await group.createUser("ada@example.com")
            let widget = try await start(group, "com.example.app.widget")
            let app = try await start(group, "com.example.app")
            let signedIn = try await app.ask("signin ada@example.com \(AppGroup.password)", answer: "signedIn")
            #expect(signedIn.signedIn == true)
            let published = try await app.first("published") { $0.sameIdentity(as: signedIn) }
            let adopted = try await widget.first("adopted") { $0.sameIdentity(as: signedIn) }
            #expect(adopted.token != nil)
            let identity = try await widget.ask("identity", answer: "identity")
            #expect(identity.sameIdentity(as: signedIn))
            let milliseconds = Int(((adopted.at - published.at) * 1000).rounded())
            #expect(milliseconds < 30_000)
            print("shared-session propagation across processes: \(milliseconds) ms")
            for transcript in [app, widget] { transcript.process.signal(SIGKILL) }
        }
    }

    @available(OS2023, *)
    @Test("Concurrent writers converge on the newest identity, in both processes and in the slots")
    func concurrentWritersKeepNewest() async throws {
        try await AppGroup.run { group in
            try await group.createUser("ada@example.com")
            try await group.createUser("grace@example.com")
            let app = try await start(group, "com.example.app")
            let widget = try await start(group, "com.example.app.widget")
            async let first = app.ask("signin ada@example.com \(AppGroup.password)", answer: "signedIn")
            async let second = widget.ask("signin grace@example.com \(AppGroup.password)", answer: "signedIn")
            _ = try await (first, second)

            // Both processes hold one identity, the one the slots reduce to (asked until they agree).
            let owners = ["com.example.app", "com.example.app.widget"]
            let slots = SharedSessionSlots(store: try group.slotStore)
            var agreed = false
            for _ in 0..<200 where !agreed {
                let one = try await app.ask("identity", answer: "identity")
                let other = try await widget.ask("identity", answer: "identity")
                let (events, failures) = slots.read(owners)
                #expect(failures.isEmpty)
                guard let winner = SharedSessionReducer.reduce(events).winner else { continue }
                agreed =
                    one.sameIdentity(as: other) && one.token == HelperFingerprint.of(winner.identity.deviceToken)
                    && one.client == winner.identity.client?.id && one.updatedAt == other.updatedAt
                if agreed {
                    // Nothing published by either writer is newer than what survived.
                    let published = (app.snapshot + widget.snapshot).filter { $0.kind == "published" }
                    let newest = published.compactMap(\.serverDate).max() ?? 0
                    #expect((winner.identity.serverDate?.timeIntervalSince1970 ?? 0) >= newest)
                    #expect(winner.identity.isSignedIn)
                }
            }
            #expect(agreed)
            for transcript in [app, widget] { transcript.process.signal(SIGKILL) }
        }
    }

    @available(OS2023, *)
    @Test("A writer killed while publishing leaves its last complete identity, which a new process adopts and uses")
    func killedWriterLeavesCompleteIdentity() async throws {
        try await AppGroup.run { group in
            try await group.createUser("ada@example.com")
            let writer = try await start(group, "com.example.app")
            writer.process.write("churn ada@example.com \(AppGroup.password)\n")
            _ = try await writer.first("published") { ($0.generation ?? 0) >= 6 }
            writer.process.signal(SIGKILL)
            _ = try await writer.process.waitForExit(within: .seconds(30))
            let lastPrinted = writer.snapshot.filter { $0.kind == "published" }.compactMap(\.generation).max() ?? 0

            let (events, failures) = SharedSessionSlots(store: try group.slotStore).read(["com.example.app"])
            #expect(failures.isEmpty)
            let slot = try #require(events.first)
            #expect(slot.generation >= UInt64(lastPrinted))
            #expect(slot.identity.deviceToken != nil && slot.identity.client != nil)

            // A process started now adopts that identity and loads with it: the token is a working one.
            let reader = try await start(group, "com.example.app.widget")
            let ready = try await reader.first("ready")
            #expect(ready.token == HelperFingerprint.of(slot.identity.deviceToken))
            #expect(ready.client == slot.identity.client?.id)
            reader.process.signal(SIGKILL)
        }
    }
}

/// The helper's token fingerprint (FNV-1a), to compare tokens the helpers print.
enum HelperFingerprint {
    static func of(_ token: String?) -> String? {
        guard let token else { return nil }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in token.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return String(hash, radix: 16)
    }
}

import ClerkKit
import ClerkKitTesting
import CourierTestSupport
import Foundation
import Testing
import Wormhole

@testable import ClerkKitSharedSessions

/// Two processes of one app group, in this process, on one emulator: a real group directory, real inotify.
@Suite("Shared sessions: sync between two members of a group") @MainActor
struct SharedSessionSyncTests {
    @available(OS2023, *)
    @Test("A sign-in in the app reaches the widget as one identity; the widget's sign-out reaches the app")
    func signInAndOutPropagate() async throws {
        try await AppGroup.run { group in
            let (app, widget, adoption) = try await group.signedInAppAndWidget()
            let adopted = try #require(adoption)
            #expect(adopted.originOwnerIdentifier == "com.example.app")
            #expect(widget.clerk.identity.deviceToken == app.clerk.identity.deviceToken)
            #expect(widget.clerk.identity.client == app.clerk.identity.client)
            #expect(widget.clerk.session?.id == app.clerk.session?.id)
            // The widget uses the adopted identity against the service.
            _ = try await widget.clerk.refreshClient()
            #expect(widget.clerk.identity.isSignedIn)

            let appEvents = app.sync.events
            try await widget.clerk.auth.signOut()
            _ = try #require(try await appEvents.adoption { !$0.isSignedIn })
            #expect(!app.clerk.identity.isSignedIn)
            #expect(app.clerk.session == nil)
        }
    }

    @available(OS2023, *)
    @Test("A process started after a sign-in elsewhere adopts it before loading")
    func lateStarterAdopts() async throws {
        try await AppGroup.run { group in
            try await group.createUser("ada@example.com")
            let app = try await group.member("com.example.app")
            let appEvents = app.sync.events
            _ = try await app.clerk.auth.signIn(identifier: "ada@example.com", password: AppGroup.password)
            _ = try #require(try await appEvents.publication { $0.isSignedIn })
            let extensionProcess = try await group.member("com.example.app.share", load: false)
            #expect(extensionProcess.clerk.identity.isSignedIn)
            #expect(extensionProcess.clerk.identity.deviceToken == app.clerk.identity.deviceToken)
        }
    }

    @available(OS2023, *)
    @Test("A corrupt slot is skipped and reported; the reader keeps its whole identity")
    func corruptSlotSkipped() async throws {
        try await AppGroup.run { group in
            let (_, widget, adoption) = try await group.signedInAppAndWidget()
            _ = try #require(adoption)
            let before = widget.clerk.identity

            let events = widget.sync.events
            try group.slotStore.set(
                Data(#"{"schema_version":1,"slot_owner"#.utf8), forKey: "clerkSharedSessionSlot.com.example.app")
            await widget.sync.synchronize()
            let skipped = try await events.firstValue(within: .seconds(10)) { event in
                if case .skippedSlot(let owner, _) = event { return owner == "com.example.app" }
                return false
            }
            guard case .skippedSlot(_, let error)? = skipped else {
                Issue.record("no skipped slot reported")
                return
            }
            #expect(error.code == .decoding)
            #expect(!"\(error)".contains(before.deviceToken ?? "-"))
            #expect(widget.clerk.identity == before)
        }
    }

    @available(OS2023, *)
    @Test("A stale identity written after a newer one is ignored, by running and starting processes alike")
    func staleWriteIgnored() async throws {
        try await AppGroup.run { group in
            let (app, widget, adoption) = try await group.signedInAppAndWidget()
            let newest = try #require(adoption)
            // Another owner writes an older event (a lower generation with a later date, or the same generation
            // with an earlier one) and no token, after the newer one.
            let lower = newest.generation > 1
            let newestDate = try #require(newest.identity.serverDate)
            let stale = SharedSessionEvent(
                id: UUID(), originOwnerIdentifier: "com.example.app.intents",
                generation: lower ? newest.generation - 1 : newest.generation,
                identity: ClerkIdentity(serverDate: newestDate.addingTimeInterval(lower ? 3600 : -3600)))
            #expect(SharedSessionReducer.precedes(stale, newest))
            try SharedSessionSlots(store: try group.slotStore).write(stale, owner: "com.example.app.intents")
            var configuration = Configuration(directory: group.groupDirectory.appendingPathComponent("doorbell"))
            configuration.deliveryModes[SharedSessionDoorbell.identifier] = .queue(
                capacity: SharedSessionDoorbell.capacity)
            let doorbell = try Wormhole(configuration: configuration)
            try await doorbell.send(
                SharedSessionAnnouncement(
                    owner: "com.example.app.intents", generation: stale.generation, eventID: stale.id),
                to: SharedSessionDoorbell.identifier)
            await widget.sync.synchronize()
            #expect(widget.clerk.identity.isSignedIn)
            let shared = await widget.sync.sharedEvent()
            #expect(shared != nil && shared?.id != stale.id && shared?.identity.isSignedIn == true)
            let late = try await group.member("com.example.app.late", load: false)
            #expect(late.clerk.identity.isSignedIn)
            #expect(late.clerk.identity.deviceToken == app.clerk.identity.deviceToken)
        }
    }

    @available(OS2023, *)
    @Test("An owner identifier that cannot name a slot is a configuration error")
    func invalidOwner() async throws {
        let configuration = try ClerkConfiguration(publishableKey: "pk_test_bW9jay5jbGVyay5hY2NvdW50cy5kZXYk")
        let clerk = Clerk(configuration: configuration, store: InMemorySecureStore())
        for owner in ["", "../escape", ".hidden", "with space", String(repeating: "a", count: 129)] {
            do throws(ClerkError) {
                _ = try SharedSessionSync(
                    clerk: clerk, ownerIdentifier: owner, groupDirectory: FileManager.default.temporaryDirectory)
                Issue.record("accepted owner \(owner)")
            } catch {
                #expect(error.code == .invalidConfiguration)
            }
        }
    }
}

import ClerkKit
import ClerkKitTesting
import ClerkKitWatchSync
import CourierTestSupport
import Foundation
import Logging
import SundialKitConnectivity
import SundialKitCore
import SundialKitTesting
import Testing

/// A phone and a watch, each with its own `Clerk` on one emulator, paired through `PairedSessions`.
@MainActor
@available(OS2023, *)
struct PairHarness {
    static let password = "analytical-engine-1843"

    let emulator: ClerkEmulator
    let pair: PairedSessions
    let phone: Device
    let watch: Device

    struct Device {
        let clerk: Clerk
        let manager: ConnectivityManager
        let sync: WatchSync
    }

    static func start(_ configuration: PairedSessions.Configuration = .init()) async throws -> PairHarness {
        var logger = Logger(label: "watch-sync-test")
        logger.logLevel = .critical
        let emulator = ClerkEmulator(logger: logger)
        let url = try await emulator.start()
        let clerkConfiguration = try ClerkConfiguration(publishableKey: await emulator.publishableKey, proxyURL: url)
        let pair = PairedSessions(configuration: configuration)
        func device(_ session: SimulatedSession, _ side: WatchSyncSide) async throws -> Device {
            let clerk = Clerk(configuration: clerkConfiguration, store: InMemorySecureStore(), logger: logger)
            let manager = ConnectivityManager(session: session)
            try await manager.activate(timeout: .seconds(60))
            let sync = WatchSync(clerk: clerk, manager: manager, side: side, logger: logger)
            await sync.start()
            return Device(clerk: clerk, manager: manager, sync: sync)
        }
        let phone = try await device(pair.phone, .phone)
        let watch = try await device(pair.watch, .watch)
        _ = try await emulator.createUser(emailAddress: "ada@example.com", password: password)
        return PairHarness(emulator: emulator, pair: pair, phone: phone, watch: watch)
    }

    func finish() async {
        await phone.sync.stop()
        await watch.sync.stop()
        await emulator.stop()
    }
}

@available(OS2023, *)
extension AsyncStream where Element == WatchSyncEvent {
    /// The first adopted state that satisfies `predicate`.
    func adopted(where predicate: @escaping @Sendable (WatchSyncState) -> Bool) async throws -> WatchSyncState? {
        let event = try await firstValue { event in
            if case .adopted(let state) = event { return predicate(state) }
            return false
        }
        guard case .adopted(let state)? = event else { return nil }
        return state
    }
}

@Suite("Watch sync: a phone and a watch through PairedSessions") @MainActor
struct WatchSyncPairTests {
    @available(OS2023, *)
    func withPair(
        _ configuration: PairedSessions.Configuration = .init(), _ body: (PairHarness) async throws -> Void
    ) async throws {
        let harness = try await PairHarness.start(configuration)
        do {
            try await body(harness)
        } catch {
            await harness.finish()
            throw error
        }
        await harness.finish()
    }

    @available(OS2023, *)
    @Test("A sign-in on the phone reaches the watch; a sign-out on the watch reaches the phone")
    func signInAndOut() async throws {
        try await withPair { harness in
            let watchEvents = harness.watch.sync.events
            try await harness.phone.clerk.load()
            _ = try await harness.phone.clerk.auth.signIn(identifier: "ada@example.com", password: PairHarness.password)
            let adopted = try #require(try await watchEvents.adopted { $0.identity.isSignedIn })
            #expect(adopted.identity.deviceToken == harness.phone.clerk.identity.deviceToken)
            #expect(harness.watch.clerk.identity.client == harness.phone.clerk.identity.client)
            #expect(harness.watch.clerk.session?.id == harness.phone.clerk.session?.id)
            // The watch works with what it adopted.
            _ = try await harness.watch.clerk.refreshClient()
            #expect(harness.watch.clerk.identity.isSignedIn)

            let phoneEvents = harness.phone.sync.events
            try await harness.watch.clerk.auth.signOut()
            _ = try #require(try await phoneEvents.adopted { !$0.identity.isSignedIn })
            #expect(!harness.phone.clerk.identity.isSignedIn)
            #expect(harness.phone.clerk.session == nil)
            #expect(harness.phone.clerk.identity.deviceToken == harness.watch.clerk.identity.deviceToken)
        }
    }

    @available(OS2023, *)
    @Test("A stale context is kept out, and the receiver answers with its newer state")
    func staleContext() async throws {
        try await withPair { harness in
            let watchEvents = harness.watch.sync.events
            try await harness.phone.clerk.load()
            _ = try await harness.phone.clerk.auth.signIn(identifier: "ada@example.com", password: PairHarness.password)
            _ = try #require(try await watchEvents.adopted { $0.identity.isSignedIn })
            let current = harness.phone.clerk.identity
            let phoneEvents = harness.phone.sync.events
            // The same token with an older, signed-out snapshot, as a delayed context would carry.
            var stale = current
            stale.client?.sessions = []
            stale.serverDate = current.serverDate?.addingTimeInterval(-60)
            stale.client?.updatedAt = current.client?.updatedAt?.addingTimeInterval(-60)
            let staleClient = try JSONEncoder.milliseconds.encode(stale.client)
            try harness.watch.manager.updateApplicationContext([
                "clerkDeviceToken": current.deviceToken ?? "", "watchSyncDeviceTokenState": "set",
                "clerkClientServerFetchDate": stale.serverDate?.timeIntervalSince1970 ?? 0,
                "clerkClient": staleClient, "watchSyncAuthState": "set",
            ])
            let kept = try await phoneEvents.firstValue { event in
                if case .kept(_, let replied) = event { return replied }
                return false
            }
            #expect(kept != nil)
            #expect(harness.phone.clerk.identity == current)
            #expect(harness.phone.clerk.identity.isSignedIn)
        }
    }

    @available(OS2023, *)
    @Test("A corrupt context is rejected with a decoding error and changes nothing")
    func corruptContext() async throws {
        try await withPair { harness in
            try await harness.phone.clerk.load()
            let before = harness.phone.clerk.identity
            let phoneEvents = harness.phone.sync.events
            try harness.watch.manager.updateApplicationContext([
                "clerkDeviceToken": "token", "clerkClient": Data("{\"id\":".utf8), "watchSyncAuthState": "set",
            ])
            let rejected = try await phoneEvents.firstValue { event in
                if case .rejected = event { return true }
                return false
            }
            guard case .rejected(let error)? = rejected else {
                Issue.record("no rejection")
                return
            }
            #expect(error.code == .decoding)
            #expect(harness.phone.clerk.identity == before)
        }
    }

    @available(OS2023, *)
    @Test("No paired watch: push() throws invalidState, the automatic push is a no-op, the phone stays signed in")
    func unpairedWatch() async throws {
        var configuration = PairedSessions.Configuration()
        configuration.isPaired = false
        try await withPair(configuration) { harness in
            let phoneEvents = harness.phone.sync.events
            try await harness.phone.clerk.load()
            _ = try await harness.phone.clerk.auth.signIn(identifier: "ada@example.com", password: PairHarness.password)
            let skipped = try await phoneEvents.firstValue { event in
                if case .pushSkipped = event { return true }
                return false
            }
            guard case .pushSkipped(let error)? = skipped else {
                Issue.record("no skipped push")
                return
            }
            #expect(error.code == .invalidState)
            #expect(harness.phone.clerk.identity.isSignedIn)
            do throws(ClerkError) {
                try await harness.phone.sync.push()
                Issue.record("pushed to no watch")
            } catch {
                #expect(error.code == .invalidState)
                #expect(error.underlying is ConnectivityError)
            }
        }
    }

    @available(OS2023, *)
    @Test("Out of reach: push() says pending, and the watch adopts the latest state once back in range")
    func outOfReach() async throws {
        try await withPair { harness in
            try await harness.phone.clerk.load()
            harness.pair.setLinkUp(false)
            _ = try await harness.phone.clerk.auth.signIn(identifier: "ada@example.com", password: PairHarness.password)
            #expect(try await harness.phone.sync.push() == .pending)
            #expect(!harness.watch.clerk.identity.isSignedIn)
            let watchEvents = harness.watch.sync.events
            harness.pair.setLinkUp(true)
            let adopted = try #require(try await watchEvents.adopted { $0.identity.isSignedIn })
            #expect(adopted.identity.deviceToken == harness.phone.clerk.identity.deviceToken)
            #expect(harness.watch.clerk.identity.isSignedIn)
        }
    }
}

extension JSONEncoder {
    /// Dates in milliseconds, as ClerkKit encodes clients.
    static var milliseconds: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .millisecondsSince1970
        return encoder
    }
}

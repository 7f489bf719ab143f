import CourierTestSupport
import Foundation
import SundialKitConnectivity
import SundialKitTesting
import Testing

struct Settings: Codable, Sendable, Equatable {
    var volume: Int
    var theme: String
}

/// A phone and a watch `SyncedState` over one activated `PairedSessions`.
@available(OS2022, *)
struct SyncedPair {
    let setup: ActivatedPair
    let phoneStorage = InMemorySyncedStateStorage()
    let watchStorage = InMemorySyncedStateStorage()
    let phone: SyncedState<Settings>
    let watch: SyncedState<Settings>

    init(heartbeat: Duration = .seconds(10), startWatch: Bool = true) async throws {
        setup = try await ActivatedPair(watchKeepsMessages: false)
        phone = try SyncedState(
            initial: Settings(volume: 0, theme: "light"), manager: setup.phone, storage: phoneStorage,
            heartbeat: heartbeat)
        watch = try Self.watchState(setup, watchStorage, heartbeat: heartbeat)
        await phone.start()
        if startWatch {
            await watch.start()
        }
    }

    static func watchState(
        _ setup: ActivatedPair, _ storage: InMemorySyncedStateStorage, heartbeat: Duration = .seconds(10)
    ) throws -> SyncedState<Settings> {
        try SyncedState(
            initial: Settings(volume: 0, theme: "light"), manager: setup.watch, storage: storage, heartbeat: heartbeat)
    }
}

@available(OS2022, *)
extension AsyncStream where Element == SyncedStateEvent<Settings> {
    func applied(_ expected: Settings) async throws -> SyncRevision? {
        let event = try await firstValue { event in
            if case .applied(let value, _) = event { value == expected } else { false }
        }
        guard case .applied(_, let revision) = event else { return nil }
        return revision
    }

    func acknowledged(_ revision: SyncRevision) async throws {
        _ = try await firstValue { event in
            if case .acknowledged(let acknowledged) = event { acknowledged == revision } else { false }
        }
    }

    func conflict() async throws -> SyncConflict<Settings>? {
        let event = try await firstValue { if case .conflict = $0 { true } else { false } }
        guard case .conflict(let conflict) = event else { return nil }
        return conflict
    }
}

@Suite("SyncedState over PairedSessions")
struct SyncedStateTests {
    @Test("A value set on the phone reaches the watch, which acknowledges it")
    @available(OS2022, *)
    func setAndAcknowledge() async throws {
        let pair = try await SyncedPair()
        let watchEvents = pair.watch.events()
        let phoneEvents = pair.phone.events()
        let wanted = Settings(volume: 7, theme: "dark")
        let revision = try await pair.phone.set(wanted)
        #expect(try await watchEvents.applied(wanted) == revision)
        try await phoneEvents.acknowledged(revision)
        #expect(await pair.watch.value == wanted)
        #expect(await pair.watch.revision == revision)
        #expect(await pair.phone.isAcknowledged)
    }

    @Test("A send that failed is repaired by the heartbeat")
    @available(OS2022, *)
    func heartbeatResends() async throws {
        let pair = try await SyncedPair(heartbeat: .milliseconds(50))
        let watchEvents = pair.watch.events()
        let phoneEvents = pair.phone.events()
        pair.setup.pair.inject(.init(.deliveryFailed), into: .applicationContext, from: .phone, count: 2)
        let wanted = Settings(volume: 3, theme: "dark")
        let revision = try await pair.phone.set(wanted)
        #expect(await pair.phone.lastError == .deliveryFailed)
        #expect(await !pair.phone.isAcknowledged)
        #expect(try await watchEvents.applied(wanted) == revision)
        try await phoneEvents.acknowledged(revision)
    }

    @Test("Changes made while the link is down reach the other side when it is back")
    @available(OS2022, *)
    func flakyLink() async throws {
        let pair = try await SyncedPair(heartbeat: .milliseconds(50))
        let watchEvents = pair.watch.events()
        pair.setup.pair.setLinkUp(false)
        try await pair.phone.set(Settings(volume: 1, theme: "a"))
        let last = try await pair.phone.set(Settings(volume: 2, theme: "b"))
        pair.setup.pair.setLinkUp(true)
        #expect(try await watchEvents.applied(Settings(volume: 2, theme: "b")) == last)
    }

    @Test("A restarted watch resumes its value and revision and takes what was sent while it was stopped")
    @available(OS2022, *)
    func restart() async throws {
        let pair = try await SyncedPair()
        let watchEvents = pair.watch.events()
        let first = try await pair.phone.set(Settings(volume: 1, theme: "dark"))
        #expect(try await watchEvents.applied(Settings(volume: 1, theme: "dark")) == first)
        await pair.watch.stop()

        // While the watch app is not running, the phone changes the value again.
        let second = try await pair.phone.set(Settings(volume: 2, theme: "dark"))
        await pair.setup.pair.callbacksDelivered(to: .watch)

        let restarted = try SyncedPair.watchState(pair.setup, pair.watchStorage)
        #expect(await restarted.revision == first, "resumed from storage")
        #expect(await restarted.value == Settings(volume: 1, theme: "dark"))
        await restarted.start()
        #expect(await restarted.value == Settings(volume: 2, theme: "dark"))
        #expect(await restarted.revision == second)
    }

    @Test("Concurrent changes are reported as a conflict on both sides, with the same winner")
    @available(OS2022, *)
    func conflict() async throws {
        let pair = try await SyncedPair(heartbeat: .milliseconds(50))
        let phoneEvents = pair.phone.events()
        let watchEvents = pair.watch.events()
        pair.setup.pair.setLinkUp(false)
        let fromPhone = try await pair.phone.set(Settings(volume: 10, theme: "phone"))
        let fromWatch = try await pair.watch.set(Settings(volume: 20, theme: "watch"))
        pair.setup.pair.setLinkUp(true)
        let atPhone = try #require(try await phoneEvents.conflict())
        let atWatch = try #require(try await watchEvents.conflict())
        let winner = max(fromPhone, fromWatch)
        #expect(atPhone.winner == winner)
        #expect(atWatch.winner == winner)
        #expect(atPhone.localLost != atWatch.localLost)
        // Both sides end on the winner's value.
        let loserEvents = atPhone.localLost ? phoneEvents : watchEvents
        _ = try await loserEvents.applied(atPhone.localLost ? atPhone.remote : atPhone.local)
        #expect(await pair.phone.value == pair.watch.value)
    }

    @Test("A file storage keeps the state across instances, owner-only; a damaged one is a typed error")
    @available(OS2022, *)
    func fileStorage() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        defer { try? FileManager.default.removeItem(at: directory) }
        let storage = FileSyncedStateStorage(url: directory.appendingPathComponent("settings.json"))
        let pair = try await SyncedPair()
        let state = try SyncedState(
            initial: Settings(volume: 0, theme: "light"), manager: pair.setup.phone, storage: storage)
        let revision = try await state.set(Settings(volume: 5, theme: "dark"))
        let reopened = try SyncedState(
            initial: Settings(volume: 0, theme: "light"), manager: pair.setup.phone, storage: storage)
        #expect(await reopened.value == Settings(volume: 5, theme: "dark"))
        #expect(await reopened.revision == revision)
        let attributes = try FileManager.default.attributesOfItem(atPath: storage.url.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)

        try Data("not json".utf8).write(to: storage.url)
        #expect(throws: ConnectivityError.self) {
            try SyncedState(initial: Settings(volume: 0, theme: ""), manager: pair.setup.phone, storage: storage)
        }
    }
}

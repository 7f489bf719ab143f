import ClerkKitTesting
import CourierTestSupport
import Foundation
import Logging
import Testing

@testable import ClerkKit

/// Writes cut short by a process's end: temporaries a killed writer left are removed at start, and a process can
/// wait for the responses still in flight before it exits.
@Suite struct PendingWriteTests {
    @available(OS2023, *)
    @Test func aTemporaryLeftBetweenWriteAndRenameIsRemovedAtStart() async throws {
        try await withTemporaryDirectory(prefix: "clerk-store") { directory in
            let store = try FileSecureStore(directory: directory.url)
            try store.set(Data(#"{"sequence":3}"#.utf8), forKey: StoreKey.clientOrder)
            // What a writer killed after writing its temporary file and before renaming it leaves behind: the
            // complete newer value beside the saved one. One minutes old, one just written (a writer still at work).
            let stale = directory.url.appendingPathComponent(".\(StoreKey.clientOrder).\(UUID().uuidString).tmp")
            let fresh = directory.url.appendingPathComponent(".\(StoreKey.clientOrder).\(UUID().uuidString).tmp")
            try Data(#"{"sequence":9}"#.utf8).write(to: stale)
            try Data(#"{"sequence":10}"#.utf8).write(to: fresh)
            try FileManager.default.setAttributes(
                [.modificationDate: Date().addingTimeInterval(-120)], ofItemAtPath: stale.path)
            let foreign = directory.url.appendingPathComponent(".notes.tmp")
            try Data().write(to: foreign)
            try FileManager.default.setAttributes(
                [.modificationDate: Date().addingTimeInterval(-120)], ofItemAtPath: foreign.path)

            let reopened = try FileSecureStore(directory: directory.url)
            let names = Set(try FileManager.default.contentsOfDirectory(atPath: directory.url.path))
            #expect(!names.contains(stale.lastPathComponent))
            #expect(names.contains(fresh.lastPathComponent))
            #expect(names.contains(".notes.tmp"))  // not one of the store's names
            #expect(try reopened.data(forKey: StoreKey.clientOrder) == Data(#"{"sequence":3}"#.utf8))
        }
        #expect(FileSecureStore.isTemporaryName(".cachedClientOrder.\(UUID().uuidString).tmp"))
        #expect(!FileSecureStore.isTemporaryName(".cachedClientOrder.tmp"))
        #expect(!FileSecureStore.isTemporaryName("..\(UUID().uuidString).tmp"))
    }

    @MainActor
    @available(OS2023, *)
    @Test func finishPendingWorkWaitsForTheBackgroundClientRefresh() async throws {
        var logger = Logger(label: "clerk-emulator")
        logger.logLevel = .critical
        let emulator = ClerkEmulator(logger: logger)
        let url = try await emulator.start()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "clerk-store-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            let store = try FileSecureStore(directory: directory)
            let clerk = Clerk(
                configuration: try ClerkConfiguration(
                    publishableKey: await emulator.publishableKey, proxyURL: url,
                    options: ClerkOptions(telemetryEnabled: false)),
                store: store)
            try await clerk.load()
            _ = try await emulator.createUser(emailAddress: "ada@example.com", password: "analytical-engine-1843")
            _ = try await clerk.auth.signIn(identifier: "ada@example.com", password: "analytical-engine-1843")
            await emulator.clearRequestLog()
            // The refresh a `resource_not_found` answer starts in the background is slow to answer: slow enough
            // that it is still under way when the sign-out's error is seen, even on a loaded machine.
            await emulator.inject(.init(method: "GET", path: "/v1/client", delay: .seconds(3)))
            await #expect(throws: ClerkError.self) { try await clerk.auth.signOut(sessionId: "sess_missing") }
            #expect(clerk.core.fapi.pending.count >= 1)  // the refresh, and any token refresh under way
            await clerk.finishPendingWork()
            #expect(clerk.core.fapi.pending.count == 0)
            let refreshes = await emulator.requestLog().filter { $0.method == "GET" && $0.path == "/v1/client" }
            #expect(refreshes.count == 1)
            let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            #expect(!names.contains { $0.hasSuffix(".tmp") }, "\(names)")
        }
        await emulator.stop()
    }
}

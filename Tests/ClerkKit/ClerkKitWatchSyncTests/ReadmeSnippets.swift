// The watch-sync block of Sources/ClerkKit/README.md and of the product's DocC catalog, word for word
// (scripts/readme-snippets checks it), run on PairedSessions against the emulator.
import ClerkKit
import ClerkKitTesting
import ClerkKitWatchSync
import Logging
import SundialKitConnectivity
import SundialKitTesting
import Testing

@MainActor
@available(OS2023, *)
func startWatchSync(_ clerk: Clerk, over manager: ConnectivityManager) async throws -> WatchSync {
    try await manager.activate(timeout: .seconds(10))
    let sync = WatchSync(clerk: clerk, manager: manager, side: .phone)
    await sync.start()  // sends each change; adopts the watch's when it wins
    return sync
}

@Suite("Watch sync: the README's code") @MainActor
struct WatchSyncReadmeTests {
    @available(OS2023, *)
    @Test("The README's phone sends its sign-in to a watch that has none")
    func readmePhone() async throws {
        var logger = Logger(label: "clerk-emulator")
        logger.logLevel = .critical
        let emulator = ClerkEmulator(logger: logger)
        let url = try await emulator.start()
        let configuration = try ClerkConfiguration(publishableKey: await emulator.publishableKey, proxyURL: url)
        let pair = PairedSessions()
        let watchManager = ConnectivityManager(session: pair.watch)
        try await watchManager.activate(timeout: .seconds(60))
        let watchClerk = Clerk(configuration: configuration, store: InMemorySecureStore())
        let watchSync = WatchSync(clerk: watchClerk, manager: watchManager, side: .watch)
        await watchSync.start()
        let adopted = watchSync.events

        let phone = Clerk(configuration: configuration, store: InMemorySecureStore())
        let sync = try await startWatchSync(phone, over: ConnectivityManager(session: pair.phone))
        _ = try await emulator.createUser(emailAddress: "ada@example.com", password: "analytical-engine-1843")
        try await phone.load()
        _ = try await phone.auth.signIn(identifier: "ada@example.com", password: "analytical-engine-1843")
        _ = try #require(try await adopted.adopted { $0.identity.isSignedIn })
        #expect(watchClerk.identity.deviceToken == phone.identity.deviceToken)
        await sync.stop()
        await watchSync.stop()
        await emulator.stop()
    }
}

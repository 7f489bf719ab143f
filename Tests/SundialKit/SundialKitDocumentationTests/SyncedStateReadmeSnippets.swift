// The synced-state and reply code blocks of Sources/SundialKit/README.md, verbatim, so that they compile and run.
import Foundation
import SundialKit
import SundialKitTesting

struct Settings: Codable, Sendable {
    var volume: Int
}

@available(OS2022, *)
enum SyncedStateReadmeSnippets {
    static func syncedStateSnippet(storageURL: URL) async throws -> Int? {
        let syncPair = PairedSessions()  // on a device: ConnectivityManager(session: WatchConnectivitySession())
        let phoneManager = ConnectivityManager(session: syncPair.phone)
        let watchManager = ConnectivityManager(session: syncPair.watch)
        try await phoneManager.activate(timeout: .seconds(60))
        try await watchManager.activate(timeout: .seconds(60))

        let phoneSettings = try SyncedState(
            name: "settings", initial: Settings(volume: 5), manager: phoneManager,
            storage: FileSyncedStateStorage(url: storageURL))
        let watchSettings = try SyncedState(
            name: "settings", initial: Settings(volume: 5), manager: watchManager,
            storage: InMemorySyncedStateStorage())
        await phoneSettings.start()
        await watchSettings.start()

        let watchEvents = watchSettings.events()
        try await phoneSettings.set(Settings(volume: 8))
        events: for await event in watchEvents {
            switch event {
            case .applied(let settings, let revision):
                print("the watch has volume", settings.volume, "at revision", revision)
                break events
            case .conflict(let conflict):
                print("both sides changed it; both keep revision", conflict.winner)
            case .acknowledged, .failed:
                continue
            }
        }
        return await watchSettings.value.volume
    }

    static func replySnippet() async throws -> (ConnectivitySendResult, ConnectivitySendResult) {
        let replyPair = PairedSessions()
        let phone = ConnectivityManager(session: replyPair.phone)
        let watch = ConnectivityManager(session: replyPair.watch)
        let watchSide = watch.addEventHandler { event in
            guard case .messageReceived(let received) = event, let reply = received.reply else { return }
            if received.message["question"] != nil {
                try? reply.send(["answer": 42])  // sent once: a second send throws replyAlreadySent
            }
            // Any other message is not answered: when `received` is released, the phone gets an empty reply.
        }
        try await phone.activate(timeout: .seconds(60))
        try await watch.activate(timeout: .seconds(60))

        let answered = try await phone.send(["question": "?"])
        let acknowledged = try await phone.send(["note": "no answer needed"])
        print(answered.context.reply ?? [:], acknowledged.context.reply ?? [:])  // ["answer": 42] [:]
        watchSide.cancel()
        return (answered, acknowledged)
    }
}

import CourierTestSupport
import Foundation
import SundialKit
import Testing

@Suite("SundialKit README: synced state and replies")
struct SyncedStateReadmeTests {
    @Test("The synced-state example runs: the phone's value reaches the watch")
    @available(OS2022, *)
    func syncedState() async throws {
        try await withTemporaryDirectory(prefix: "sundialkit-readme") { directory in
            let url = directory.url.appendingPathComponent("settings.json")
            let volume = try await withTimeout {
                try await SyncedStateReadmeSnippets.syncedStateSnippet(storageURL: url)
            }
            #expect(volume == 8)
            #expect(FileManager.default.fileExists(atPath: url.path))
        }
    }

    @Test("The reply example runs: one reply, and an acknowledgement for the unanswered message")
    @available(OS2022, *)
    func replies() async throws {
        let (answered, acknowledged) = try await SyncedStateReadmeSnippets.replySnippet()
        #expect(answered.context.reply?["answer"] as? Int == 42)
        #expect(acknowledged.context.reply?.isEmpty == true)
    }

    @Test("The delivery example runs: queued as user info out of range, pending until the link is back")
    @available(OS2022, *)
    func delivery() async throws {
        let (report, settled) = try await withTimeout { try await DeliveryReadmeSnippets.deliverySnippet() }
        #expect(report.transport == .userInfo)
        #expect(report.failedAttempts.isEmpty)
        #expect(settled?.isHealthy == true)
    }
}

import ClerkKit
import CourierTestSupport
import Foundation
import Testing

@testable import ClerkKitSharedSessions

@Suite("Shared sessions: slots in the group's secure store")
struct SharedSessionSlotTests {
    @available(OS2023, *)
    typealias F = Fixtures

    @available(OS2023, *)
    @Test("A slot reads back as the event it was written with, dates to the millisecond")
    func roundTrip() throws {
        let identity = ClerkIdentity(
            deviceToken: "token", client: F.client("client_1", updatedAt: 1_700_000_000.123),
            serverDate: Date(timeIntervalSince1970: 1_700_000_001))
        let event = F.event(1, owner: "com.example.app", generation: 7, identity)
        let data = try SharedSessionSlot(owner: "com.example.app", event: event).encoded()
        #expect(try SharedSessionSlot(encoded: data, owner: "com.example.app").event == event)
    }

    @available(OS2023, *)
    @Test(
        "Corrupt, foreign or invalid slot contents are decoding errors",
        arguments: [
            "not json", "{}", #"{"schema_version":1}"#,
            #"{"schema_version":2,"slot_owner_identifier":"app","event":{}}"#,
        ])
    func corrupt(_ text: String) {
        #expect(throws: ClerkError.self) { try SharedSessionSlot(encoded: Data(text.utf8), owner: "app") }
        do throws(ClerkError) {
            _ = try SharedSessionSlot(encoded: Data(text.utf8), owner: "app")
        } catch {
            #expect(error.code == .decoding)
        }
    }

    @available(OS2023, *)
    @Test("A truncated slot, a slot naming another owner, generation 0 and a bad token are decoding errors")
    func invalidSlots() throws {
        let event = F.event(1, owner: "app", generation: 3)
        let data = try SharedSessionSlot(owner: "app", event: event).encoded()
        let cases: [(Data, String)] = [
            (data.prefix(data.count / 2), "app"),
            (data, "widget"),
            (try SharedSessionSlot(owner: "app", event: F.event(1, generation: 0)).encoded(), "app"),
            (
                try SharedSessionSlot(owner: "app", event: F.event(1, generation: 2, F.identity("a\nb", "c")))
                    .encoded(), "app"
            ),
        ]
        for (bytes, owner) in cases {
            do throws(ClerkError) {
                _ = try SharedSessionSlot(encoded: bytes, owner: owner)
                Issue.record("accepted an invalid slot for \(owner)")
            } catch {
                #expect(error.code == .decoding)
            }
        }
    }

    @available(OS2023, *)
    @Test("Reading the slots: missing ones skipped, corrupt ones reported by owner, files owner-only")
    func readSlots() async throws {
        try await withTemporaryDirectory(prefix: "shared-slots") { directory in
            let store = try FileSecureStore(directory: directory.url)
            let slots = SharedSessionSlots(store: store)
            let event = F.event(1, owner: "app", generation: 2, F.identity("t", "c", at: 10))
            try slots.write(event, owner: "app")
            try store.set(Data("garbage".utf8), forKey: SharedSessionOwner.slotKey("widget"))
            let (events, failures) = slots.read(["app", "widget", "intent", "../bad"])
            #expect(events == [event])
            #expect(failures.map(\.owner) == ["widget"])
            #expect(failures.first?.error.code == .decoding)
            let path = directory.url.appendingPathComponent(SharedSessionOwner.slotKey("app")).path
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        }
    }
}

import ClerkKit
import Foundation
import SundialKitCore
import Testing

@testable import ClerkKitWatchSync

@Suite("Watch sync: the application context")
struct WatchSyncPayloadTests {
    @available(OS2023, *)
    typealias F = WatchFixtures

    @available(OS2023, *)
    @Test("A state travels in clerk-ios's keys and reads back whole")
    func roundTrip() throws {
        let state = F.state("token", "client_1", at: 1_700_000_000, updatedAt: 1_699_999_999.5, generation: 3)
        let context = try WatchSyncPayload.context(for: state, environment: Data("{}".utf8))
        #expect(context["clerkDeviceToken"] as? String == "token")
        #expect(context["watchSyncDeviceTokenState"] as? String == "set")
        #expect(context["clerkClient"] is Data)
        #expect(context["watchSyncAuthState"] as? String == "set")
        #expect(context["clerkClientServerFetchDate"] as? Double == 1_700_000_000)
        #expect(context["clerkEnvironment"] is Data)
        #expect(context["clerkWatchSyncClearGeneration"] as? Int == 3)
        #expect(try WatchSyncPayload.state(from: context) == state)

        let cleared = F.state(nil, generation: 4)
        let clearedContext = try WatchSyncPayload.context(for: cleared)
        #expect(clearedContext["clerkDeviceToken"] == nil)
        #expect(clearedContext["watchSyncDeviceTokenState"] as? String == "cleared")
        #expect(try WatchSyncPayload.state(from: clearedContext) == cleared)
    }

    @available(OS2023, *)
    @Test("An earlier SDK's unversioned payload is generation 0; numbers may come as integers, doubles or text")
    func unversioned() throws {
        let legacy: ConnectivityMessage = ["clerkDeviceToken": "token", "clerkClientServerFetchDate": 1_700_000_000]
        let state = try #require(try WatchSyncPayload.state(from: legacy))
        #expect(state.clearGeneration == 0)
        #expect(state.identity.deviceToken == "token")
        #expect(state.identity.serverDate == Date(timeIntervalSince1970: 1_700_000_000))
        let text: ConnectivityMessage = ["clerkDeviceToken": "token", "clerkWatchSyncClearGeneration": "7"]
        #expect(try WatchSyncPayload.state(from: text)?.clearGeneration == 7)
        let double: ConnectivityMessage = ["clerkDeviceToken": "token", "clerkWatchSyncClearGeneration": 2.0]
        #expect(try WatchSyncPayload.state(from: double)?.clearGeneration == 2)
    }

    @available(OS2023, *)
    @Test("Another feature's context is none of ours")
    func foreign() throws {
        #expect(try WatchSyncPayload.state(from: ["workout": "run"]) == nil)
        #expect(try WatchSyncPayload.state(from: [:]) == nil)
    }

    @available(OS2023, *)
    @Test(
        "Corrupt contexts are decoding errors",
        arguments: [
            ["clerkDeviceToken": ""],
            ["clerkDeviceToken": "a\nb"],
            ["clerkDeviceToken": 42],
            ["watchSyncDeviceTokenState": "set"],
            ["clerkDeviceToken": "t", "clerkClient": Data("{not json".utf8)],
            ["clerkDeviceToken": "t", "clerkClient": "text"],
            ["clerkDeviceToken": "t", "watchSyncAuthState": "set"],
            ["clerkDeviceToken": "t", "clerkClientServerFetchDate": "yesterday"],
            ["clerkDeviceToken": "t", "clerkWatchSyncClearGeneration": -1],
            ["clerkDeviceToken": "t", "clerkWatchSyncClearGeneration": 1.5],
        ] as [ConnectivityMessage])
    func corrupt(_ context: ConnectivityMessage) {
        do throws(ClerkError) {
            _ = try WatchSyncPayload.state(from: context)
            Issue.record("accepted \(context.keys.sorted())")
        } catch {
            #expect(error.code == .decoding)
            #expect(!error.message.contains("a\nb"))
        }
    }
}

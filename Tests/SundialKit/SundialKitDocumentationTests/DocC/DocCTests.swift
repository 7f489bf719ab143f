import CourierTestSupport
import SundialKitCore
import SundialKitStream
import Testing

@Suite("DocC snippets that run anywhere")
struct DocCTests {
    @Test("The PairedSessions guide: the context sent while out of range reaches the watch when back in range")
    @available(OS2022, *)
    func pairedSessionsGuide() async throws {
        let (_, watch) = try await DocCStreamSnippets.pairedSessions()
        let received = try #require(
            try await watch.stateStream().firstValue(within: .seconds(60)) { $0.isReachable })
        #expect(received.isReachable)
        // The context is delivered on reconnection; the watch's session keeps it.
        let contexts = await watch.messageStream()
        if watch.receivedApplicationContext.isEmpty {
            _ = try await contexts.firstValue(within: .seconds(60)) { $0.transport == .applicationContext }
        }
        #expect(watch.receivedApplicationContext["state"] as? String == "paused")
    }

    @Test("The Testing and Core snippets behave as their pages say")
    @available(OS2022, *)
    func testingAndCore() async throws {
        #expect(DocCSnippets.testing().pathStatus == .unsatisfied(.notAvailable))
        let ping = AlwaysOnline()
        #expect(ping.shouldPing(onStatus: .satisfied(.wifi)))
        #expect(!ping.shouldPing(onStatus: .unknown))
        let answers = AsyncStream<Bool> { continuation in ping.onPing { continuation.yield($0) } }
        #expect(try await answers.first(1) == [true])
        #expect(ping.timeout == 30)
    }

    @Test("The device-only snippets fail cleanly where there is no WatchConnectivity")
    @available(OS2022, *)
    func deviceOnly() async {
        #if !canImport(WatchConnectivity)
        await #expect(throws: ConnectivityError.sessionNotSupported) { _ = try await DocCSnippets.connectivity() }
        await #expect(throws: ConnectivityError.sessionNotSupported) { try await DocCStreamSnippets.protobuf() }
        await #expect(throws: ConnectivityError.sessionNotSupported) { _ = try await DocCStreamSnippets.connectivity() }
        #expect(throws: ConnectivityError.sessionNotSupported) { _ = try DocCCombineSnippets.connectivity() }
        #endif
    }
}

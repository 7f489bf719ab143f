import CourierTestSupport
import Foundation
import SundialKitCombine
import SundialKitTesting
import Testing

@Suite(
    "SundialKit README: connectivity",
    .enabled(if: TestPass.isHeavy, "verbatim README code on the library's default reply timeout: the second pass")
)
struct ConnectivityReadmeTests {
    @Test("The Swift concurrency quick start runs: the watch's reply reaches the phone")
    @available(OS2022, *)
    func streamQuickStart() async throws {
        let (red, _) = try await ConnectivityReadmeSnippets.streamSnippet()
        #expect(red == 0.5)
    }

    @Test("The Combine quick start runs: the send made once activated goes out by application context")
    @available(OS2022, *)
    func combineQuickStart() async throws {
        let decoder = MessageDecoder(messagableTypes: [ColorMessage.self])
        let (observer, cancellables, pair) = try ConnectivityReadmeSnippets.combineSnippet(decoder: decoder)
        let (states, statesCancellable) = collect(observer.statePublisher)
        defer { statesCancellable.cancel() }
        let (sent, sentCancellable) = collect(observer.replyMessagePublisher)
        defer { sentCancellable.cancel() }
        _ = try await states.firstValue(within: .seconds(60)) { $0.activationState == .activated }
        // The snippet sends from its own activation sink, on the main queue: wait for that send before the watch
        // activates, or it could go live instead.
        if pair.phone.applicationContext["message"] == nil {
            _ = try await sent.firstValue(within: .seconds(60)) { _ in true }
        }
        // The watch is not activated, so the message went by application context, delivered once it is.
        let watch = SundialKitCombine.ConnectivityObserver(session: pair.watch, publishingQueue: nil)
        let (received, receivedCancellable) = collect(watch.messageReceivedPublisher)
        defer { receivedCancellable.cancel() }
        try await watch.activate(timeout: .seconds(60))
        let context = try #require(try await received.first(1).first)
        #expect(context.message["message"] as? String == "hello")
        #expect(context.context.isApplicationContext)
        #expect(cancellables.count == 3)
    }
}

import Foundation
import SundialKitTesting
import Testing

@Suite("SundialKit README: connectivity")
struct ConnectivityReadmeTests {
    @Test("The connectivity quick start runs: the watch's reply reaches the phone")
    func quickStart() async throws {
        let (red, pair) = try await ConnectivityReadmeSnippets.streamSnippet()
        #expect(red == 0.5)
        let (observer, cancellable) = ConnectivityReadmeSnippets.combineSnippet(pair: pair)
        #expect(observer.state.isReachable)
        cancellable.cancel()
    }
}

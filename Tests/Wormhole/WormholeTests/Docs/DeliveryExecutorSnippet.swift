// A README example, compiled and run by ReadmeTests.

// snippet: delivery-executor
import Wormhole

@available(OS2024, *)
func answerPings(on wormhole: Wormhole, from pings: MessageStream<String>, count: Int) async throws {
    // On Linux: read, decode and answer each ping on the thread its notification arrives on.
    try await withTaskExecutorPreference(wormhole.deliveryExecutor) {
        var answered = 0
        for await delivery in pings {
            guard let ping = delivery.message else { continue }
            try await wormhole.send(ping, to: "pong")
            answered += 1
            if answered == count { return }
        }
    }
}
// end-snippet

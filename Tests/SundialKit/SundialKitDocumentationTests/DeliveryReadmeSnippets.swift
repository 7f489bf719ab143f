// The delivery-policy code block of Sources/SundialKit/README.md, verbatim, so that it compiles and runs.
import Foundation
import SundialKit
import SundialKitTesting

@available(OS2022, *)
enum DeliveryReadmeSnippets {
    static func deliverySnippet() async throws -> (DeliveryReport, SessionHealth?) {
        let deliveryPair = PairedSessions()  // on a device: ConnectivityManager(session: WatchConnectivitySession())
        let phone = ConnectivityManager(session: deliveryPair.phone)
        let watch = ConnectivityManager(session: deliveryPair.watch)
        try await phone.activate(timeout: .seconds(60))
        try await watch.activate(timeout: .seconds(60))

        let policy = DeliveryPolicy(
            chain: [.message, .userInfo, .applicationContext],  // the default chain
            retry: RetryPolicy(maxAttempts: 3, initialBackoff: .milliseconds(500)),
            replyTimeout: .seconds(5))
        deliveryPair.setLinkUp(false)  // the watch goes out of range
        let report = try await phone.deliver(["workout": "run"], policy: policy)
        print("sent by", report.transport, "after", report.failedAttempts.count, "failed tries")  // userInfo, 0

        let health = phone.healthUpdates()  // now, then each change
        deliveryPair.setLinkUp(true)  // back in range: the queued transfer is delivered
        var settled: SessionHealth?
        for await state in health where state.isReachable && state.pendingTransfers == 0 {
            print("healthy:", state.isHealthy, "last error:", state.lastError as Any)
            settled = state
            break
        }
        return (report, settled)
    }
}

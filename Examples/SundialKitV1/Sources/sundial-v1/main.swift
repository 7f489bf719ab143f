// sundial-v1: the objects of a SundialKit 1.x app, unchanged, driven from the command line. The network object
// watches this machine's real network path; two watch objects play an iPhone and an Apple Watch over
// SundialKitTesting's `PairedSessions` (in memory). Ends by itself; exits with 1 when something expected does not
// arrive within 5 seconds.

import Foundation
import SundialKit
import SundialKitCombine
import SundialKitTesting
import SundialV1Shared

#if canImport(Combine)
import Combine
#else
import OpenCombine
import OpenCombineDispatch
#endif

/// The first value of `publisher` that satisfies `predicate`, or `nil` after 5 seconds.
func firstValue<Value>(
    of publisher: Published<Value>.Publisher, where predicate: @escaping (Value) -> Bool
) async -> Value? {
    await withCheckedContinuation { continuation in
        var found: Value?
        var cancellable: AnyCancellable?
        cancellable = publisher.first(where: predicate)
            .timeout(.seconds(5), scheduler: DispatchQueue.main)
            .sink(
                receiveCompletion: { _ in
                    continuation.resume(returning: found)
                    cancellable?.cancel()
                },
                receiveValue: { found = $0 }
            )
    }
}

func fail(_ reason: String) -> Never {
    print("failed: \(reason)")
    exit(1)
}

// The network: NWPathMonitor on Apple platforms, netlink on Linux.
#if os(Linux)
let network = NetworkConnectivityObject(observer: try NetworkObserver())
#else
let network = NetworkConnectivityObject(observer: NetworkObserver())
#endif
network.start()
guard let status = await firstValue(of: network.$pathStatus, where: { $0 != .unknown }) else {
    fail("no network path status")
}
print("network: \(status)")
network.connectivityObserver.cancel()

// The watch: an iPhone and a Watch, each with the 1.x object the app uses.
let pair = PairedSessions()
let phone = WatchConnectivityObject(observer: ConnectivityObserver(session: pair.phone))
let watch = WatchConnectivityObject(observer: ConnectivityObserver(session: pair.watch))
phone.activate()
watch.activate()
guard await firstValue(of: phone.$isReachable, where: { $0 }) != nil else { fail("the watch never became reachable") }
print("phone: watch reachable")

phone.sendMessage("Hello from the iPhone")
guard let received = await firstValue(of: watch.$lastReceivedMessage, where: { !$0.isEmpty }) else {
    fail("the watch received nothing")
}
print("watch: received \"\(received)\"")
watch.sendMessage("Hello back from the Watch")
guard let answer = await firstValue(of: phone.$lastReceivedMessage, where: { !$0.isEmpty }) else {
    fail("the phone received nothing")
}
print("phone: received \"\(answer)\"")
print("done")

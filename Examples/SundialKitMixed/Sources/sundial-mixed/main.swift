// sundial-mixed: SundialKit with Combine for the network and async/await with Protobuf for messaging. The iPhone's
// `PlaybackModel` follows this machine's real network path through `NetworkObserver`'s publisher; it then tells a
// simulated Watch (SundialKitTesting's `PairedSessions`) what plays, streamed or downloaded depending on that path,
// as a Protobuf message. Ends by itself; exits with 1 when something expected does not arrive within 5 seconds.

import Foundation
import PlaybackMessages
import SundialKit
import SundialKitCombine
import SundialKitStream
import SundialKitTesting

#if canImport(Combine)
import Combine
#else
import OpenCombine
import OpenCombineDispatch
#endif

@MainActor
func run() async -> Bool {
    let pair = PairedSessions()
    #if os(Linux)
    guard let network = try? NetworkObserver() else { return failed("netlink cannot be opened") }
    #else
    let network = NetworkObserver()
    #endif
    let phone = PlaybackModel(
        network: network, connectivity: ConnectivityStream(session: pair.phone, messageDecoder: decoder))
    let watch = PlaybackModel(connectivity: ConnectivityStream(session: pair.watch, messageDecoder: decoder))
    defer { phone.stop() }

    // Combine: the path status, as the view would see it.
    guard let status = await firstValue(of: phone.$pathStatus, where: { $0 != .unknown }) else {
        return failed("no network path status")
    }
    print("phone: network \(status)")

    // async/await: both sides activate and follow their messages.
    let phoneSide = Task { await phone.run() }
    let watchSide = Task { await watch.run() }
    defer {
        phoneSide.cancel()
        watchSide.cancel()
    }
    guard await firstValue(of: watch.$status, where: { $0 == "activated" }) != nil,
        await firstValue(of: phone.$status, where: { $0 == "activated" }) != nil
    else { return failed("the sessions did not activate") }

    await phone.play(title: "Clair de lune", artist: "Debussy")
    print("phone: \(phone.status)")
    guard let track = await firstValue(of: watch.$nowPlaying, where: { $0 != nil }) ?? nil else {
        return failed("the watch received nothing")
    }
    print("watch: now playing \(track.title) by \(track.artist), \(track.streaming ? "streamed" : "downloaded")")
    return true
}

/// The first value of `publisher` that satisfies `predicate`, or `nil` after 5 seconds.
@MainActor
func firstValue<Value: Sendable>(
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

func failed(_ reason: String) -> Bool {
    print("failed: \(reason)")
    return false
}

if await run() {
    print("done")
} else {
    exit(1)
}

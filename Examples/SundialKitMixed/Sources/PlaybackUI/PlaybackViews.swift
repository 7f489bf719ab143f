#if canImport(SwiftUI) && canImport(Network)
import Network
import PlaybackMessages
import SundialKit
import SundialKitCombine
import SundialKitStream
import SwiftUI

/// The iPhone app's screen: the network path (from Combine) and a button that tells the Watch what plays.
public struct PhonePlaybackView: View {
    @StateObject private var model = PlaybackModel(
        network: NetworkObserver(), connectivity: ConnectivityStream(messageDecoder: decoder))

    /// Creates the screen.
    public init() {}

    /// The path status, the track and the button.
    public var body: some View {
        VStack(spacing: 12) {
            Text("Network: \(String(describing: model.pathStatus))")
            Text(
                model.nowPlaying.map { "\($0.title) (\($0.streaming ? "streamed" : "downloaded"))" }
                    ?? "Nothing playing")
            Button("Play") { Task { await model.play(title: "Clair de lune", artist: "Debussy") } }
            Text(model.status).font(.footnote)
        }
        .task { await model.run() }
    }
}

/// The Watch app's screen: what plays on the iPhone.
public struct WatchPlaybackView: View {
    @StateObject private var model = PlaybackModel(connectivity: ConnectivityStream(messageDecoder: decoder))

    /// Creates the screen.
    public init() {}

    /// The track, or nothing.
    public var body: some View {
        VStack {
            Text(model.nowPlaying?.title ?? "Nothing playing").font(.headline)
            Text(model.nowPlaying?.artist ?? "")
        }
        .task { await model.run() }
    }
}
#endif

import Foundation
import SundialKit
import SundialKitCombine
import SundialKitStream

#if canImport(Combine)
import Combine
#else
import OpenCombine
import OpenCombineDispatch
#endif

/// One side of the playback app. The network path comes from SundialKitCombine's `NetworkObserver`, assigned to a
/// `@Published` property; the Watch is reached through SundialKitStream's actor `ConnectivityStream` (the async `ConnectivityObserver`, named apart from SundialKitCombine's), with
/// `NowPlaying` as a Protobuf message.
@MainActor
public final class PlaybackModel: ObservableObject {
    /// This device's network path (the iPhone's side only).
    @Published public private(set) var pathStatus: PathStatus = .unknown
    /// The track last sent or received.
    @Published public private(set) var nowPlaying: Playback_NowPlaying?
    /// What happened last, for the status line.
    @Published public private(set) var status = "activating…"

    private let connectivity: ConnectivityStream
    private let stopNetwork: () -> Void

    /// A side that also watches the network (the iPhone, which streams).
    public init<Monitor: PathMonitor>(
        network: NetworkObserver<Monitor, NeverPing>, connectivity: ConnectivityStream
    ) {
        self.connectivity = connectivity
        stopNetwork = { network.cancel() }
        network.pathStatusPublisher
            .receive(on: DispatchQueue.main)
            .assign(to: &$pathStatus)
        network.start(queue: .global())
    }

    /// A side without the network (the Watch).
    public init(connectivity: ConnectivityStream) {
        self.connectivity = connectivity
        stopNetwork = {}
    }

    /// Activates the session and shows each track that arrives until the calling task is cancelled.
    public func run() async {
        let tracks = await connectivity.messages(of: Playback_NowPlaying.self)  // subscribed before anything arrives
        do {
            try await connectivity.activate()
            status = "activated"
        } catch {
            status = "\(error)"
            return
        }
        for await track in tracks {
            nowPlaying = track
            status = "now playing \(track.title)"
        }
    }

    /// Tells the Watch what plays: streamed when the network path is satisfied, else from the downloads.
    public func play(title: String, artist: String) async {
        var track = Playback_NowPlaying()
        track.title = title
        track.artist = artist
        track.streaming = pathStatus.isSatisfied
        nowPlaying = track
        do {
            let result = try await connectivity.send(track)
            status = "sent by \(result.transport.map(\.rawValue) ?? "?")"
        } catch {
            status = "\(error)"
        }
    }

    /// Stops watching the network.
    public func stop() {
        stopNetwork()
    }
}

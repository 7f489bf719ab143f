// Usage examples of the SundialKit 2.0 design document (seed 000: use cases, the migration paths, the API
// sketches), compiled against this repository. Adapted only where the document leaves something undefined or
// where the code would not compile cleanly, as the comments say.
import SundialKit
import SundialKitCombine
import SundialKitProtobuf
import SundialKitProtobufExample
import SundialKitStream
import SundialKitTesting

#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

/// The example schema's heart-rate message stands in for the document's `MyProtoMessage`.
@available(OS2022, *)
typealias MyProtoMessage = Sundial_Example_HeartRateUpdate

@available(OS2022, *)
enum SpecNetworkExamples {
    /// UC1: Modern Concurrency Adoption. `updateUI` is the caller's.
    static func useCase1(
        networkMonitor: NetworkStream<ScriptedPathMonitor, NeverPing>,
        updateUI: (PathStatus) -> Void
    ) async {
        for await status in networkMonitor.pathStatusStream {
            updateUI(status)
        }
    }

    /// UC3: Gradual Migration from v1. Adapted: the cancellable is kept (an unused `sink` result is a warning).
    static func useCase3(observer: NetworkObserver<ScriptedPathMonitor, NeverPing>) -> AnyCancellable {
        let cancellable = observer.pathStatusPublisher.sink { status in
            // Existing code unchanged
            _ = status
        }
        return cancellable
    }

    #if os(Linux)
    /// Migration path 1 (maintain v1). Adapted: `try`, because on Linux the default monitor opens netlink and
    /// can fail; the cancellable is kept.
    static func migrationPath1() throws -> (NetworkObserver<NetlinkPathMonitor, NeverPing>, AnyCancellable) {
        let observer = try NetworkObserver()
        let cancellable = observer.pathStatusPublisher.sink { status in
            print(status)
        }
        return (observer, cancellable)
    }

    /// Migration path 2 (gradual async adoption). Adapted: `try` for the default network monitor.
    static func migrationPath2() throws -> (NetworkObserver<NetlinkPathMonitor, NeverPing>, Task<Void, Never>) {
        // Network: still Combine
        let networkObserver = try NetworkObserver()

        // Connectivity: new AsyncStream approach
        let connectivityMonitor = ConnectivityStream()
        let task = Task {
            for await isReachable in connectivityMonitor.isReachableStream {
                print("Reachable: \(isReachable)")
            }
        }
        return (networkObserver, task)
    }

    /// Migration path 3 (full modern stack). Adapted: `try` for the default network monitor; on a device
    /// without WatchConnectivity the send fails with a typed error.
    static func migrationPath3() async throws {
        let network = try NetworkStream()
        let task = Task {
            for await status in network.pathStatusStream {
                print(status)
            }
        }
        defer { task.cancel() }

        let connectivity = ConnectivityStream()
        let message = MyProtoMessage()
        try await connectivity.send(message)
    }
    #endif

    /// §6.2 and §6.3: `@Published` path status and the current-value accessors.
    static func observerShape(
        observer: NetworkObserver<ScriptedPathMonitor, NeverPing>,
        stream: NetworkStream<ScriptedPathMonitor, NeverPing>
    ) async -> (AnyPublisher<PathStatus, Never>, PathStatus, PathStatus) {
        let published = observer.$pathStatus.eraseToAnyPublisher()
        return (published, await stream.currentPathStatus(), await stream.currentStatus())
    }
}

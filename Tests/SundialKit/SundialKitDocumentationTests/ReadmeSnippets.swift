// The code blocks of Sources/SundialKit/README.md, verbatim, so that they compile. `ReadmeTests` checks that
// every ```swift block of the README appears here (ignoring indentation and blank lines).
import Foundation
import SundialKit
import SundialKitCombine
import SundialKitCore
import SundialKitStream
import SundialKitTesting

#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

@available(OS2022, *)
enum ReadmeSnippets {
    // SundialKitCore
    static func coreSnippet(_ status: PathStatus) -> String {
        describe(status)
    }

    #if os(Linux)
    // SundialKitNetwork
    static func networkSnippet() throws -> (NetworkObservation, NetworkObservation) {
        let monitor = try NetworkMonitor()
        let observation = monitor.observe { event in
            if case .path(let state, let changed) = event, changed.contains(.pathStatus) {
                print("path status:", state.pathStatus)
            }
        }
        monitor.start(queue: .global())

        let ping = try TCPConnectPing(host: "example.com", port: 443, timeInterval: 30, timeout: 5)
        let pingingMonitor = try NetworkMonitor(ping: ping)
        let pingObservation = pingingMonitor.observe { event in
            if case .ping(let result) = event {
                print("ping:", result)
            }
        }
        pingingMonitor.start(queue: .global())
        return (observation, pingObservation)
    }

    // SundialKitCombine
    static func combineSnippet() throws -> AnyCancellable {
        let observer = try NetworkObserver()
        let cancellable = observer.$pathStatus.sink { status in
            print("path status:", status)
        }
        observer.start(queue: .main)
        return cancellable
    }

    // SundialKitStream
    static func streamSnippet() async throws {
        let network = try NetworkStream()
        for await status in network.pathStatusStream {
            print("path status:", status)
            if status.isSatisfied {
                break
            }
        }
    }
    #endif

    // SundialKitTesting
    static func testingSnippet() -> PathStatus {
        let paths = ScriptedPathMonitor()
        let scripted = NetworkMonitor(monitor: paths)
        scripted.start(queue: .global())
        paths.send(.unsatisfied(.notAvailable))
        assert(scripted.pathStatus == .unsatisfied(.notAvailable))
        return scripted.pathStatus
    }
}

@available(OS2022, *)
func describe(_ status: PathStatus) -> String {
    switch status {
    case .satisfied(let interfaces) where interfaces.contains(.cellular):
        return "online over cellular"
    case .satisfied:
        return "online"
    case .unsatisfied(let reason):
        return "offline (\(reason.map { "\($0)" } ?? "no reason"))"
    case .requiresConnection, .unknown:
        return "not known yet"
    }
}

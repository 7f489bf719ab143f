// The code blocks of the SundialKit DocC catalogs (Sources/SundialKit/*/*.docc), verbatim, so that they compile.
// `ReadmeTests` checks that every ```swift block of the catalogs appears in these files. Blocks that need a
// device (WatchConnectivity) are compiled here, not run.
import Foundation
import SundialKit
import SundialKitConnectivity
import SundialKitCore
import SundialKitNetwork
import SundialKitTesting

/// The catalogs' stand-in for the app's own work before it replies.
@available(OS2022, *)
func compute(_ message: ConnectivityMessage) async -> ConnectivityMessage {
    ["received": message.count]
}

// SundialKitCore: writing your own ping.
@available(OS2022, *)
struct AlwaysOnline: NetworkPing {
    let timeInterval: TimeInterval = 30
    func shouldPing(onStatus status: PathStatus) -> Bool { status.isSatisfied }
    func onPing(_ closure: @escaping @Sendable (Bool) -> Void) { closure(true) }
}

@available(OS2022, *)
enum DocCSnippets {
    #if os(Linux)
    // SundialKitNetwork
    static func network() throws -> NetworkObservation {
        let monitor = try NetworkMonitor()
        let observation = monitor.observe { event in
            if case .path(let state, let changed) = event, changed.contains(.pathStatus) {
                print("path status:", state.pathStatus)
            }
        }
        monitor.start(queue: .global())
        return observation
    }

    // SundialKit (umbrella)
    static func umbrella() throws -> PathStatus {
        let monitor = try NetworkMonitor()
        monitor.start(queue: .global())
        print(monitor.pathStatus)
        return monitor.pathStatus
    }
    #endif

    // SundialKitConnectivity: sending, then receiving and replying later.
    static func connectivity() async throws -> ConnectivityEventSubscription {
        let manager = ConnectivityManager()  // WatchConnectivity on iPhone and Apple Watch
        try await manager.activate(timeout: .seconds(60))
        let result = try await manager.send(ColorMessage(red: 1, green: 0.5, blue: 0))
        print(result.transport.map { "\($0)" } ?? "no transport", result.context)

        let subscription = manager.addEventHandler { event in
            guard case .messageReceived(let received) = event else { return }
            Task {
                let answer = await compute(received.message)
                try received.reply?.send(answer)  // reaches the sender, even after awaiting
            }
        }
        return subscription
    }

    // SundialKitTesting
    static func testing() -> NetworkMonitor<ScriptedPathMonitor, NeverPing> {
        let paths = ScriptedPathMonitor()
        let monitor = NetworkMonitor(monitor: paths)
        monitor.start(queue: .global())
        paths.send(.unsatisfied(.notAvailable))
        return monitor
    }
}

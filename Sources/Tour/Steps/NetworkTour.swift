import Foundation
import SundialKit
import SundialKitStream

/// SundialKit: watch this machine's network path for a few seconds, printing the initial path and any changes.
@available(OS2023, *)
enum NetworkTour {
    static func run() async throws {
        print("SundialKit: watching this machine's network path for 3 seconds")
        #if os(Linux)
        let paths = try NetlinkPathMonitor()
        let network = NetworkStream(monitor: paths)
        let watcher = Task {
            var changes = 0
            for await status in network.pathStatusStream {
                print(changes == 0 ? "  initial path: \(status)" : "  path changed: \(status)")
                if changes == 0, let path = paths.currentPath {
                    let routed = path.interfaces.filter(\.hasDefaultRoute).map { "\($0.name) (\($0.kind))" }
                    print("  interfaces:   \(path.interfaces.map(\.name).joined(separator: ", "))")
                    print("  default route via: \(routed.isEmpty ? "none" : routed.joined(separator: ", "))")
                }
                changes += 1
            }
            return changes - 1
        }
        try await Task.sleep(for: .seconds(3))
        watcher.cancel()
        let changes = await watcher.value
        print("  \(max(changes, 0)) change(s) seen; monitor stopped: \(!(await network.isMonitoring))\n")
        #else
        let network = NetworkStream(networkMonitor: NetworkMonitor())
        let watcher = Task {
            for await status in network.pathStatusStream {
                print("  path: \(status)")
            }
        }
        try await Task.sleep(for: .seconds(3))
        watcher.cancel()
        print("")
        #endif
    }
}

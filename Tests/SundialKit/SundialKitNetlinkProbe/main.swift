// Runs a NetworkMonitor over netlink and prints one line per event, for the netlink tests, which run it in a
// private network namespace and change that namespace's links:
//
//   status <PathStatus>        each time the path status changes (the first line is the initial status)
//   interfaces <name:kind,…>   with each status line: the operational interfaces carrying a default route
//   failure <NetworkError>     if monitoring fails
//
// It exits when its standard input closes.
import Foundation
import SundialKitCore
import SundialKitNetwork

/// Writes one line, unbuffered, so the parent sees it at once.
func emit(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

#if os(Linux)

let monitor: NetworkMonitor<NetlinkPathMonitor, NeverPing>
do {
    monitor = try NetworkMonitor()
} catch {
    emit("failure \(error)")
    exit(2)
}
let observation = monitor.observe { event in
    switch event {
    case .path(let state, let changed) where changed.contains(.pathStatus):
        emit("status \(state.pathStatus)")
    case .failure(let error):
        emit("failure \(error)")
    case .path, .ping:
        break
    }
}
monitor.start(queue: DispatchQueue(label: "probe"))
while readLine() != nil {}
monitor.stop()
observation.cancel()
#else
emit("failure netlink exists only on Linux")
exit(2)
#endif

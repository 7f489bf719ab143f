#if os(Linux)
import CourierPrimitives
import CourierTestSupport
import Dispatch
import Foundation
import Logging
import SundialKitCore
import Testing

@testable import SundialKitNetwork

/// The netlink monitor against the real kernel. Changes happen only inside private network namespaces.
@Suite("NetlinkPathMonitor (kernel)")
struct NetlinkKernelTests {
    /// Runs `ip` inside the network namespace of process `pid`.
    @available(OS2022, *)
    private func ip(in pid: pid_t, _ arguments: String...) async throws {
        let process = try ChildProcess(
            command: "nsenter", arguments: ["--net=/proc/\(pid)/ns/net", "ip"] + arguments)
        let status = try await process.waitForExit(within: .seconds(30))
        #expect(status == 0, "ip \(arguments.joined(separator: " ")): \(process.standardError)")
    }

    @Test(
        "In a private namespace: unsatisfied, satisfied when a veth gets an address and a default route, unsatisfied when it goes down"
    )
    @available(OS2022, *)
    func vethUpAndDown() async throws {
        let probe = ChildProcess.productsDirectory.appendingPathComponent("sundialkit-netlink-probe").path
        let child = try ChildProcess(
            command: "unshare",
            arguments: ["--net", "--mount", "sh", "-c", "mount -t sysfs sysfs /sys && exec \"$0\"", probe],
            standardInput: true
        )
        defer { child.closeStandardInput() }
        // One line at a time, in order: each wait reads the next line of the same stream.
        func nextStatus() async throws -> String {
            let line = try await child.lines.firstValue(within: .seconds(30))
            return try #require(line, "probe ended: \(child.standardError)")
        }
        // A fresh namespace has only a loopback link, down.
        #expect(try await nextStatus() == "status unsatisfied(notAvailable)")

        try await ip(in: child.pid, "link", "add", "sk0", "type", "veth", "peer", "name", "sk1")
        try await ip(in: child.pid, "addr", "add", "192.0.2.1/24", "dev", "sk0")
        try await ip(in: child.pid, "link", "set", "sk1", "up")
        try await ip(in: child.pid, "link", "set", "sk0", "up")
        try await ip(in: child.pid, "route", "add", "default", "via", "192.0.2.254", "dev", "sk0")
        #expect(try await nextStatus() == "status satisfied(wiredEthernet)")

        try await ip(in: child.pid, "link", "set", "sk0", "down")
        #expect(try await nextStatus() == "status unsatisfied(notAvailable)")

        try await ip(in: child.pid, "link", "set", "sk0", "up")
        try await ip(in: child.pid, "route", "add", "default", "via", "192.0.2.254", "dev", "sk0")
        #expect(try await nextStatus() == "status satisfied(wiredEthernet)")
        try await ip(in: child.pid, "link", "del", "sk0")
        #expect(try await nextStatus() == "status unsatisfied(notAvailable)")

        child.closeStandardInput()
        #expect(try await child.waitForExit(within: .seconds(30)) == 0)
    }

    @Test("On this machine the monitor delivers the current path once started, and restarts")
    @available(OS2022, *)
    func hostPath() async throws {
        let monitor = try NetlinkPathMonitor()
        let paths = Broadcast<NetlinkPath>()
        monitor.onPathUpdate { paths.send($0) }
        let stream = paths.subscribe()
        monitor.start(queue: DispatchQueue(label: "hostPath"))
        let first = try #require(try await stream.firstValue(within: .seconds(30)))
        #expect(first.pathStatus != .unknown)
        #expect(first.interfaces.contains { $0.kind == .loopback })
        #expect(monitor.currentPath == first)
        monitor.cancel()
        let again = paths.subscribe()
        monitor.start(queue: DispatchQueue(label: "hostPath"))
        #expect(try await again.firstValue(within: .seconds(30)) != nil)
        monitor.cancel()
    }

    @Test("A path queued when the monitor is cancelled is dropped")
    @available(OS2022, *)
    func cancelMidUpdate() async throws {
        let monitor = try NetlinkPathMonitor()
        let delivered = Locked(0)
        monitor.onPathUpdate { _ in delivered.withLock { $0 += 1 } }
        let queue = DispatchQueue(label: "cancelMidUpdate")
        queue.suspend()
        monitor.start(queue: queue)
        // The initial path is read and queued while the queue is suspended.
        _ = try await monitor.pathQueued.subscribe().firstValue(within: .seconds(30))
        monitor.cancel()
        queue.resume()
        await withCheckedContinuation { continuation in queue.async { continuation.resume() } }
        #expect(delivered.value == 0)
        #expect(monitor.currentPath == nil)
    }

    @Test("If netlink cannot be opened, creating the monitor throws monitoringUnavailable")
    @available(OS2022, *)
    func openFailure() {
        #expect(throws: NetworkError.monitoringUnavailable(reason: "test")) {
            _ = try NetlinkPathMonitor(logger: Logger(label: "test")) { () throws(NetworkError) -> NetlinkSocket in
                throw .monitoringUnavailable(reason: "test")
            }
        }
    }

    @Test("If a restart cannot open netlink, the failure reaches NetworkMonitor instead of a silent unknown")
    @available(OS2022, *)
    func restartFailure() async throws {
        let opened = Locked(0)
        let paths = try NetlinkPathMonitor(logger: Logger(label: "test")) { () throws(NetworkError) -> NetlinkSocket in
            let attempt = opened.withLock { count in
                count += 1
                return count
            }
            if attempt > 1 { throw .monitoringUnavailable(reason: "no more sockets") }
            return try NetlinkSocket.open()
        }
        let monitor = NetworkMonitor(monitor: paths)
        let failures = Broadcast<NetworkError>()
        let observation = monitor.observe { event in
            if case .failure(let error) = event { failures.send(error) }
        }
        let stream = failures.subscribe()
        monitor.start(queue: DispatchQueue(label: "restartFailure"))
        monitor.stop()
        monitor.start(queue: DispatchQueue(label: "restartFailure"))
        #expect(try await stream.firstValue(within: .seconds(30)) == .monitoringUnavailable(reason: "no more sockets"))
        #expect(monitor.lastFailure == .monitoringUnavailable(reason: "no more sockets"))
        monitor.stop()
        observation.cancel()
    }
}
#endif

#if os(Linux)
import CNetlink
import CourierPrimitives
import CourierTestSupport
import Dispatch
import Glibc
import Logging
import SundialKitCore
import Testing

@testable import SundialKitNetwork

/// Hands every log entry to a broadcast, so that a test can await the one it expects.
@available(OS2022, *)
struct StreamingLogHandler: LogHandler {
    struct Entry: Sendable {
        let level: Logger.Level
        let message: String
        let metadata: [String: String]
    }

    let entries: Broadcast<Entry>
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .debug

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let metadata = (event.metadata ?? [:]).mapValues { "\($0)" }
        entries.send(Entry(level: event.level, message: "\(event.message)", metadata: metadata))
    }
}

/// A user-space netlink socket that sends crafted datagrams to another netlink socket, as a hostile or buggy
/// peer (or a kernel bug) could.
@available(OS2022, *)
struct NetlinkInjector: ~Copyable {
    private let descriptor: Int32

    init() throws {
        descriptor = socket(AF_NETLINK, Int32(SOCK_RAW.rawValue), NETLINK_ROUTE)
        try #require(descriptor >= 0)
    }

    deinit {
        close(descriptor)
    }

    /// The port a netlink socket is bound to.
    static func port(of descriptor: Int32) throws -> UInt32 {
        var address = sockaddr_nl()
        var length = socklen_t(MemoryLayout<sockaddr_nl>.size)
        let result = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        try #require(result == 0)
        return address.nl_pid
    }

    func send(_ bytes: [UInt8], toPort port: UInt32) throws {
        var address = sockaddr_nl()
        address.nl_family = sa_family_t(AF_NETLINK)
        address.nl_pid = port
        let sent = bytes.withUnsafeBytes { buffer in
            withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    sendto(
                        descriptor, buffer.baseAddress, buffer.count, 0, $0, socklen_t(MemoryLayout<sockaddr_nl>.size))
                }
            }
        }
        try #require(sent == bytes.count)
    }
}

@Suite("NetlinkPathMonitor with bad input")
struct NetlinkReaderTests {
    /// A monitor whose socket the test can reach, and its log.
    @available(OS2022, *)
    private func monitor() throws -> (NetlinkPathMonitor, UInt32, AsyncStream<StreamingLogHandler.Entry>) {
        let entries = Broadcast<StreamingLogHandler.Entry>()
        var logger = Logger(label: "NetlinkReaderTests") { _ in StreamingLogHandler(entries: entries) }
        logger.logLevel = .debug
        let opened = Locked<Int32?>(nil)
        let monitor = try NetlinkPathMonitor(logger: logger) { () throws(NetworkError) -> NetlinkSocket in
            let socket = try NetlinkSocket.open()
            opened.withLock { $0 = socket.descriptor }
            return socket
        }
        let descriptor = try #require(opened.value)
        return (monitor, try NetlinkInjector.port(of: descriptor), entries.subscribe())
    }

    @Test("Malformed datagrams are skipped with a log; unknown interface kinds are logged and kept as other")
    @available(OS2022, *)
    func malformedAndUnknown() async throws {
        let (monitor, port, log) = try monitor()
        let paths = Broadcast<NetlinkPath>()
        let delivered = paths.subscribe()
        monitor.onPathUpdate { paths.send($0) }
        monitor.start(queue: DispatchQueue(label: "malformedAndUnknown"))
        defer { monitor.cancel() }
        _ = try await delivered.firstValue(within: .seconds(30))
        let injector = try NetlinkInjector()

        try injector.send([0x01, 0x02, 0x03], toPort: port)
        let skipped = try #require(
            try await log.firstValue(within: .seconds(30)) { $0.message == "skipped malformed netlink input" })
        #expect(skipped.level == .warning)
        #expect(skipped.metadata["problem"]?.contains("truncated netlink header") == true)

        try injector.send(
            NetlinkBytes.link(index: 99_999, name: "mystery0", flags: NetlinkBytes.upAndRunning, hardwareType: 0x7FFF),
            toPort: port)
        let unknown = try #require(
            try await log.firstValue(within: .seconds(30)) { $0.message.hasPrefix("unknown interface kind") })
        #expect(unknown.metadata["interface"] == "mystery0")
        let withMystery = try #require(
            try await delivered.firstValue(within: .seconds(30)) { path in
                path.interfaces.contains { $0.name == "mystery0" }
            })
        #expect(withMystery.interfaces.first { $0.name == "mystery0" }?.kind == .other)

        // An overrun makes the monitor read the kernel's state again: the made-up link is gone.
        try injector.send(NetlinkBytes.message(type: NetlinkConstant.overrun, body: []), toPort: port)
        _ = try await log.firstValue(within: .seconds(30)) { $0.message.contains("overrun") }
        let resynchronised = try await delivered.firstValue(within: .seconds(30)) { path in
            !path.interfaces.contains { $0.name == "mystery0" }
        }
        #expect(resynchronised?.interfaces.contains { $0.kind == .loopback } == true)
    }

    @Test("A socket that fails while running is reported as a typed failure and logged, not a silent unknown")
    @available(OS2022, *)
    func failingSocket() async throws {
        let entries = Broadcast<StreamingLogHandler.Entry>()
        let log = entries.subscribe()
        let logger = Logger(label: "NetlinkReaderTests") { _ in StreamingLogHandler(entries: entries) }
        // A pipe is not a socket: the first dump request fails.
        let monitor = try NetlinkPathMonitor(logger: logger) { () throws(NetworkError) -> NetlinkSocket in
            var ends: [Int32] = [0, 0]
            var wake: [Int32] = [0, 0]
            guard pipe(&ends) == 0, pipe(&wake) == 0 else { throw .monitoringUnavailable(reason: "pipe") }
            close(ends[1])
            close(wake[1])
            return NetlinkSocket(descriptor: ends[0], wakeDescriptor: wake[0])
        }
        let failures = Broadcast<NetworkError>()
        let reported = failures.subscribe()
        monitor.onFailure { failures.send($0) }
        monitor.start(queue: DispatchQueue(label: "failingSocket"))
        let failure = try #require(try await reported.firstValue(within: .seconds(30)))
        guard failure.code == .monitoringFailed, let reason = failure.context.detail else {
            Issue.record("expected monitoringFailed, got \(failure)")
            return
        }
        #expect(reason.contains("cannot send a netlink request"))
        let logged = try await log.firstValue(within: .seconds(30)) { $0.message == "netlink monitoring failed" }
        #expect(logged?.level == .error)
        // The monitor stopped; it can be started again (and fails again, the same way).
        monitor.start(queue: DispatchQueue(label: "failingSocket"))
        #expect(try await reported.first(1, within: .seconds(30)).count == 1)
        monitor.cancel()
    }
}
#endif

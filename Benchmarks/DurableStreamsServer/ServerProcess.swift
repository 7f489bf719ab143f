import AllocationCounter
import CourierTooling
import DurableStreamsPostgres
import DurableStreamsServer
import DurableStreamsStorage
import Foundation
import ServiceLifecycle

#if canImport(Glibc)
import Glibc
#endif

/// A server under test, in its own process so that its memory is measured alone.
@available(OS2023, *)
final class ServerProcess: Sendable {
    enum Kind: Sendable, Hashable, CustomStringConvertible {
        case swiftMemory
        case swiftDisk
        case rakaia
        /// `durable-streams` on the PostgreSQL store of `DURABLE_STREAMS_POSTGRES_URL` (one node of several
        /// sharing a schema).
        case postgres
        /// Answers `200` at once, from one `poll` thread (``FloorServers``).
        case socketFloor
        /// Answers `200` at once, from swift-nio's HTTP/1.1 pipeline with a task per connection.
        case nioFloor
        /// Keeps appends in a plain file per stream and answers catch-up reads with `sendfile` (``SendfileFloor``).
        case sendfileFloor
        /// Holds idle SSE responses from swift-nio's pipeline, with no task (``SSEFloors``).
        case tasklessSSEFloor
        /// Holds idle SSE responses from HummingbirdCore's server, a task per connection (``SSEFloors``).
        case hummingbirdSSEFloor
        /// Holds SSE readers and long-polls on swift-nio with no task, one write pass per append (``LiveFloor``).
        case liveFloor

        /// Whether this is a floor, which serves appends only.
        var isFloor: Bool { self == .socketFloor || self == .nioFloor }

        /// Whether this is a floor of the idle SSE memory, which serves that measure only.
        var isSSEFloor: Bool { self == .tasklessSSEFloor || self == .hummingbirdSSEFloor }

        /// The floor of the live-delivery measures, which serves those only.
        var isLiveFloor: Bool { self == .liveFloor }

        var description: String {
            switch self {
            case .swiftMemory: "durable-streams (memory)"
            case .swiftDisk: "durable-streams (disk, fsync every append)"
            case .rakaia: "rakaia-streams 0.9.0 (memory)"
            case .postgres: "durable-streams (PostgreSQL)"
            case .socketFloor: "floor: one poll thread, fixed 200"
            case .nioFloor: "floor: swift-nio, task per connection, 200"
            case .sendfileFloor: "floor: sendfile of a plain file"
            case .tasklessSSEFloor: "SSE floor: swift-nio, no task"
            case .hummingbirdSSEFloor: "SSE floor: HummingbirdCore, task per connection"
            case .liveFloor: "live floor: swift-nio, no task, one pass per append"
            }
        }
    }

    let kind: Kind
    let port: Int
    private let child: ChildProcess
    private let directory: TemporaryDirectory?

    private init(kind: Kind, port: Int, child: ChildProcess, directory: TemporaryDirectory?) {
        self.kind = kind
        self.port = port
        self.child = child
        self.directory = directory
    }

    /// Starts a server and waits until it accepts connections.
    /// With `countingAllocations`, the server counts its heap allocations (ours only: see ``allocations()``).
    /// With `.postgres`, the server keeps its streams in `schema`.
    static func start(
        _ kind: Kind, longPollTimeout: Int = 30, countingAllocations: Bool = false, schema: String = "bench"
    ) async throws -> ServerProcess {
        switch kind {
        case .swiftMemory, .swiftDisk, .postgres:
            let directory = kind == .swiftDisk ? try TemporaryDirectory(prefix: "ds-bench") : nil
            let store = kind == .postgres ? "postgres:" + schema : directory?.path ?? "memory"
            let (child, port) = try await serveChild(
                [store, String(longPollTimeout)] + (countingAllocations ? ["count-allocations"] : []),
                standardInput: countingAllocations)
            return ServerProcess(kind: kind, port: port, child: child, directory: directory)
        case .socketFloor, .nioFloor, .sendfileFloor, .tasklessSSEFloor, .hummingbirdSSEFloor, .liveFloor:
            let names: [Kind: String] = [
                .socketFloor: "socket-floor", .nioFloor: "nio-floor", .sendfileFloor: "sendfile-floor",
                .tasklessSSEFloor: "taskless-sse-floor", .hummingbirdSSEFloor: "hummingbird-sse-floor",
                .liveFloor: "live-floor",
            ]
            let (child, port) = try await serveChild([names[kind] ?? ""])
            return ServerProcess(kind: kind, port: port, child: child, directory: nil)
        case .rakaia:
            let server = try await RakaiaStreams.start(longPollTimeout: Double(longPollTimeout))
            return ServerProcess(kind: kind, port: server.port, child: server.process, directory: nil)
        }
    }

    /// This executable re-run as `serve-child` with `arguments`, once it has printed its port.
    private static func serveChild(_ arguments: [String], standardInput: Bool = false) async throws
        -> (ChildProcess, Int)
    {
        let child = try ChildProcess(
            executable: URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath(),
            arguments: ["serve-child"] + arguments,
            standardInput: standardInput
        )
        guard let line = try await child.lines.firstValue(within: .seconds(60), where: { $0.hasPrefix("port ") }),
            let port = Int(line.dropFirst(5))
        else { throw BenchmarkError("the server did not start: \(child.standardError)") }
        return (child, port)
    }

    /// The server process's resident memory, in bytes.
    var residentBytes: Int {
        guard let status = try? String(contentsOfFile: "/proc/\(child.pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
            let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
        else { return 0 }
        return kilobytes * 1024
    }

    /// The heap allocations the server made since it started counting, and the bytes they asked for (a server
    /// started with `countingAllocations`; it answers each line on its standard input with one line).
    func allocations() async throws -> (count: UInt64, bytes: UInt64) {
        child.write("allocations\n")
        guard
            let line = try await child.lines.firstValue(within: .seconds(10), where: { $0.hasPrefix("allocations ") })
        else { throw BenchmarkError("the server did not report its allocations") }
        let fields = line.split(separator: " ").dropFirst().compactMap { UInt64($0) }
        guard fields.count == 2 else { throw BenchmarkError("unreadable allocation report: \(line)") }
        return (fields[0], fields[1])
    }

    /// Stops the server and removes its data.
    func stop() async {
        child.signal(SIGTERM)
        if (try? await child.waitForExit(within: .seconds(20))) == nil { child.signal(SIGKILL) }
        directory?.remove()
    }
}

/// The child side: `durable-streams-server-benchmark serve-child <directory|memory|postgres:SCHEMA> <long-poll
/// seconds>`.
@available(OS2023, *)
enum ServeChild {
    static func run(_ arguments: [String]) async throws {
        System.raiseOpenFiles()
        switch arguments.first {
        case "socket-floor": return try FloorServers.runSocketFloor()
        case "nio-floor": return try await FloorServers.runNIOFloor()
        case "sendfile-floor": return try FloorServers.runSendfileFloor()
        case "taskless-sse-floor": return try await SSEFloors.runTaskless()
        case "hummingbird-sse-floor": return try await SSEFloors.runHummingbird()
        case "live-floor": return try await LiveFloor.run()
        default: break
        }
        let storage: DurableStreamsServer.Storage
        if arguments[0] == "memory" {
            storage = .memory
        } else if arguments[0].hasPrefix("postgres:") {
            var options = try PostgresStreamStorage.Options(
                url: ProcessInfo.processInfo.environment["DURABLE_STREAMS_POSTGRES_URL"] ?? "")
            options.schema = String(arguments[0].dropFirst("postgres:".count))
            storage = .custom(try await PostgresStreamStorage.open(options))
        } else {
            storage = .directory(arguments[0])
        }
        var configuration = DurableStreamsServer.Configuration(
            port: 0,
            storage: storage,
            longPollTimeout: .seconds(Int64(arguments[1]) ?? 30)
        )
        configuration.sseConnectionLifetime = .seconds(3600)
        configuration.webhooks = .development  // the subscription measures post to 127.0.0.1
        configuration.logger.logLevel = .error
        let server = DurableStreamsServer(configuration: configuration)
        // Serves until the parent sends SIGTERM, then stops as `durable-streams serve` does.
        let service = ClosureService {
            try await server.run { port in FileHandle.standardOutput.write(Data("port \(port)\n".utf8)) }
        }
        if arguments.count > 2, arguments[2] == "count-allocations" { reportAllocationsOnRequest() }
        let group = ServiceGroup(services: [service], gracefulShutdownSignals: [.sigterm], logger: configuration.logger)
        try await group.run()
    }

    /// Starts counting allocations and answers every line on standard input with
    /// `allocations <count> <bytes>`.
    private static func reportAllocationsOnRequest() {
        allocation_counter_start()
        let thread = Thread {
            while readLine() != nil {
                let report = "allocations \(allocation_counter_allocations()) \(allocation_counter_bytes())\n"
                FileHandle.standardOutput.write(Data(report.utf8))
            }
        }
        thread.start()
    }
}

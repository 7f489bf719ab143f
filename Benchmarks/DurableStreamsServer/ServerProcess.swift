import CourierTestSupport
import DurableStreamsServer
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A server under test, in its own process so that its memory is measured alone.
final class ServerProcess: Sendable {
    enum Kind: Sendable, CustomStringConvertible {
        case swiftMemory
        case swiftDisk
        case rakaia

        var description: String {
            switch self {
            case .swiftMemory: "durable-streams (memory)"
            case .swiftDisk: "durable-streams (disk, fsync every append)"
            case .rakaia: "rakaia-streams 0.9.0 (memory)"
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
    static func start(_ kind: Kind, longPollTimeout: Int = 30) async throws -> ServerProcess {
        switch kind {
        case .swiftMemory, .swiftDisk:
            let directory = kind == .swiftDisk ? try TemporaryDirectory(prefix: "ds-bench") : nil
            let child = try ChildProcess(
                executable: URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath(),
                arguments: ["serve-child", directory?.path ?? "memory", String(longPollTimeout)]
            )
            guard let line = try await child.lines.firstValue(within: .seconds(60), where: { $0.hasPrefix("port ") }),
                let port = Int(line.dropFirst(5))
            else { throw BenchmarkError("the server did not start: \(child.standardError)") }
            return ServerProcess(kind: kind, port: port, child: child, directory: directory)
        case .rakaia:
            let port = try freePort()
            let child = try ChildProcess(
                command: "python3",
                arguments: ["-m", "rakaia", "--host", "127.0.0.1", "--port", String(port)],
                environment: ["LONG_POLL_TIMEOUT": String(longPollTimeout)]
            )
            let clock = ContinuousClock()
            let deadline = clock.now.advanced(by: .seconds(30))
            while clock.now < deadline {
                // Waiting for another program to listen: nothing signals it, so try to connect.
                if (try? await HTTPConnection.with(port: port, { _ in true })) == true {
                    return ServerProcess(kind: kind, port: port, child: child, directory: nil)
                }
                guard child.isRunning else { break }
                try await Task.sleep(for: .milliseconds(50))
            }
            throw BenchmarkError(
                "rakaia did not start (is `pip install rakaia-streams==0.9.0 uvicorn` done?): \(child.standardError.suffix(500))"
            )
        }
    }

    /// The server process's resident memory, in bytes.
    var residentBytes: Int {
        guard let status = try? String(contentsOfFile: "/proc/\(child.pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
            let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
        else { return 0 }
        return kilobytes * 1024
    }

    /// Stops the server and removes its data.
    func stop() async {
        child.signal(SIGTERM)
        if (try? await child.waitForExit(within: .seconds(20))) == nil { child.signal(SIGKILL) }
        directory?.remove()
    }

    private static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        guard bound == 0 else { throw BenchmarkError("cannot find a free port") }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}

/// The child side: `durable-streams-server-benchmark serve-child <directory|memory> <long-poll seconds>`.
enum ServeChild {
    static func run(_ arguments: [String]) async throws {
        var limit = rlimit()
        if getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 {
            limit.rlim_cur = limit.rlim_max
            _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        }
        let storage: DurableStreamsServer.Storage = arguments[0] == "memory" ? .memory : .directory(arguments[0])
        var configuration = DurableStreamsServer.Configuration(
            port: 0,
            storage: storage,
            longPollTimeout: .seconds(Int64(arguments[1]) ?? 30)
        )
        configuration.sseConnectionLifetime = .seconds(3600)
        configuration.logger.logLevel = .error
        let server = DurableStreamsServer(configuration: configuration)
        let port = try await server.start()
        FileHandle.standardOutput.write(Data("port \(port)\n".utf8))
        // Runs until the parent sends SIGTERM (the default action ends the process).
        while true { try await Task.sleep(for: .seconds(3600)) }
    }
}

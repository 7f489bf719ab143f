import CourierPrimitives
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// A lean load generator for measuring a server: kept-alive HTTP/1.1 connections on threads of their own (not Swift
// concurrency's), one request at a time on each, blocking reads and writes, answers framed by Content-Length. It
// takes a few system calls per request, so that the server's rate, not the client's, is what a run measures.

struct LoadFailure: Error, CustomStringConvertible {
    let description: String
}

/// One kept-alive connection to 127.0.0.1.
final class KeepAliveConnection {
    private let socket: Int32
    private var received: [UInt8] = []
    private var chunk = [UInt8](repeating: 0, count: 65_536)

    init(port: Int) throws {
        #if canImport(Glibc)
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        socket = Darwin.socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard socket >= 0 else { throw LoadFailure(description: "socket() failed: \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(socket)
            throw LoadFailure(description: "connect() failed: \(errno)")
        }
    }

    deinit { close(socket) }

    /// Sends `request` (a whole HTTP/1.1 request) and reads the whole answer; returns its status.
    func exchange(_ request: [UInt8]) throws -> Int {
        var sent = 0
        while sent < request.count {
            let count = request.withUnsafeBytes { bytes in
                bytes.baseAddress.map { send(socket, $0 + sent, bytes.count - sent, 0) } ?? -1
            }
            guard count > 0 else { throw LoadFailure(description: "send() failed: \(errno)") }
            sent += count
        }
        var headEnd: Int?
        while headEnd == nil {
            try receive()
            headEnd = Self.endOfHead(received)
        }
        guard let headEnd else { throw LoadFailure(description: "no head") }
        let head = String(decoding: received[0..<headEnd], as: UTF8.self)
        let lines = head.split(separator: "\r\n")
        let statusLine = lines.first?.split(separator: " ") ?? []
        guard statusLine.count > 1, let status = Int(statusLine[1]) else {
            throw LoadFailure(description: "no status line")
        }
        let length = lines.dropFirst().lazy.compactMap { line -> Int? in
            guard line.lowercased().hasPrefix("content-length:") else { return nil }
            return Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces))
        }.first
        guard let length else { throw LoadFailure(description: "an answer without Content-Length") }
        while received.count < headEnd + length { try receive() }
        received.removeFirst(headEnd + length)
        return status
    }

    private func receive() throws {
        let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { throw LoadFailure(description: "the server closed the connection") }
        received.append(contentsOf: chunk[0..<count])
    }

    /// The index just past the blank line that ends the head, if it arrived.
    private static func endOfHead(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 3..<bytes.count
        where bytes[index] == 10 && bytes[index - 1] == 13 && bytes[index - 2] == 10 && bytes[index - 3] == 13 {
            return index + 1
        }
        return nil
    }
}

/// What a load run measured.
@available(OS2023, *)
struct LoadResult {
    var succeeded: Int
    var elapsed: Duration
    /// CPU time of the load generator's own threads; nil where a thread's time cannot be read.
    var clientCPU: Duration?
    /// CPU time of the whole process over the run (the server in it included).
    var processCPU: Duration
}

/// CPU time (user and system) of the calling thread (`thread: true`) or of the whole process.
@available(OS2023, *)
func cpuTime(thread: Bool) -> Duration? {
    var time = timespec()
    guard clock_gettime(thread ? CLOCK_THREAD_CPUTIME_ID : CLOCK_PROCESS_CPUTIME_ID, &time) == 0 else { return nil }
    return .seconds(Int64(time.tv_sec)) + .nanoseconds(Int64(time.tv_nsec))
}

/// Sends `request` `perConnection` times on each of `connections` kept-alive connections to 127.0.0.1:`port`, each
/// connection on a thread of its own; counts the 200 answers.
@available(OS2023, *)
func runKeepAliveLoad(port: Int, request: String, connections: Int, perConnection: Int) async throws -> LoadResult {
    let bytes = Array(request.utf8)
    let outcome = Locked<(succeeded: Int, finished: Int, clientCPU: Duration?, failure: LoadFailure?)>(
        (0, 0, .zero, nil))
    let clock = ContinuousClock()
    let processStart = cpuTime(thread: false) ?? .zero
    let start = clock.now
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
        for _ in 0..<connections {
            let thread = Thread {
                let threadStart = cpuTime(thread: true)
                var succeeded = 0
                var failure: LoadFailure?
                do {
                    let connection = try KeepAliveConnection(port: port)
                    for _ in 0..<perConnection where try connection.exchange(bytes) == 200 { succeeded += 1 }
                } catch {
                    failure = error as? LoadFailure ?? LoadFailure(description: "\(error)")
                }
                let threadCPU = cpuTime(thread: true).flatMap { end in threadStart.map { end - $0 } }
                let last = outcome.withLock { state -> Bool in
                    state.succeeded += succeeded
                    state.finished += 1
                    state.clientCPU = threadCPU.flatMap { cpu in state.clientCPU.map { $0 + cpu } }
                    if state.failure == nil { state.failure = failure }
                    return state.finished == connections
                }
                if last { done.resume() }
            }
            thread.start()
        }
    }
    let elapsed = clock.now - start
    let processCPU = (cpuTime(thread: false) ?? .zero) - processStart
    let (succeeded, _, clientCPU, failure) = outcome.withLock { $0 }
    if let failure { throw failure }
    return LoadResult(succeeded: succeeded, elapsed: elapsed, clientCPU: clientCPU, processCPU: processCPU)
}

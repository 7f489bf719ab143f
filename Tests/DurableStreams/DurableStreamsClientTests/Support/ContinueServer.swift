import CourierPrimitives
import CourierTestSupport
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A keep-alive HTTP/1.1 server on 127.0.0.1 with an ephemeral port that stores request bodies the way a stream
/// server stores appends, and can drop a connection at each step of an `Expect: 100-continue` exchange. It counts
/// what it stored, so a test can tell whether an append reached it twice.
@available(OS2023, *)
final class ContinueServer: Sendable {
    /// What to do with one request (numbered from 0 across all connections, in arrival order).
    enum Step: Sendable {
        /// Answer `100 Continue` when asked, read and store the body, answer 204 and keep the connection.
        case answer
        /// Answer like ``answer`` with `Connection: close`, then close the connection.
        case answerAndClose
        /// Close the connection as soon as the head has arrived: nothing stored.
        case dropBeforeContinue
        /// Answer `100 Continue`, read and store the body, then close the connection unanswered.
        case dropAfterBody
        /// Never answer `100 Continue`: read the body whenever the client sends it anyway, store it, and close
        /// the connection unanswered (a server that ignores `Expect`, then fails).
        case withholdContinueThenDrop
    }

    /// The bodies stored, in order.
    var stored: [Data] { state.withLock { $0.stored } }
    /// The request lines received, in order.
    var requestLines: [String] { state.withLock { $0.requestLines } }
    /// The connections accepted.
    var connections: Int { state.withLock { $0.connections } }

    var baseURL: String { "http://127.0.0.1:\(server.port)" }

    private struct State {
        var stored: [Data] = []
        var requestLines: [String] = []
        var connections = 0
    }

    private let server: LoopbackSocketServer
    private let state: Locked<State>

    init(plan: @escaping @Sendable (_ index: Int, _ requestLine: String) -> Step) throws {
        let state = Locked(State())
        self.state = state
        server = try LoopbackSocketServer { connection in
            Self.serve(connection, state: state, plan: plan)
        }
    }

    /// Stops accepting and drops every connection still open.
    func stop() {
        server.stop()
    }

    private static func serve(
        _ fd: Int32, state: Locked<State>, plan: @Sendable (Int, String) -> Step
    ) {
        state.withLock { $0.connections += 1 }
        var pending = Data()
        while let head = readHead(fd, pending: &pending) {
            let lines = head.components(separatedBy: "\r\n")
            let requestLine = lines.first ?? ""
            let fields = lines.dropFirst().map { $0.lowercased() }
            let length =
                fields.first { $0.hasPrefix("content-length:") }
                .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
            let expects = fields.contains { $0.hasPrefix("expect:") && $0.contains("100-continue") }
            let index = state.withLock { state -> Int in
                state.requestLines.append(requestLine)
                return state.requestLines.count - 1
            }
            let step = plan(index, requestLine)
            if case .dropBeforeContinue = step { return }
            if expects, length > 0, pending.isEmpty, case .withholdContinueThenDrop = step {
                // Wait for the body the client sends on its own.
            } else if expects, length > 0, pending.isEmpty {
                write(fd, Data("HTTP/1.1 100 Continue\r\n\r\n".utf8))
            }
            guard let body = readBody(fd, length: length, pending: &pending) else { return }
            if length > 0 { state.withLock { $0.stored.append(body) } }
            switch step {
            case .answer, .answerAndClose:
                let offset = state.withLock { $0.stored.reduce(0) { $0 + $1.count } }
                let close = if case .answerAndClose = step { "Connection: close\r\n" } else { "" }
                write(
                    fd,
                    Data(
                        ("HTTP/1.1 204 No Content\r\nStream-Next-Offset: \(offset)\r\n"
                            + "Content-Type: text/plain\r\nContent-Length: 0\r\n\(close)\r\n").utf8))
                if case .answerAndClose = step { return }
            case .dropBeforeContinue, .dropAfterBody, .withholdContinueThenDrop:
                return
            }
        }
    }

    /// Reads up to the end of one request head; bytes after it stay in `pending`.
    private static func readHead(_ fd: Int32, pending: inout Data) -> String? {
        let separator = Data("\r\n\r\n".utf8)
        while pending.range(of: separator) == nil {
            guard readMore(fd, into: &pending) else { return nil }
        }
        guard let end = pending.range(of: separator) else { return nil }
        let head = String(decoding: pending[pending.startIndex..<end.lowerBound], as: UTF8.self)
        pending = Data(pending[end.upperBound...])
        return head
    }

    private static func readBody(_ fd: Int32, length: Int, pending: inout Data) -> Data? {
        while pending.count < length {
            guard readMore(fd, into: &pending) else { return nil }
        }
        let body = Data(pending.prefix(length))
        pending = Data(pending.dropFirst(length))
        return body
    }

    private static func readMore(_ fd: Int32, into data: inout Data) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard count > 0 else { return false }
        data.append(contentsOf: buffer[0..<count])
        return true
    }

    private static func write(_ fd: Int32, _ data: Data) {
        var remaining = data[...]
        while !remaining.isEmpty {
            let written = remaining.withUnsafeBytes { SocketShim.send(fd, $0) }
            guard written > 0 else { return }
            remaining = remaining.dropFirst(written)
        }
    }
}

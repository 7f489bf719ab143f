import CourierPrimitives
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A TCP server on 127.0.0.1 and an ephemeral port that hands each connection to `serve` on a thread of its own,
/// for the plain test servers that answer with exact, or deliberately broken, bytes.
///
/// A socket is closed only by the thread that uses it, after its last call on it: ``stop()`` shuts sockets down,
/// which wakes every call blocked on them, and never closes one. A socket number therefore cannot be reused by
/// another socket of the process while a thread of this server may still read, write or shut it down (which would
/// act on that other socket: in a test process, another test's server).
public final class LoopbackSocketServer: Sendable {
    /// The port it listens on.
    public let port: Int
    private let listener: Int32
    private let sockets = Locked(Sockets())

    private struct Sockets {
        var stopped = false
        var listenerClosed = false
        var connections: Set<Int32> = []
    }

    /// Listens and starts accepting; `serve` gets each connection's socket, which is closed when it returns.
    public init(serve: @escaping @Sendable (_ connection: Int32) -> Void) throws {
        let fd = SocketShim.tcpSocket()
        guard fd >= 0 else { throw POSIXError(.EMFILE) }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(fd, 64) == 0 else {
            close(fd)
            throw POSIXError(.EADDRINUSE)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        listener = fd
        port = Int(UInt16(bigEndian: address.sin_port))
        Thread.detachNewThread { [self] in acceptLoop(serve) }
    }

    /// Stops accepting and shuts down every open connection; the threads serving them then close them.
    public func stop() {
        sockets.withLock { sockets in
            sockets.stopped = true
            if !sockets.listenerClosed { shutdown(listener, Int32(SHUT_RDWR)) }
            for connection in sockets.connections {
                shutdown(connection, Int32(SHUT_RDWR))
            }
        }
    }

    /// Reads and discards until the peer closes the connection or ``stop()`` shuts it down.
    public static func waitForClose(_ connection: Int32) {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while buffer.withUnsafeMutableBytes({ read(connection, $0.baseAddress, $0.count) }) > 0 {}
    }

    private func acceptLoop(_ serve: @escaping @Sendable (Int32) -> Void) {
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else {
                let transient = errno == EINTR || errno == ECONNABORTED
                if transient, !sockets.withLock({ $0.stopped }) { continue }
                break
            }
            let admitted = sockets.withLock { sockets in
                guard !sockets.stopped else { return false }
                sockets.connections.insert(connection)
                return true
            }
            guard admitted else {
                close(connection)
                break
            }
            Thread.detachNewThread { [self] in
                serve(connection)
                sockets.withLock { sockets in
                    sockets.connections.remove(connection)
                    close(connection)
                }
            }
        }
        sockets.withLock { sockets in
            sockets.listenerClosed = true
            close(listener)
        }
    }
}

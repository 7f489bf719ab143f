import DurableStreamsStorage

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A listening TCP socket on 127.0.0.1 at a port the system picks: the floors' and the ping-pong's.
enum LoopbackListener {
    /// The listening socket and its port.
    static func open(backlog: Int32, naming what: String) throws -> (socket: Int32, port: Int) {
        let listener = System.tcpSocket()
        guard listener >= 0 else { throw BenchmarkError("\(what) cannot open a socket") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(listener, address, length) == 0 && listen(listener, backlog) == 0
                    && getsockname(listener, address, &length) == 0
            }
        }
        guard bound else {
            close(listener)
            throw BenchmarkError("\(what) cannot listen")
        }
        return (listener, Int(UInt16(bigEndian: address.sin_port)))
    }
}

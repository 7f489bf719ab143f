#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The socket constants and calls whose Swift shapes differ between Glibc and Darwin, in one place, for the plain
/// test servers and clients that tools and tests run on 127.0.0.1.
public enum SocketShim {
    #if canImport(Glibc)
    /// `SOCK_STREAM` as `socket(2)` takes it (an enum in Glibc, an `Int32` macro in Darwin).
    public static let streamSocket = Int32(SOCK_STREAM.rawValue)
    #else
    /// `SOCK_STREAM` as `socket(2)` takes it.
    public static let streamSocket = SOCK_STREAM
    #endif

    /// A TCP socket that never raises `SIGPIPE` when its peer is gone (`SO_NOSIGPIPE` on Darwin; on Linux
    /// ``send(_:_:)`` passes `MSG_NOSIGNAL`), or -1 with `errno` set.
    public static func tcpSocket() -> Int32 {
        let fd = socket(AF_INET, streamSocket, 0)
        #if canImport(Darwin)
        if fd >= 0 {
            var on: Int32 = 1
            _ = setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        }
        #endif
        return fd
    }

    /// Sends `bytes` on a socket without raising `SIGPIPE` when the peer is gone.
    public static func send(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int {
        #if canImport(Glibc)
        Glibc.send(fd, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL))
        #else
        Darwin.send(fd, bytes.baseAddress, bytes.count, 0)
        #endif
    }
}

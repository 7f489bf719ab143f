#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The C constants whose Swift types differ between Glibc and Darwin, in one place.
enum System {
    /// `SOCK_STREAM` as `socket(2)` takes it (an enum in Glibc, an `Int32` macro in Darwin).
    #if canImport(Glibc)
    static let streamSocket = Int32(SOCK_STREAM.rawValue)
    #else
    static let streamSocket = SOCK_STREAM
    #endif

    /// Sends `bytes` on a socket; on Linux without raising `SIGPIPE` when the peer is gone (Darwin has no such
    /// flag for `send`).
    static func send(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int {
        #if canImport(Glibc)
        Glibc.send(fd, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL))
        #else
        Darwin.send(fd, bytes.baseAddress, bytes.count, 0)
        #endif
    }
}

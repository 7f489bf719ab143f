#if canImport(CNetlink)
// Where CNetlink is built, <sys/socket.h> is owned by its clang module in optimised builds.
import CNetlink
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The socket constants and calls whose Swift shapes differ between Glibc and Darwin, in one place, for the TCP
/// ping (and the listener its tests connect to).
enum NetworkSocketShim {
    /// `SOCK_STREAM` as `socket(2)` and `addrinfo.ai_socktype` take it (an enum in Glibc, an `Int32` in Darwin).
    #if canImport(Glibc)
    static let streamSocket = Int32(SOCK_STREAM.rawValue)
    #else
    static let streamSocket = SOCK_STREAM
    #endif

    /// `connect(2)`, by a name no method shadows.
    static func connect(_ descriptor: Int32, _ address: UnsafePointer<sockaddr>?, _ length: socklen_t) -> Int32 {
        #if canImport(Glibc)
        Glibc.connect(descriptor, address, length)
        #else
        Darwin.connect(descriptor, address, length)
        #endif
    }
}

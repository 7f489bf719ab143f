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
}

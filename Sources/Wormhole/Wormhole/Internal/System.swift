#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Every difference between Darwin and the Linux C libraries that Wormhole's code meets, in one place (as
/// swift-nio's `System.swift` does): the rest of the module calls these and never tests the platform itself.
@available(OS2021, *)
enum System {
    #if canImport(Darwin)
    /// `open(2)`, `rename(2)` and `read(2)`, named apart from wrappers and Foundation methods of the same names.
    static let (open, rename, read) = (Darwin.open as C.Open, Darwin.rename as C.Rename, Darwin.read as C.Read)
    #elseif canImport(Glibc)
    /// `open(2)`, `rename(2)` and `read(2)`, named apart from wrappers and Foundation methods of the same names.
    static let (open, rename, read) = (Glibc.open as C.Open, Glibc.rename as C.Rename, Glibc.read as C.Read)
    #else
    /// `open(2)`, `rename(2)` and `read(2)`, named apart from wrappers and Foundation methods of the same names.
    static let (open, rename, read) = (Musl.open as C.Open, Musl.rename as C.Rename, Musl.read as C.Read)
    #endif

    /// The C functions' types.
    enum C {
        typealias Open = @Sendable (UnsafePointer<CChar>, Int32, mode_t) -> Int32
        typealias Rename = @Sendable (UnsafePointer<CChar>, UnsafePointer<CChar>) -> Int32
        typealias Read = @Sendable (Int32, UnsafeMutableRawPointer?, Int) -> Int
    }

    /// The modification time in `info`, in whole seconds since 1970 (`st_mtimespec` on Darwin, `st_mtim` elsewhere).
    static func modificationSeconds(_ info: stat) -> Double {
        #if canImport(Darwin)
        Double(info.st_mtimespec.tv_sec)
        #else
        Double(info.st_mtim.tv_sec)
        #endif
    }

    /// The modification time in `info`, to the nanosecond (`st_mtimespec` on Darwin, `st_mtim` elsewhere).
    static func modificationTime(_ info: stat) -> timespec {
        #if canImport(Darwin)
        info.st_mtimespec
        #else
        info.st_mtim
        #endif
    }

    /// Whether the system coordinates a `UserDefaults` suite across processes itself (`cfprefsd` on Darwin).
    /// Elsewhere Foundation keeps a suite in a plain file, so writers in several processes take a lock file.
    static var coordinatesUserDefaults: Bool {
        #if canImport(Darwin)
        true
        #else
        false
        #endif
    }

    /// Flushes `fd`'s data to the storage device; returns 0 or `errno`.
    ///
    /// On Darwin `fsync` only hands the data to the drive, which may keep it in its cache across a power loss, so
    /// this asks for `F_FULLFSYNC` (as SQLite does) and falls back to `fsync` where the file system does not
    /// support it. Elsewhere `fsync` reaches the device.
    static func fullSync(_ fd: Int32) -> Int32 {
        #if canImport(Darwin)
        if fcntl(fd, F_FULLFSYNC) == 0 { return 0 }
        #endif
        while fsync(fd) != 0 {
            guard errno == EINTR else { return errno }
        }
        return 0
    }
}

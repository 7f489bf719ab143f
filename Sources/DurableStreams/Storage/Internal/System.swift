#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every C difference between Linux and Darwin that the Durable Streams server side meets, kept in one place
/// (resource limits, socket types, durable syncs, calls whose names clash with ours). Call sites stay
/// platform-neutral.
package enum System {
    #if canImport(Glibc)
    private static let openFilesResource = Int32(RLIMIT_NOFILE.rawValue)
    /// `SOCK_STREAM`, as `socket(2)` takes it.
    package static let streamSocket = Int32(SOCK_STREAM.rawValue)
    #else
    private static let openFilesResource = RLIMIT_NOFILE
    /// `SOCK_STREAM`, as `socket(2)` takes it.
    package static let streamSocket = SOCK_STREAM
    #endif

    /// The open-file limit (`RLIMIT_NOFILE`): the current (soft) and maximum (hard) values.
    package static func openFiles() -> (current: UInt64, maximum: UInt64)? {
        var limit = rlimit()
        guard getrlimit(openFilesResource, &limit) == 0 else { return nil }
        return (UInt64(limit.rlim_cur), UInt64(limit.rlim_max))
    }

    /// Raises the current open-file limit to the maximum (Darwin caps it at `OPEN_MAX`); returns the limit now
    /// in force.
    @discardableResult
    package static func raiseOpenFiles() -> UInt64? {
        var limit = rlimit()
        guard getrlimit(openFilesResource, &limit) == 0 else { return nil }
        if limit.rlim_cur < limit.rlim_max {
            limit.rlim_cur = limit.rlim_max
            #if canImport(Darwin)
            limit.rlim_cur = min(limit.rlim_cur, rlim_t(OPEN_MAX))
            #endif
            _ = setrlimit(openFilesResource, &limit)
        }
        return openFiles()?.current
    }

    /// Releases the storage of a file's first `length` bytes, which then read as zeros, without changing its
    /// size or offsets (`fallocate` with `FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE`, looked up at run time as
    /// the C library declares it only for `_GNU_SOURCE`). Returns whether it did; elsewhere it never does.
    package static func releasePrefix(_ fd: Int32, length: Int) -> Bool {
        #if canImport(Glibc)
        typealias Fallocate = @convention(c) (Int32, Int32, Int, Int) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "fallocate") else { return false }
        let fallocate = unsafeBitCast(symbol, to: Fallocate.self)
        let punchHoleKeepingSize: Int32 = 0x02 | 0x01
        return fallocate(fd, punchHoleKeepingSize, 0, length) == 0
        #else
        return false
        #endif
    }

    /// Makes a file's data reach the disk: `fdatasync` on Linux; on Darwin `F_FULLFSYNC`, since `fsync` there
    /// only reaches the drive's cache (SQLite does the same), with `fsync` where the file system refuses it.
    package static func syncData(_ fd: Int32) -> Int32 {
        #if canImport(Darwin)
        return fcntl(fd, F_FULLFSYNC) == 0 ? 0 : fsync(fd)
        #else
        return fdatasync(fd)
        #endif
    }

    /// Makes a directory's entries (creations, renames, removals) reach the disk: `fsync` on Linux, `F_FULLFSYNC`
    /// on Darwin (falling back to `fsync` as for files).
    package static func syncDirectory(_ fd: Int32) -> Int32 {
        #if canImport(Darwin)
        return syncData(fd)
        #else
        return fsync(fd)
        #endif
    }

    #if canImport(Glibc)
    static func open(_ path: UnsafePointer<CChar>, _ flags: Int32, _ mode: mode_t) -> Int32 {
        Glibc.open(path, flags, mode)
    }
    static func close(_ fd: Int32) -> Int32 { Glibc.close(fd) }
    static func rename(_ from: String, _ to: String) -> Int32 { Glibc.rename(from, to) }
    /// A new IPv4 stream socket, or -1.
    package static func tcpSocket() -> Int32 { Glibc.socket(AF_INET, streamSocket, 0) }
    #else
    static func open(_ path: UnsafePointer<CChar>, _ flags: Int32, _ mode: mode_t) -> Int32 {
        Darwin.open(path, flags, mode)
    }
    static func close(_ fd: Int32) -> Int32 { Darwin.close(fd) }
    static func rename(_ from: String, _ to: String) -> Int32 { Darwin.rename(from, to) }
    /// A new IPv4 stream socket, or -1.
    package static func tcpSocket() -> Int32 { Darwin.socket(AF_INET, streamSocket, 0) }
    #endif
}

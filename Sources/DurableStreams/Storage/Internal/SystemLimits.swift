#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's resource limits, with the C differences between Linux and Darwin kept here.
package enum SystemLimits {
    #if canImport(Glibc)
    private static let openFilesResource = Int32(RLIMIT_NOFILE.rawValue)
    #else
    private static let openFilesResource = RLIMIT_NOFILE
    #endif

    /// The open-file limit (`RLIMIT_NOFILE`): the current (soft) and maximum (hard) values.
    package static func openFiles() -> (current: UInt64, maximum: UInt64)? {
        var limit = rlimit()
        guard getrlimit(openFilesResource, &limit) == 0 else { return nil }
        return (UInt64(limit.rlim_cur), UInt64(limit.rlim_max))
    }

    /// Raises the current open-file limit to the maximum; returns the limit now in force.
    @discardableResult
    package static func raiseOpenFiles() -> UInt64? {
        var limit = rlimit()
        guard getrlimit(openFilesResource, &limit) == 0 else { return nil }
        if limit.rlim_cur < limit.rlim_max {
            limit.rlim_cur = limit.rlim_max
            #if canImport(Darwin)
            // Darwin refuses more than OPEN_MAX files per process.
            limit.rlim_cur = min(limit.rlim_cur, rlim_t(OPEN_MAX))
            #endif
            _ = setrlimit(openFilesResource, &limit)
        }
        return openFiles()?.current
    }
}

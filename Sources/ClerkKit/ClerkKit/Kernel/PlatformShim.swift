#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The C calls ClerkKit makes, in one place, because their types differ between Glibc and Darwin.
@available(OS2023, *)
enum PlatformShim {
    /// `utsname.machine`, for example `x86_64` or `iPhone15,2`.
    static func machineIdentifier() -> String? {
        var info = utsname()
        guard uname(&info) == 0 else { return nil }
        let machine = withUnsafeBytes(of: &info.machine) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        return machine.isEmpty ? nil : machine
    }

    /// Writes `bytes` to a new file at `path` created with `mode` (never wider than asked, whatever the umask).
    /// Returns `errno` on failure.
    static func writeNewFile(path: String, bytes: [UInt8], mode: UInt32) -> Int32? {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode_t(mode))
        guard descriptor >= 0 else { return errno }
        defer { close(descriptor) }
        guard fchmod(descriptor, mode_t(mode)) == 0 else { return errno }
        var written = 0
        while written < bytes.count {
            let result = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if result < 0 {
                if errno == EINTR { continue }
                return errno
            }
            written += result
        }
        guard fsync(descriptor) == 0 else { return errno }
        return nil
    }

    /// Atomically replaces `destination` with `source`. Returns `errno` on failure.
    static func rename(_ source: String, to destination: String) -> Int32? {
        #if canImport(Glibc)
        let result = Glibc.rename(source, destination)
        #elseif canImport(Musl)
        let result = Musl.rename(source, destination)
        #else
        let result = Darwin.rename(source, destination)
        #endif
        return result == 0 ? nil : errno
    }

    /// Creates a directory with `mode`, or tightens an existing one to `mode`. Returns `errno` on failure.
    static func makeDirectory(path: String, mode: UInt32) -> Int32? {
        if mkdir(path, mode_t(mode)) != 0 && errno != EEXIST { return errno }
        return chmod(path, mode_t(mode)) == 0 ? nil : errno
    }

    /// Removes a file; missing files are not an error. Returns `errno` on failure.
    static func removeFile(path: String) -> Int32? {
        unlink(path) == 0 || errno == ENOENT ? nil : errno
    }
}

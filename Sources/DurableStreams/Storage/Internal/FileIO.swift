import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A failed system call, with the call and the error text.
@available(OS2022, *)
struct FileIOError: Error, CustomStringConvertible {
    let description: String
    /// The system's error number, when a system call failed.
    let code: Int32?
    /// The file the call was about, when known.
    let path: String?

    init(_ operation: String, _ path: String, errno code: Int32 = errno) {
        description = "\(operation) \(path): \(String(cString: strerror(code)))"
        self.code = code
        self.path = path
    }

    init(message: String) {
        description = message
        code = nil
        path = nil
    }

    /// The process (`EMFILE`) or the system (`ENFILE`) had no descriptor left: a passing condition.
    var isOutOfDescriptors: Bool { code == EMFILE || code == ENFILE }
}

/// Thin, blocking wrappers over the POSIX calls the file store needs. Call them off the cooperative pool.
@available(OS2022, *)
enum FileIO {
    static func open(_ path: String, flags: Int32, mode: mode_t = 0o600) throws(FileIOError) -> Int32 {
        while true {
            let fd = path.withCString { System.open($0, flags | O_CLOEXEC, mode) }
            if fd >= 0 { return fd }
            if errno != EINTR { throw FileIOError("open", path) }
        }
    }

    /// Opens a file of the data directory that must be a regular file: a symbolic link is not followed, a
    /// FIFO or device does not block, and anything but a regular file is refused. A file created here gets
    /// exactly `mode`, whatever the umask.
    static func openRegular(_ path: String, flags: Int32, mode: mode_t = 0o600) throws(FileIOError) -> Int32 {
        var fd: Int32 = -1
        while fd < 0 {
            fd = path.withCString { System.open($0, flags | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, mode) }
            if fd >= 0 { break }
            let code = errno
            if code == EINTR { continue }
            if code == ELOOP { throw FileIOError(message: "\(path) is a symbolic link, not a regular file") }
            throw FileIOError("open", path, errno: code)
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let failure = FileIOError("stat", path)
            close(fd)
            throw failure
        }
        guard info.st_mode & mode_t(S_IFMT) == mode_t(S_IFREG) else {
            close(fd)
            throw FileIOError(message: "\(path) is not a regular file")
        }
        if flags & O_CREAT != 0, info.st_mode & 0o777 != mode, fchmod(fd, mode) != 0 {
            let failure = FileIOError("chmod", path)
            close(fd)
            throw failure
        }
        return fd
    }

    static func close(_ fd: Int32) {
        _ = System.close(fd)
    }

    /// Writes all of `bytes` at `offset`.
    static func write(_ fd: Int32, _ bytes: UnsafeRawBufferPointer, at offset: UInt64, path: String) throws(FileIOError)
    {
        var written = 0
        while written < bytes.count {
            let result = pwrite(
                fd, bytes.baseAddress?.advanced(by: written), bytes.count - written, off_t(offset) + off_t(written))
            if result < 0 {
                if errno == EINTR { continue }
                throw FileIOError("write", path)
            }
            written += result
        }
    }

    /// Reads up to `count` bytes at `offset` into `buffer`; returns how many were read (fewer only at EOF).
    static func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer, at offset: UInt64, path: String)
        throws(FileIOError) -> Int
    {
        var total = 0
        while total < buffer.count {
            let result = pread(
                fd, buffer.baseAddress?.advanced(by: total), buffer.count - total, off_t(offset) + off_t(total))
            if result < 0 {
                if errno == EINTR { continue }
                throw FileIOError("read", path)
            }
            if result == 0 { break }
            total += result
        }
        return total
    }

    static func syncData(_ fd: Int32, path: String) throws(FileIOError) {
        if System.syncData(fd) != 0 { throw FileIOError("sync", path) }
    }

    /// Makes a directory's entries (creations, renames, removals) durable.
    static func syncDirectory(_ path: String) throws(FileIOError) {
        let fd = try open(path, flags: O_RDONLY | O_DIRECTORY)
        defer { close(fd) }
        if System.syncDirectory(fd) != 0 { throw FileIOError("sync", path) }
    }

    static func size(_ fd: Int32, path: String) throws(FileIOError) -> UInt64 {
        var info = stat()
        if fstat(fd, &info) != 0 { throw FileIOError("stat", path) }
        return UInt64(info.st_size)
    }

    static func truncate(_ fd: Int32, to length: UInt64, path: String) throws(FileIOError) {
        if ftruncate(fd, off_t(length)) != 0 { throw FileIOError("truncate", path) }
    }

    /// Whether a file exists at `path`.
    static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    /// Whether `path` is a directory itself (not a symbolic link to one).
    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & mode_t(S_IFMT) == mode_t(S_IFDIR)
    }

    /// Creates a directory with exactly `mode` (whatever the umask); an existing one is left as it is.
    static func makeDirectory(_ path: String, mode: mode_t = 0o700) throws(FileIOError) {
        if mkdir(path, mode) != 0 {
            if errno == EEXIST { return }
            throw FileIOError("mkdir", path)
        }
        if chmod(path, mode) != 0 { throw FileIOError("chmod", path) }
    }

    static func rename(_ from: String, _ to: String) throws(FileIOError) {
        if System.rename(from, to) != 0 { throw FileIOError("rename", from) }
    }

    /// Removes one file.
    static func removeFile(_ path: String) throws(FileIOError) {
        if unlink(path) != 0 { throw FileIOError("unlink", path) }
    }

    static func removeTree(_ path: String) {
        try? FileManager.default.removeItem(atPath: path)
    }

    static func contents(ofDirectory path: String) throws(FileIOError) -> [String] {
        do {
            return try FileManager.default.contentsOfDirectory(atPath: path)
        } catch {
            throw FileIOError(message: "list \(path): \(error.localizedDescription)")
        }
    }

    static func readWholeFile(_ path: String) throws(FileIOError) -> [UInt8] {
        let fd = try openRegular(path, flags: O_RDONLY)
        defer { close(fd) }
        let size = try size(fd, path: path)
        guard size <= 1 << 20 else { throw FileIOError(message: "\(path) is too large (\(size) bytes)") }
        var bytes = [UInt8](repeating: 0, count: Int(size))
        let count = try bytes.withMutableBytes { buffer throws(FileIOError) in
            try read(fd, into: buffer, at: 0, path: path)
        }
        return Array(bytes.prefix(count))
    }

    /// Writes a small file and makes it durable.
    static func writeWholeFile(_ path: String, _ bytes: [UInt8], sync: Bool, mode: mode_t = 0o600)
        throws(FileIOError)
    {
        let fd = try openRegular(path, flags: O_WRONLY | O_CREAT | O_TRUNC, mode: mode)
        defer { close(fd) }
        try bytes.withBytes { buffer throws(FileIOError) in try write(fd, buffer, at: 0, path: path) }
        if sync { try syncData(fd, path: path) }
    }

    /// Takes an exclusive advisory lock on a file, failing at once if another process holds it.
    static func lockExclusively(_ path: String, mode: mode_t = 0o600) throws(FileIOError) -> Int32 {
        let fd = try openRegular(path, flags: O_RDWR | O_CREAT, mode: mode)
        if flock(fd, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            close(fd)
            if code == EWOULDBLOCK {
                throw FileIOError(message: "\(path) is locked: another server is using this data directory")
            }
            throw FileIOError("lock", path, errno: code)
        }
        return fd
    }
}

@available(OS2022, *)
extension Array where Element == UInt8 {
    /// `withUnsafeBytes` for a body that throws `FileIOError` (the standard one only rethrows untyped).
    func withBytes<Value>(_ body: (UnsafeRawBufferPointer) throws(FileIOError) -> Value) throws(FileIOError) -> Value {
        let result = withUnsafeBytes { buffer in Result { () throws(FileIOError) in try body(buffer) } }
        return try result.get()
    }

    /// `withUnsafeMutableBytes` for a body that throws `FileIOError`.
    mutating func withMutableBytes<Value>(
        _ body: (UnsafeMutableRawBufferPointer) throws(FileIOError) -> Value
    ) throws(FileIOError) -> Value {
        let result = withUnsafeMutableBytes { buffer in Result { () throws(FileIOError) in try body(buffer) } }
        return try result.get()
    }
}

import Foundation

/// Thin, typed-throwing wrappers over the POSIX calls the file strategies and the inotify notifier use. What
/// differs between Darwin and Glibc is in ``System``.
@available(OS2021, *)
enum SystemCalls {
    /// The message for an `errno` value.
    static func describe(_ code: Int32) -> String {
        String(cString: strerror(code))
    }

    static func failure(_ operation: String, _ path: String, _ code: Int32 = errno) -> WormholeError {
        .fileSystem(
            operation: operation, path: path, reason: describe(code),
            underlying: POSIXErrorCode(rawValue: code).map { POSIXError($0) })
    }

    /// Opens `path`, retrying on `EINTR`; returns the descriptor or `-errno`.
    static func open(_ path: String, _ flags: Int32, _ mode: mode_t = 0o600) -> Int32 {
        while true {
            let fd = System.open(path, flags | O_CLOEXEC, mode)
            if fd >= 0 { return fd }
            if errno != EINTR { return -errno }
        }
    }

    /// Writes all of `bytes`.
    static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer, path: String) throws(WormholeError) {
        let written = try transferAll(bytes.count, "write", path) { done in
            write(fd, bytes.baseAddress.map { $0 + done }, bytes.count - done)
        }
        guard written == bytes.count else { throw failure("write", path, EIO) }
    }

    /// Repeats `step` (a `read` or `write` starting `done` bytes in) until `count` bytes are moved or it moves none;
    /// retries on `EINTR`. Returns how many bytes were moved.
    private static func transferAll(_ count: Int, _ operation: String, _ path: String, _ step: (_ done: Int) -> Int)
        throws(WormholeError) -> Int
    {
        var done = 0
        while done < count {
            let moved = step(done)
            if moved < 0 {
                if errno == EINTR { continue }
                throw failure(operation, path)
            }
            if moved == 0 { break }
            done += moved
        }
        return done
    }

    /// Writes `first` then `second`, in one `writev(2)` when the kernel takes it all (the usual case).
    static func writeAll(
        _ fd: Int32,
        _ first: UnsafeRawBufferPointer,
        _ second: UnsafeRawBufferPointer,
        path: String
    ) throws(WormholeError) {
        var vectors = [
            iovec(iov_base: UnsafeMutableRawPointer(mutating: first.baseAddress), iov_len: first.count),
            iovec(iov_base: UnsafeMutableRawPointer(mutating: second.baseAddress), iov_len: second.count),
        ]
        var written = -1
        while written < 0 {
            written = writev(fd, &vectors, 2)
            if written < 0 && errno != EINTR { throw failure("write", path) }
        }
        if written < first.count {
            try writeAll(fd, UnsafeRawBufferPointer(rebasing: first[written...]), path: path)
            try writeAll(fd, second, path: path)
        } else if written < first.count + second.count {
            try writeAll(fd, UnsafeRawBufferPointer(rebasing: second[(written - first.count)...]), path: path)
        }
    }

    /// Writes all of `bytes` at `offset` without moving the file position.
    static func writeAll(_ fd: Int32, _ bytes: [UInt8], at offset: off_t, path: String) throws(WormholeError) {
        let written = try bytes.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            Result { () throws(WormholeError) in
                try transferAll(raw.count, "write", path) { done in
                    pwrite(fd, raw.baseAddress.map { $0 + done }, raw.count - done, offset + off_t(done))
                }
            }
        }.get()
        guard written == bytes.count else { throw failure("write", path, EIO) }
    }

    /// What ``openRegular(_:_:)`` found.
    enum Opened {
        /// A regular file, open, and its size.
        case descriptor(Int32, size: Int)
        /// Nothing at the path.
        case missing
        /// Something other than a regular file (described, e.g. "a FIFO"), not opened or already closed.
        case notRegular(String)
    }

    /// Opens `path` only if it is a regular file: a symbolic link is not followed, and a FIFO or device is neither
    /// waited for nor read (`O_NOFOLLOW | O_NONBLOCK`, then `fstat`).
    static func openRegular(_ path: String, _ flags: Int32) throws(WormholeError) -> Opened {
        let fd = open(path, flags | O_NOFOLLOW | O_NONBLOCK)
        if fd < 0 {
            switch -fd {
            case ENOENT: return .missing
            case ELOOP, EMLINK: return .notRegular(kind(at: path) ?? "a symbolic link")
            case ENXIO: return .notRegular(kind(at: path) ?? "a special file")
            default: throw failure("open", path, -fd)
            }
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let failed = failure("stat", path)
            close(fd)
            throw failed
        }
        guard let kind = Self.kind(of: info.st_mode) else { return .descriptor(fd, size: Int(info.st_size)) }
        close(fd)
        return .notRegular(kind)
    }

    /// What kind of file `path` is (without following a symbolic link): `nil` for a regular file or nothing.
    static func kind(at path: String) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return kind(of: info.st_mode)
    }

    /// What is at `path` (without following a symbolic link), e.g. "a regular file", "a directory"; `nil` if nothing.
    static func entryKind(at path: String) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return kind(of: info.st_mode) ?? "a regular file"
    }

    /// `nil` for a regular file, otherwise what it is, for messages.
    private static func kind(of mode: mode_t) -> String? {
        switch mode & mode_t(S_IFMT) {
        case mode_t(S_IFREG): return nil
        case mode_t(S_IFIFO): return "a FIFO"
        case mode_t(S_IFLNK): return "a symbolic link"
        case mode_t(S_IFDIR): return "a directory"
        case mode_t(S_IFSOCK): return "a socket"
        default: return "a device"
        }
    }

    /// Creates `path`, which must not exist (a symbolic link there is not followed), with exactly `access`'s file
    /// permissions whatever the umask; returns the descriptor or `-errno`.
    static func create(_ path: String, _ flags: Int32, access: FileAccess) -> Int32 {
        let mode = mode_t(access.fileMode)
        let fd = open(path, flags | O_CREAT | O_EXCL | O_NOFOLLOW, mode)
        if fd >= 0 && fchmod(fd, mode) != 0 {
            let code = errno
            close(fd)
            unlink(path)
            return -code
        }
        return fd
    }

    /// Opens the regular file `path` for reading and writing, creating it (see ``create(_:_:access:)``) if missing.
    static func openOrCreate(_ path: String, access: FileAccess) throws(WormholeError) -> Int32 {
        while true {
            let fd = create(path, O_RDWR, access: access)
            if fd >= 0 { return fd }
            guard -fd == EEXIST else { throw failure("create", path, -fd) }
            switch try openRegular(path, O_RDWR) {
            case .descriptor(let fd, _): return fd
            case .missing: continue  // removed in between: create it again
            case .notRegular(let kind): throw notRegular(path, kind)
            }
        }
    }

    /// Opens (creating it if missing) the lock file `path` and takes an exclusive `flock(2)` on it, waiting for
    /// other holders; closing the returned descriptor releases the lock.
    static func lockExclusively(_ path: String, access: FileAccess) throws(WormholeError) -> Int32 {
        let fd = try openOrCreate(path, access: access)
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else {
                let failed = failure("lock", path)
                close(fd)
                throw failed
            }
        }
        return fd
    }

    /// The error for a path that holds something other than a regular file.
    static func notRegular(_ path: String, _ kind: String) -> WormholeError {
        .fileSystem(operation: "open", path: path, reason: "\(kind), not a regular file (not followed)")
    }

    /// Reads up to `count` bytes from the start of `path`; `nil` if it does not exist or is not a regular file.
    static func readPrefix(_ path: String, count: Int) throws(WormholeError) -> [UInt8]? {
        guard case .descriptor(let fd, _) = try openRegular(path, O_RDONLY) else { return nil }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: count)
        let got = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, count, 0) }
        guard got >= 0 else { throw failure("read", path) }
        bytes.removeSubrange(got...)
        return bytes
    }

    /// Whether something exists at `path` (without following a final symbolic link).
    static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    /// The modification time of `path` in seconds since 1970, or `nil`.
    static func modificationTime(_ path: String) -> Double? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return System.modificationSeconds(info)
    }

    /// Removes a file; a missing file is not an error.
    static func remove(_ path: String) throws(WormholeError) {
        if unlink(path) != 0 && errno != ENOENT {
            throw failure("remove", path)
        }
    }

    /// Renames `source` over `destination` atomically.
    static func rename(_ source: String, _ destination: String) throws(WormholeError) {
        if System.rename(source, destination) != 0 {
            throw failure("rename to", destination)
        }
    }

    /// Creates a hard link; returns `false` if `destination` already exists.
    static func linkIfAbsent(_ source: String, _ destination: String) throws(WormholeError) -> Bool {
        if link(source, destination) == 0 { return true }
        if errno == EEXIST { return false }
        throw failure("link to", destination)
    }

    /// Flushes the file open as `fd` to the storage device (see ``System/fullSync(_:)``).
    static func sync(_ fd: Int32, path: String) throws(WormholeError) {
        let code = System.fullSync(fd)
        guard code == 0 else { throw failure("sync", path, code) }
    }

    /// Flushes a directory's entries (a file renamed, linked or created in it) to the storage device.
    static func syncDirectory(_ path: String) throws(WormholeError) {
        let fd = open(path, O_RDONLY | O_DIRECTORY)
        guard fd >= 0 else { throw failure("open", path, -fd) }
        defer { close(fd) }
        try sync(fd, path: path)
    }

    /// Creates a directory with exactly `access`'s permissions (whatever the umask); an existing directory is not
    /// an error, but anything else there (a symbolic link included) is. Returns whether it created the directory.
    @discardableResult
    static func makeDirectory(_ path: String, access: FileAccess) throws(WormholeError) -> Bool {
        var info = stat()
        if lstat(path, &info) == 0 && info.st_mode & mode_t(S_IFMT) == mode_t(S_IFDIR) { return false }
        let mode = mode_t(access.directoryMode)
        if mkdir(path, mode) == 0 {
            guard chmod(path, mode) == 0 else { throw failure("set the permissions of", path) }
            return true
        }
        guard errno == EEXIST else { throw failure("create directory", path) }
        let kind = entryKind(at: path) ?? "nothing"
        if kind != "a directory" {
            throw .fileSystem(operation: "use directory", path: path, reason: "\(kind), not a directory")
        }
        return false
    }

    /// Creates `path` and its missing parents, each new one with `access`'s permissions; existing ones (symbolic
    /// links to directories included: the caller chose the path) are left as they are.
    static func makeDirectories(_ path: String, access: FileAccess) throws(WormholeError) {
        var info = stat()
        if stat(path, &info) == 0 { return }
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty && parent != path {
            try makeDirectories(parent, access: access)
        }
        let mode = mode_t(access.directoryMode)
        if mkdir(path, mode) == 0 {
            guard chmod(path, mode) == 0 else { throw failure("set the permissions of", path) }
        } else if errno != EEXIST {
            throw failure("create directory", path)
        }
    }

    /// The names in a directory (without `.` and `..`); `nil` if it does not exist. Unless `followingLink`, a
    /// symbolic link at `path` is an error rather than followed.
    static func listDirectory(_ path: String, followingLink: Bool = true) throws(WormholeError) -> [String]? {
        let fd = open(path, O_RDONLY | O_DIRECTORY | (followingLink ? 0 : O_NOFOLLOW))
        guard fd >= 0 else {
            if -fd == ENOENT { return nil }
            if -fd == ELOOP || -fd == ENOTDIR {
                let kind = kind(at: path) ?? "not a directory"
                throw .fileSystem(operation: "list", path: path, reason: "\(kind), not a directory (not followed)")
            }
            throw failure("list", path, -fd)
        }
        guard let stream = fdopendir(fd) else {
            let failed = failure("list", path)
            close(fd)
            throw failed
        }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// This process's ID (read once: the library never forks).
    static let processID = getpid()

    /// A name for a temporary file that no other process or thread will pick.
    static func temporarySuffix() -> String {
        "\(processID)-\(String(FastRandom.next(), radix: 36))"
    }

    /// Sets the access and modification times of `path` (a symbolic link itself, never its target) to now; returns
    /// `errno` on failure, 0 on success.
    static func touch(_ path: String) -> Int32 {
        utimensat(AT_FDCWD, path, nil, AT_SYMLINK_NOFOLLOW) == 0 ? 0 : errno
    }
}

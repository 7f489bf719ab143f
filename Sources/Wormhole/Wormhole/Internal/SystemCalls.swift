import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Thin, typed-throwing wrappers over the POSIX calls the file strategies and the inotify notifier use.
enum SystemCalls {
    /// The message for an `errno` value.
    static func describe(_ code: Int32) -> String {
        String(cString: strerror(code))
    }

    static func failure(_ operation: String, _ path: String, _ code: Int32 = errno) -> WormholeError {
        .fileSystem(operation: operation, path: path, reason: describe(code))
    }

    /// Opens `path`, retrying on `EINTR`; returns the descriptor or `-errno`.
    static func open(_ path: String, _ flags: Int32, _ mode: mode_t = 0o666) -> Int32 {
        while true {
            #if canImport(Darwin)
            let fd = Darwin.open(path, flags | O_CLOEXEC, mode)
            #elseif canImport(Glibc)
            let fd = Glibc.open(path, flags | O_CLOEXEC, mode)
            #else
            let fd = Musl.open(path, flags | O_CLOEXEC, mode)
            #endif
            if fd >= 0 { return fd }
            if errno != EINTR { return -errno }
        }
    }

    /// Writes all of `bytes`.
    static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer, path: String) throws(WormholeError) {
        var offset = 0
        while offset < bytes.count {
            let written = write(fd, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw failure("write", path)
            }
            offset += written
        }
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
        try bytes.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            Result { () throws(WormholeError) in
                var done = 0
                while done < raw.count {
                    let written = pwrite(fd, raw.baseAddress.map { $0 + done }, raw.count - done, offset + off_t(done))
                    if written < 0 {
                        if errno == EINTR { continue }
                        throw failure("write", path)
                    }
                    done += written
                }
            }
        }.get()
    }

    /// Reads a whole file, or returns `nil` if it does not exist. Files larger than `limit` are not read.
    static func readFile(_ path: String, limit: Int) throws(WormholeError) -> ReadResult {
        let fd = open(path, O_RDONLY)
        if fd < 0 {
            if -fd == ENOENT { return .missing }
            throw failure("open", path, -fd)
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw failure("stat", path) }
        let size = Int(info.st_size)
        guard size <= limit else { return .tooLarge(size) }
        var data = Data(count: size)
        let count = try data.withUnsafeMutableBytes { (buffer: UnsafeMutableRawBufferPointer) in
            Result { () throws(WormholeError) -> Int in
                var total = 0
                while total < buffer.count {
                    let got = read(fd, buffer.baseAddress.map { $0 + total }, buffer.count - total)
                    if got < 0 {
                        if errno == EINTR { continue }
                        throw failure("read", path)
                    }
                    if got == 0 { break }
                    total += got
                }
                return total
            }
        }.get()
        if count < size { data.removeSubrange(count...) }
        return .contents(data)
    }

    /// The outcome of ``readFile(_:limit:)``.
    enum ReadResult {
        case missing
        case tooLarge(Int)
        case contents(Data)
    }

    /// Reads up to `count` bytes from the start of `path`; `nil` if it does not exist.
    static func readPrefix(_ path: String, count: Int) throws(WormholeError) -> [UInt8]? {
        let fd = open(path, O_RDONLY)
        if fd < 0 {
            if -fd == ENOENT { return nil }
            throw failure("open", path, -fd)
        }
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
        #if canImport(Darwin)
        return Double(info.st_mtimespec.tv_sec)
        #else
        return Double(info.st_mtim.tv_sec)
        #endif
    }

    /// Removes a file; a missing file is not an error.
    static func remove(_ path: String) throws(WormholeError) {
        if unlink(path) != 0 && errno != ENOENT {
            throw failure("remove", path)
        }
    }

    /// Renames `source` over `destination` atomically.
    static func rename(_ source: String, _ destination: String) throws(WormholeError) {
        #if canImport(Darwin)
        let result = Darwin.rename(source, destination)
        #elseif canImport(Glibc)
        let result = Glibc.rename(source, destination)
        #else
        let result = Musl.rename(source, destination)
        #endif
        if result != 0 {
            throw failure("rename to", destination)
        }
    }

    /// Creates a hard link; returns `false` if `destination` already exists.
    static func linkIfAbsent(_ source: String, _ destination: String) throws(WormholeError) -> Bool {
        if link(source, destination) == 0 { return true }
        if errno == EEXIST { return false }
        throw failure("link to", destination)
    }

    /// Creates a directory; an existing directory is not an error.
    static func makeDirectory(_ path: String) throws(WormholeError) {
        if mkdir(path, 0o777) != 0 && errno != EEXIST {
            throw failure("create directory", path)
        }
    }

    /// The names in a directory (without `.` and `..`); `nil` if it does not exist.
    static func listDirectory(_ path: String) throws(WormholeError) -> [String]? {
        guard let stream = opendir(path) else {
            if errno == ENOENT { return nil }
            throw failure("list", path)
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

    /// Sets the access and modification times of `path` to now; returns `errno` on failure, 0 on success.
    static func touch(_ path: String) -> Int32 {
        utimensat(AT_FDCWD, path, nil, 0) == 0 ? 0 : errno
    }
}

import Foundation

/// What tells the file at a path apart from any other without opening it: device, inode, size and modification
/// time (to the nanosecond). A file replaced by rename, removed or rewritten has another identity.
@available(OS2021, *)
struct FileIdentity: Equatable, Sendable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var seconds: Int64
    var nanoseconds: Int64

    init(_ info: stat) {
        let modified = System.modificationTime(info)
        device = UInt64(truncatingIfNeeded: info.st_dev)
        inode = UInt64(truncatingIfNeeded: info.st_ino)
        size = Int64(info.st_size)
        seconds = Int64(modified.tv_sec)
        nanoseconds = Int64(modified.tv_nsec)
    }

    /// The identity of what is at `path` (a symbolic link itself, never its target), or `nil` if nothing is.
    static func at(_ path: String) -> FileIdentity? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return FileIdentity(info)
    }

    /// The identity of the file open as `fd`, or `nil` if it cannot be read.
    static func of(_ fd: Int32) -> FileIdentity? {
        var info = stat()
        guard fstat(fd, &info) == 0 else { return nil }
        return FileIdentity(info)
    }
}

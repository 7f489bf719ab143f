import Foundation

/// Tells requesters that a responder is running: the responder holds an exclusive `flock(2)` on the presence file
/// for as long as it answers, and the kernel releases it when the process ends, however it ends.
@available(OS2021, *)
enum ResponderPresence {
    /// Takes the presence lock; close the descriptor to give it up.
    /// - Throws: ``WormholeError/alreadyResponding(_:)`` when another responder holds it, or a file-system error.
    static func claim(_ path: String, identifier: MessageIdentifier, access: FileAccess) throws(WormholeError)
        -> Int32
    {
        let fd = try SystemCalls.openOrCreate(path, access: access)
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            guard code == EINTR else {
                close(fd)
                if code == EWOULDBLOCK { throw .alreadyResponding(identifier) }
                throw SystemCalls.failure("lock", path, code)
            }
        }
        return fd
    }

    /// Whether a responder holds the presence lock. A shared probe: requesters never exclude each other.
    static func isHeld(_ path: String, access: FileAccess) -> Bool {
        guard let fd = try? SystemCalls.openOrCreate(path, access: access) else { return false }
        defer { close(fd) }
        while flock(fd, LOCK_SH | LOCK_NB) != 0 {
            guard errno == EINTR else { return errno == EWOULDBLOCK }
        }
        return false
    }
}

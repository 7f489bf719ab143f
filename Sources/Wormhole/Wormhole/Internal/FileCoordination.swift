import Foundation

/// How file writers of one identifier take turns.
@available(OS2021, *)
enum FileCoordination: Sendable {
    /// They do not: each write is still atomic (rename or link), but two writers may read the same previous
    /// sequence number.
    case none
    /// An exclusive `flock(2)` on the identifier's lock file around each read-modify-write. Readers take no lock:
    /// they only ever see complete files.
    case lockFile
    #if canImport(Darwin)
    /// `NSFileCoordinator` around each access, as MMWormhole's coordinated strategy does.
    case fileCoordinator
    #endif

    /// What ``CoordinatedFileTransiting`` uses: `NSFileCoordinator` where it exists, `flock(2)` elsewhere.
    static var betweenWriters: FileCoordination {
        #if canImport(Darwin)
        .fileCoordinator
        #else
        .lockFile
        #endif
    }

    /// Runs `body` while no other coordinated writer of the same identifier runs.
    func exclusive<Result>(
        path: String,
        lockPath: String,
        access: FileAccess,
        _ body: () throws(WormholeError) -> Result
    ) throws(WormholeError) -> Result {
        switch self {
        case .none:
            return try body()
        case .lockFile:
            // A fresh descriptor each time: flock excludes other open file descriptions, so this also
            // serializes threads of this process that share one strategy.
            let fd = try SystemCalls.lockExclusively(lockPath, access: access)
            defer { close(fd) }  // closing releases the lock
            return try body()
        #if canImport(Darwin)
        case .fileCoordinator:
            return try coordinate(writing: true, path: path, body)
        #endif
        }
    }

    /// Runs `body`, a read. Only `NSFileCoordinator` coordinates reads; the others need not, since files are
    /// replaced atomically.
    func shared<Result>(path: String, _ body: () throws(WormholeError) -> Result) throws(WormholeError) -> Result {
        switch self {
        case .none, .lockFile:
            return try body()
        #if canImport(Darwin)
        case .fileCoordinator:
            return try coordinate(writing: false, path: path, body)
        #endif
        }
    }
}

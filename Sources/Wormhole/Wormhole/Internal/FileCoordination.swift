import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// How file writers of one identifier take turns.
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
            let fd = try SystemCalls.openOrCreate(lockPath, access: access)
            defer { close(fd) }  // closing releases the lock
            while flock(fd, LOCK_EX) != 0 {
                guard errno == EINTR else { throw SystemCalls.failure("lock", lockPath) }
            }
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

    #if canImport(Darwin)
    private func coordinate<Result>(
        writing: Bool,
        path: String,
        _ body: () throws(WormholeError) -> Result
    ) throws(WormholeError) -> Result {
        let url = URL(fileURLWithPath: path)
        let coordinator = NSFileCoordinator(filePresenter: nil)
        var coordinationError: NSError?
        var outcome: Swift.Result<Result, WormholeError>?
        // The accessor runs synchronously, before `coordinate` returns, unless coordination fails.
        if writing {
            coordinator.coordinate(writingItemAt: url, options: [], error: &coordinationError) { _ in
                outcome = Swift.Result { () throws(WormholeError) in try body() }
            }
        } else {
            coordinator.coordinate(readingItemAt: url, options: [], error: &coordinationError) { _ in
                outcome = Swift.Result { () throws(WormholeError) in try body() }
            }
        }
        if let outcome {
            return try outcome.get()
        }
        throw .fileSystem(
            operation: writing ? "coordinate writing" : "coordinate reading",
            path: path,
            reason: coordinationError?.localizedDescription ?? "the file coordinator did not grant access"
        )
    }
    #endif
}

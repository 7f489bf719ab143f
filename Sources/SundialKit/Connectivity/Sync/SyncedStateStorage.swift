import CourierPrimitives
public import Foundation

/// Where a ``SyncedState`` keeps its value and revisions across restarts (one opaque blob per state).
public protocol SyncedStateStorage: Sendable {
    /// The blob saved last, or `nil` if none was saved.
    /// - Throws: `ConnectivityError` when the storage cannot be read.
    func load() throws(ConnectivityError) -> Data?

    /// Replaces the blob.
    /// - Throws: `ConnectivityError` when the storage cannot be written.
    func save(_ data: Data) throws(ConnectivityError)
}

/// Keeps the blob in memory: for tests, and for states that need not survive the process.
public final class InMemorySyncedStateStorage: SyncedStateStorage {
    private let stored = Locked<Data?>(nil)

    /// Creates an empty storage.
    public init() {}

    /// The blob saved last.
    public func load() throws(ConnectivityError) -> Data? {
        stored.value
    }

    /// Replaces the blob.
    public func save(_ data: Data) throws(ConnectivityError) {
        stored.withLock { $0 = data }
    }
}

/// Keeps the blob in a file, replaced atomically on each save (readable by the owner only).
public struct FileSyncedStateStorage: SyncedStateStorage {
    /// The file.
    public let url: URL

    /// Creates a storage in `url`; its directory is created on the first save.
    public init(url: URL) {
        self.url = url
    }

    /// The file's contents, or `nil` if it does not exist.
    /// - Throws: `ConnectivityError.fileNotAccessible` when it cannot be read.
    public func load() throws(ConnectivityError) -> Data? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        do {
            return try Data(contentsOf: url)
        } catch {
            throw ConnectivityError(.fileNotAccessible, context: .init(detail: url.path), underlying: error)
        }
    }

    /// Replaces the file atomically, owner-only.
    /// - Throws: `ConnectivityError.fileNotAccessible` when it cannot be written.
    public func save(_ data: Data) throws(ConnectivityError) {
        do {
            let directory = url.deletingLastPathComponent()
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try data.write(to: url, options: .atomic)
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: url.path)
        } catch {
            throw ConnectivityError(.fileNotAccessible, context: .init(detail: url.path), underlying: error)
        }
    }
}

public import Foundation

/// A ``SecureStore`` of owner-only files: one file per key (mode 0600) in a directory of mode 0700, each
/// replaced atomically (written to a temporary file, flushed, then renamed over the old one).
///
/// Keys are limited to letters, digits, `.`, `-` and `_` so a key can never name a file outside the directory.
@available(OS2023, *)
public struct FileSecureStore: SecureStore {
    /// The directory holding the files.
    public let directory: URL
    /// Names the temporary files (`.<key>.<UUID>.tmp`).
    private let randomness: any ClerkRandomness

    /// Creates a store in `directory`, creating it with mode 0700 when needed (and tightening it otherwise).
    ///
    /// - Parameters:
    ///   - directory: Where the files are.
    ///   - randomness: The source of the UUIDs in temporary file names (default: the system's).
    public init(directory: URL, randomness: any ClerkRandomness = SystemRandomness()) throws(ClerkError) {
        self.directory = directory
        self.randomness = randomness
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw ClerkError(.storage, "The store directory cannot be created.", underlying: error)
        }
        if let code = PlatformShim.makeDirectory(path: directory.path, mode: 0o700) {
            throw ClerkError(.storage, "The store directory cannot be made owner-only (errno \(code)).")
        }
        removeStaleTemporaries(olderThan: Self.staleTemporaryAge)
    }

    /// How old a temporary file must be before a new store removes it: a write takes milliseconds, so one this
    /// old was left by a process that ended between writing and renaming, not by one still writing.
    static let staleTemporaryAge: TimeInterval = 60

    /// Removes the temporaries (`.<key>.<UUID>.tmp`) older than `age` that processes killed mid-write left; the
    /// value each was replacing is still in its file. Best effort: a file that cannot be removed stays.
    func removeStaleTemporaries(olderThan age: TimeInterval) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        let now = Date()
        for name in names where Self.isTemporaryName(name) {
            let path = directory.appendingPathComponent(name).path
            let modified = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
            guard let modified, now.timeIntervalSince(modified) >= age else { continue }
            _ = PlatformShim.removeFile(path: path)
        }
    }

    /// Whether `name` is one of this store's temporary files: `.`, a key, `.`, a UUID, `.tmp`.
    static func isTemporaryName(_ name: String) -> Bool {
        guard name.hasPrefix("."), name.hasSuffix(".tmp") else { return false }
        let middle = name.dropFirst().dropLast(4)
        guard let dot = middle.lastIndex(of: ".") else { return false }
        return !middle[..<dot].isEmpty && UUID(uuidString: String(middle[middle.index(after: dot)...])) != nil
    }

    /// The file's contents, or `nil` if there is no file.
    public func data(forKey key: String) throws(ClerkError) -> Data? {
        let path = try self.path(for: key)
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ClerkError(.storage, "The stored value \(key) cannot be read.")
        }
        return data
    }

    /// Writes the file atomically with mode 0600.
    public func set(_ data: Data, forKey key: String) throws(ClerkError) {
        let path = try self.path(for: key)
        let temporary = directory.appendingPathComponent(".\(key).\(randomness.uuid().uuidString).tmp").path
        if let code = PlatformShim.writeNewFile(path: temporary, bytes: Array(data), mode: 0o600) {
            _ = PlatformShim.removeFile(path: temporary)
            throw ClerkError(.storage, "The stored value \(key) cannot be written (errno \(code)).")
        }
        if let code = PlatformShim.rename(temporary, to: path) {
            _ = PlatformShim.removeFile(path: temporary)
            throw ClerkError(.storage, "The stored value \(key) cannot be replaced (errno \(code)).")
        }
    }

    /// Deletes the file.
    public func remove(forKey key: String) throws(ClerkError) {
        if let code = PlatformShim.removeFile(path: try path(for: key)) {
            throw ClerkError(.storage, "The stored value \(key) cannot be removed (errno \(code)).")
        }
    }

    private func path(for key: String) throws(ClerkError) -> String {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-_")
        guard !key.isEmpty, !key.hasPrefix("."), key.allSatisfy(allowed.contains) else {
            throw ClerkError(.storage, "The store key is not a plain file name.")
        }
        return directory.appendingPathComponent(key).path
    }
}

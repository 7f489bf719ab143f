public import Foundation

/// A ``SecureStore`` of owner-only files: one file per key (mode 0600) in a directory of mode 0700, each
/// replaced atomically (written to a temporary file, flushed, then renamed over the old one).
///
/// Keys are limited to letters, digits, `.`, `-` and `_` so a key can never name a file outside the directory.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
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

public import Foundation

/// A uniquely named directory under the system temporary directory, removed by ``remove()``.
@available(OS2022, *)
public struct TemporaryDirectory: Sendable {
    /// The directory's location.
    public let url: URL

    /// The directory's path.
    public var path: String { url.path }

    /// Creates a fresh, empty directory.
    public init(prefix: String = "courier") throws {
        let name = "\(prefix)-\(UUID().uuidString.prefix(8))"
        url = FileManager.default.temporaryDirectory.appendingPathComponent(name, isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// Removes the directory and everything in it.
    public func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}

/// Runs `body` with a fresh temporary directory that is removed afterwards.
@available(OS2022, *)
public func withTemporaryDirectory<Value>(
    prefix: String = "courier",
    _ body: (TemporaryDirectory) async throws -> Value
) async throws -> Value {
    let directory = try TemporaryDirectory(prefix: prefix)
    defer { directory.remove() }
    return try await body(directory)
}

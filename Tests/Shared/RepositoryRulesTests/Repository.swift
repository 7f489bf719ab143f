import Foundation

/// The repository's files, found from this source file's location (the tests run from a checkout).
enum Repository {
    /// The checkout's root folder.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // RepositoryRulesTests
        .deletingLastPathComponent()  // Shared
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    /// Swift files under `folders`, as paths relative to the root, sorted.
    static func swiftFiles(under folders: [String]) -> [String] {
        var paths: [String] = []
        for folder in folders {
            let base = root.appendingPathComponent(folder)
            guard let walker = FileManager.default.enumerator(atPath: base.path) else { continue }
            while let relative = walker.nextObject() as? String {
                if relative.hasSuffix(".swift") { paths.append("\(folder)/\(relative)") }
            }
        }
        return paths.sorted()
    }

    /// The text of a file given relative to the root; empty if it cannot be read.
    static func text(_ path: String) -> String {
        (try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)) ?? ""
    }

    /// The number of lines of a file given relative to the root.
    static func lineCount(_ path: String) -> Int {
        text(path).split(separator: "\n", omittingEmptySubsequences: false).count - 1
    }
}

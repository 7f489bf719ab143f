import Foundation
import Testing

/// The files of Wormhole that compile only on Apple platforms stay few, thin and listed in the README.
@Suite("Apple-only files")
struct AppleOnlyFilesTests {
    private static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../../Sources/Wormhole/Wormhole").standardized

    /// Guards that make a whole file Apple-only (Darwin itself, or an Apple framework).
    private static let appleGuards = [
        "#if canImport(Darwin)", "#if canImport(notify)", "#if canImport(UIKit)", "#if canImport(AppKit)",
        "#if os(iOS)", "#if os(macOS)", "#if canImport(Security)", "#if canImport(Network)",
    ]

    /// Relative paths of the files wrapped whole in one of those guards (no `#else` branch for other platforms),
    /// with their line counts.
    private static func appleOnlyFiles() throws -> [(path: String, lines: Int)] {
        let enumerator = try #require(FileManager.default.enumerator(atPath: sources.path))
        var found: [(String, Int)] = []
        while let path = enumerator.nextObject() as? String {
            guard path.hasSuffix(".swift") else { continue }
            let text = try String(contentsOf: sources.appendingPathComponent(path), encoding: .utf8)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            let otherPlatforms = lines.contains { $0.hasPrefix("#elseif") || $0 == "#else" }
            let wrapped = lines.last { !$0.isEmpty } == "#endif"
            if let first = lines.first, appleGuards.contains(String(first)), wrapped, !otherPlatforms {
                found.append((path, text.hasSuffix("\n") ? lines.count - 1 : lines.count))
            }
        }
        return found.sorted { $0.0 < $1.0 }
    }

    @Test("each Apple-only file is under 150 lines and listed in the README with its line count")
    func listedAndThin() throws {
        let readme = try String(
            contentsOf: Self.sources.appendingPathComponent("../README.md").standardized, encoding: .utf8)
        let files = try Self.appleOnlyFiles()
        #expect(files.map(\.path) == ["Internal/FileCoordination+Apple.swift", "Notification/DarwinNotifier.swift"])
        for (path, lines) in files {
            #expect(lines < 150, "\(path) has \(lines) lines")
            let row = readme.split(separator: "\n").first { $0.hasPrefix("| `\(path)` (") }
            #expect(row != nil, "\(path) is not in the README's table")
            #expect(row?.contains("`) | \(lines) |") == true, "\(path): the README's line count is not \(lines)")
        }
    }
}

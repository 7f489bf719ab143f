import Foundation
import SundialKitCore
import Testing

@Suite("SundialKit README")
struct ReadmeTests {
    private static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    private static let packageRoot = testsDirectory.deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The ```swift blocks of a Markdown file.
    @available(OS2022, *)
    static func swiftBlocks(in markdown: String) -> [String] {
        var blocks: [String] = []
        var current: [Substring]?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line.trimmingCharacters(in: .whitespaces) == "```swift" {
                current = []
            } else if current != nil, line.trimmingCharacters(in: .whitespaces) == "```" {
                blocks.append(current.map { $0.joined(separator: "\n") } ?? "")
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    /// Lines without indentation, blank lines or imports.
    @available(OS2022, *)
    static func normalized(_ code: String) -> String {
        code.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("import ") }.joined(separator: "\n")
    }

    @Test("Every swift block of the README is compiled code in ReadmeSnippets.swift")
    @available(OS2022, *)
    func snippetsAreCompiled() throws {
        let readme = try String(
            contentsOf: Self.packageRoot.appendingPathComponent("Sources/SundialKit/README.md"), encoding: .utf8)
        // ReadmeSnippets.swift, plus ConnectivityReadmeSnippets.swift for the connectivity sections and the
        // specification's ColorMessage.
        let files = [
            "ReadmeSnippets.swift", "ConnectivityReadmeSnippets.swift", "SyncedStateReadmeSnippets.swift",
            "DeliveryReadmeSnippets.swift",
            "Specification/SpecMessages.swift",
        ]
        let source = try files.map {
            try String(contentsOf: Self.testsDirectory.appendingPathComponent($0), encoding: .utf8)
        }.joined(separator: "\n")
        let blocks = Self.swiftBlocks(in: readme)
        #expect(blocks.count >= 6)
        let compiled = Self.normalized(source)
        for block in blocks {
            #expect(compiled.contains(Self.normalized(block)), "README block not in ReadmeSnippets.swift:\n\(block)")
            for line in block.split(separator: "\n") where line.hasPrefix("import ") {
                #expect(source.contains(line), "README import not in ReadmeSnippets.swift: \(line)")
            }
        }
    }

    @Test("Every swift block of the SundialKit DocC catalogs is compiled code in DocC/*.swift")
    @available(OS2022, *)
    func doccSnippetsAreCompiled() throws {
        let sources = Self.packageRoot.appendingPathComponent("Sources/SundialKit")
        let enumerator = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        let catalogs = enumerator.compactMap { $0 as? URL }
            .filter { $0.pathExtension == "md" && $0.deletingLastPathComponent().pathExtension == "docc" }
        #expect(catalogs.count >= 12)
        let files = [
            "DocC/DocCSnippets.swift", "DocC/DocCCombineSnippets.swift", "DocC/DocCStreamSnippets.swift",
            "Specification/SpecMessages.swift",
        ]
        let compiled = Self.normalized(
            try files.map {
                try String(contentsOf: Self.testsDirectory.appendingPathComponent($0), encoding: .utf8)
            }.joined(separator: "\n"))
        var blocks = 0
        for catalog in catalogs {
            for block in Self.swiftBlocks(in: try String(contentsOf: catalog, encoding: .utf8)) {
                blocks += 1
                #expect(
                    compiled.contains(Self.normalized(block)),
                    "\(catalog.lastPathComponent): block not compiled in DocC/*.swift:\n\(block)")
            }
        }
        #expect(blocks >= 13)
    }

    @Test("The block extractor finds fenced swift blocks only")
    @available(OS2022, *)
    func extractor() {
        let markdown = "text\n```swift\nlet a = 1\n```\n```\nnot swift\n```\n```swift\nlet b = 2\n```\n"
        #expect(Self.swiftBlocks(in: markdown) == ["let a = 1", "let b = 2"])
    }

    @Test("The README's runnable snippets behave as shown")
    @available(OS2022, *)
    func snippetsRun() {
        #expect(ReadmeSnippets.testingSnippet() == .unsatisfied(.notAvailable))
        #expect(ReadmeSnippets.coreSnippet(.satisfied([.wifi, .cellular])) == "online over cellular")
        #expect(ReadmeSnippets.coreSnippet(.unsatisfied(.notAvailable)) == "offline (notAvailable)")
    }
}

import Foundation
import Testing

/// Apple-only code (what Linux never compiles) stays in thin adapters that reading can prove: every such file is
/// listed with its line count in ARCHITECTURE.md and stays under the limit.
@Suite("Apple-only files")
struct AppleOnlyFileTests {
    /// An adapter file may hold at most this many lines.
    static let limit = 150

    /// Conditions that select code Linux never compiles: Apple frameworks, Apple OSes, Darwin notify.
    static let appleOnly = try? NSRegularExpression(
        pattern: #"#(?:if|elseif)[^\n]*(?:canImport\((?:WatchConnectivity|Network|UIKit|AppKit|WatchKit|Security|"#
            + #"AuthenticationServices|SwiftUI|LocalAuthentication|BackgroundTasks|ObjectiveC)\)|"#
            + #"os\((?:iOS|macOS|watchOS|tvOS|visionOS)\))|\bnotify_(?:post|register_\w+|cancel)\("#)

    /// Whether `text` holds a condition that selects Apple-only code. A condition that also names `os(Linux)`
    /// (`canImport(HummingbirdCore) && (os(Linux) || os(macOS))`) is compiled here, so it is not Apple-only.
    static func selectsAppleOnly(_ text: String) -> Bool {
        guard let pattern = appleOnly else { return false }
        let range = NSRange(text.startIndex..., in: text)
        return pattern.matches(in: text, range: range).contains { match in
            guard let found = Range(match.range, in: text) else { return true }
            return !text[text.lineRange(for: found)].contains("os(Linux)")
        }
    }

    /// Whether the whole file sits in one `#if canImport(Darwin)` with no branch for other systems.
    static func wrappedInDarwin(_ text: String) -> Bool {
        let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let code = lines.filter { !$0.isEmpty && !$0.hasPrefix("//") }
        return code.first == "#if canImport(Darwin)" && code.last == "#endif"
            && !code.contains { $0.hasPrefix("#elseif") || $0 == "#else" }
    }

    /// The files of `Sources/` that hold Apple-only code, with their line counts.
    static func found() -> [String: Int] {
        var files: [String: Int] = [:]
        for path in Repository.swiftFiles(under: ["Sources"]) {
            let text = Repository.text(path)
            if selectsAppleOnly(text) || wrappedInDarwin(text) {
                files[path] = Repository.lineCount(path)
            }
        }
        return files
    }

    /// The table between the `apple-only-files` markers of ARCHITECTURE.md: `| `path` | lines |`.
    static func listed() -> [String: Int] {
        let document = Repository.text("ARCHITECTURE.md")
        guard let start = document.range(of: "<!-- apple-only-files -->"),
            let end = document.range(of: "<!-- /apple-only-files -->", range: start.upperBound..<document.endIndex)
        else { return [:] }
        var files: [String: Int] = [:]
        for line in document[start.upperBound..<end.lowerBound].split(separator: "\n") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 2, cells[0].hasPrefix("`"), let count = Int(cells[1]) else { continue }
            files[cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))] = count
        }
        return files
    }

    /// The table ARCHITECTURE.md should hold, for the failure message.
    static func table(_ files: [String: Int]) -> String {
        files.keys.sorted().map { "| `\($0)` | \(files[$0] ?? 0) |" }.joined(separator: "\n")
    }

    @Test("The pattern that finds Apple-only code compiles and matches what it should")
    func patternMatches() throws {
        let pattern = try #require(Self.appleOnly)
        func matches(_ sample: String) -> Bool {
            pattern.firstMatch(in: sample, range: NSRange(sample.startIndex..., in: sample)) != nil
        }
        for sample in ["#if canImport(WatchConnectivity)", "#elseif os(iOS)", "notify_post(name)"] {
            #expect(matches(sample), "\(sample)")
        }
        for sample in ["#if canImport(Glibc)", "#if canImport(Darwin)", "// os(iOS) in a comment"] {
            #expect(!matches(sample), "\(sample)")
        }
        #expect(!Self.selectsAppleOnly("#if canImport(HummingbirdCore) && (os(Linux) || os(macOS))\n"))
        #expect(Self.selectsAppleOnly("#if canImport(Glibc)\n#elseif os(macOS)\n"))
        #expect(Self.wrappedInDarwin("// A\n#if canImport(Darwin)\nimport Darwin\n#endif\n"))
        #expect(!Self.wrappedInDarwin("#if canImport(Darwin)\nimport Darwin\n#else\nimport Glibc\n#endif\n"))
    }

    @Test("Every Apple-only file is listed in ARCHITECTURE.md with its current line count")
    func listedExactly() {
        let found = Self.found()
        #expect(!found.isEmpty)
        #expect(Self.listed() == found, "ARCHITECTURE.md's apple-only-files table should read:\n\(Self.table(found))")
    }

    @Test("Every Apple-only file stays under the line limit")
    func underLimit() {
        for (path, lines) in Self.found().sorted(by: { $0.key < $1.key }) {
            #expect(lines <= Self.limit, "\(path) has \(lines) lines; keep decisions in pure, Linux-tested code")
        }
    }
}

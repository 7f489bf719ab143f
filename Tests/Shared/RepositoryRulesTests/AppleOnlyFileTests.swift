import Foundation
import Testing

/// Apple-only code (what Linux never compiles) stays in thin adapters that reading can prove: every such file is
/// listed with its line count in ARCHITECTURE.md and stays under the limit.
@Suite("Apple-only files")
struct AppleOnlyFileTests {
    /// An adapter file may hold at most this many lines.
    static let limit = 150

    /// Conditions that select code Linux never compiles: Apple frameworks (Combine and Darwin included), Apple
    /// OSes, Darwin notify.
    static let appleOnly = try? NSRegularExpression(
        pattern: #"#(?:if|elseif)[^\n]*(?:canImport\((?:WatchConnectivity|Network|UIKit|AppKit|WatchKit|Security|"#
            + #"AuthenticationServices|SwiftUI|LocalAuthentication|BackgroundTasks|ObjectiveC|Combine|Darwin|"#
            + #"notify)\)|os\((?:iOS|macOS|watchOS|tvOS|visionOS)\))|\bnotify_(?:post|register_\w+|cancel)\("#)

    /// Whether `line` holds a condition (or a call) that selects Apple-only code. A condition that also names
    /// `os(Linux)` (`canImport(HummingbirdCore) && (os(Linux) || os(macOS))`) is compiled here, so it is not.
    static func matchesAppleOnly(_ line: Substring) -> Bool {
        guard let pattern = appleOnly else { return false }
        let text = String(line)
        return pattern.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
            && !text.contains("os(Linux)")
    }

    /// Whether `text` holds Apple-only code: a branch that a matching condition selects (the `#else` branch of a
    /// negated one, `#if !canImport(Darwin)`) and that holds more than imports (choosing `import Combine` over
    /// `import OpenCombine`, or `Darwin` over `Glibc`, selects no code), or a Darwin notify call.
    static func selectsAppleOnly(_ text: String) -> Bool {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.drop { $0 == " " } }
        for (index, line) in lines.enumerated() where matchesAppleOnly(line) {
            guard line.hasPrefix("#if") || line.hasPrefix("#elseif") else { return true }
            let branches = self.branches(of: lines, at: index)
            let negated = line.contains("!canImport(") || line.contains("!os(")
            let selected = negated ? branches.dropFirst() : branches.prefix(1)
            if selected.contains(where: { $0.contains { !$0.isEmpty && !$0.hasPrefix("//") && !isImport($0) } }) {
                return true
            }
        }
        return false
    }

    /// The branches of the `#if` or `#elseif` at `start`: its own lines, then the lines of each later `#elseif` or
    /// `#else` of the same conditional, without nested directives' lines.
    static func branches(of lines: [Substring], at start: Int) -> [[Substring]] {
        var branches: [[Substring]] = [[]]
        var depth = 0
        for line in lines[(start + 1)...] {
            if line.hasPrefix("#if") {
                depth += 1
                continue
            }
            if line.hasPrefix("#endif") {
                if depth == 0 { break }
                depth -= 1
                continue
            }
            if depth == 0 && (line.hasPrefix("#elseif") || line.hasPrefix("#else")) {
                branches.append([])
                continue
            }
            if !line.hasPrefix("#") { branches[branches.count - 1].append(line) }
        }
        return branches
    }

    /// Whether `line` is an import declaration (with any access level or attribute).
    static func isImport(_ line: Substring) -> Bool {
        let words = line.split(separator: " ")
        guard let index = words.firstIndex(of: "import"), words.count == index + 2 else { return false }
        let modifiers: Set<Substring> = ["public", "package", "internal", "private", "fileprivate"]
        return words[..<index].allSatisfy { $0.hasPrefix("@") || modifiers.contains($0) }
    }

    /// The Swift files of the repository that hold Apple-only code, with their line counts.
    static func found() -> [String: Int] {
        var files: [String: Int] = [:]
        for path in Repository.swiftFiles(under: ["Sources", "Tests", "Tools", "Benchmarks"])
        where !path.hasPrefix("Tests/Shared/RepositoryRulesTests/") {
            if selectsAppleOnly(Repository.text(path)) { files[path] = Repository.lineCount(path) }
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
        _ = try #require(Self.appleOnly)
        for sample in [
            "#if canImport(WatchConnectivity)", "#elseif os(iOS)", "notify_post(name)", "#if canImport(Darwin)",
        ] {
            #expect(Self.matchesAppleOnly(Substring(sample)), "\(sample)")
        }
        for sample in ["#if canImport(Glibc)", "// os(iOS) in a comment", "#if canImport(OpenCombine)"] {
            #expect(!Self.matchesAppleOnly(Substring(sample)), "\(sample)")
        }
        #expect(
            !Self.selectsAppleOnly("#if canImport(HummingbirdCore) && (os(Linux) || os(macOS))\nlet a = 1\n#endif\n"))
        #expect(Self.selectsAppleOnly("#if canImport(Glibc)\nlet a = 1\n#elseif os(macOS)\nlet a = 2\n#endif\n"))
        #expect(Self.selectsAppleOnly("#if canImport(Darwin)\nimport Darwin\nlet fsync = F_FULLFSYNC\n#endif\n"))
        #expect(Self.selectsAppleOnly("func post() { notify_post(name) }\n"))
    }

    @Test("Branches that only choose an import select no code")
    func importSwitchesAreNotAppleOnly() {
        let switches = [
            "#if canImport(Combine)\npublic import Combine\n#else\n@preconcurrency public import OpenCombine\n#endif\n",
            "#if canImport(Glibc)\nimport Glibc\n#elseif canImport(Darwin)\nimport Darwin\n#endif\nlet x = 1\n",
            "#if canImport(Darwin)\n// The C library.\nimport Darwin\n#endif\n",
        ]
        for sample in switches { #expect(!Self.selectsAppleOnly(sample), "\(sample)") }
        #expect(Self.selectsAppleOnly("#if canImport(Combine)\nimport Combine\n#if DEBUG\nlet a = 1\n#endif\n#endif\n"))
        #expect(!Self.selectsAppleOnly("#if !canImport(Darwin)\ndefaults.synchronize()\n#endif\n"))
        #expect(Self.selectsAppleOnly("#if !canImport(Darwin)\nlet a = 1\n#else\nlet a = 2\n#endif\n"))
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

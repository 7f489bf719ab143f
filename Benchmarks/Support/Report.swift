import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A table of benchmark figures printed with aligned columns.
@available(OS2022, *)
public struct Report {
    private let title: String
    private let header: [String]
    private var rows: [[String]] = []

    /// Starts a table with a title and column headings.
    public init(_ title: String, columns: [String]) {
        self.title = title
        self.header = columns
    }

    /// Adds a row; missing cells print empty.
    public mutating func add(_ cells: String...) {
        rows.append(cells)
    }

    /// Adds a row built at run time; missing cells print empty.
    public mutating func add(_ cells: [String]) {
        rows.append(cells)
    }

    /// Prints the table to standard output.
    public func print() {
        let all = [header] + rows
        let widths = header.indices.map { column in
            all.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            header.indices.map { column in
                let cell = column < cells.count ? cells[column] : ""
                let pad = String(repeating: " ", count: widths[column] - cell.count)
                return column == 0 ? cell + pad : pad + cell
            }.joined(separator: "  ")
        }
        Swift.print("\n## \(title)")
        Swift.print(line(header))
        Swift.print(widths.map { String(repeating: "-", count: $0) }.joined(separator: "  "))
        for row in rows { Swift.print(line(row)) }
    }
}

/// The process's resident memory now, and its peak, in bytes (Linux: from `/proc/self/status`).
@available(OS2022, *)
public func residentMemory() -> (current: Int, peak: Int) {
    #if os(Linux)
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return (0, 0) }
    func field(_ name: String) -> Int {
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name + ":") }) else { return 0 }
        let digits = line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        return digits * 1024
    }
    return (field("VmRSS"), field("VmHWM"))
    #else
    var usage = rusage()
    getrusage(RUSAGE_SELF, &usage)
    return (0, Int(usage.ru_maxrss))
    #endif
}

/// Whether the benchmark was asked for a quick smoke run (`--quick`): fewer iterations, figures not meaningful.
public var isQuickRun: Bool { CommandLine.arguments.contains("--quick") }

/// Whether `measure` was asked for: every measure, or those whose name contains the text after `--only`.
public func isWanted(_ measure: String) -> Bool {
    let arguments = CommandLine.arguments
    guard let index = arguments.firstIndex(of: "--only"), index + 1 < arguments.count else { return true }
    return measure.localizedCaseInsensitiveContains(arguments[index + 1])
}

/// Prints the build configuration so figures from debug builds are never mistaken for real ones.
@available(OS2022, *)
public func printBuildBanner(_ name: String) {
    #if DEBUG
    Swift.print("# \(name) (DEBUG build: figures are not representative; use `swift run -c release`)")
    #else
    Swift.print("# \(name) (release build, \(ProcessInfo.processInfo.activeProcessorCount) cores)")
    #endif
}

import CourierTooling
import Foundation

/// The C ping-pong over rename + inotify, compiled with `cc -O2` at run time.
@available(OS2022, *)
enum Floor {
    struct Figures {
        var p50: Duration
        var p99: Duration
        var oneWayPerSecond: Double
    }

    /// Compiles the floor program into `directory`; `nil` (with a note) if no C compiler is available.
    static func build(into directory: URL) async throws -> URL? {
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Floor/wormhole-floor.c")
        let binary = directory.appendingPathComponent("wormhole-floor")
        let compiler = try ChildProcess(command: "cc", arguments: ["-O2", "-o", binary.path, source.path])
        let status = try await compiler.waitForExit(within: .seconds(120))
        guard status == 0 else {
            print("note: cannot compile the floor program (cc exit \(status)): \(compiler.standardError)")
            return nil
        }
        return binary
    }

    /// Runs the floor ping-pong with `size`-byte messages.
    static func measure(_ binary: URL, size: Int, in directory: URL) async throws -> Figures? {
        let work = directory.appendingPathComponent("floor-\(size)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let process = try ChildProcess(
            executable: binary,
            arguments: [work.path, "\(size)", "\(Counts.roundTrips)", "\(Counts.warmup)"]
        )
        let lines = try await process.lines.first(1, within: .seconds(300))
        _ = try await process.waitForExit()
        guard let line = lines.first else { return nil }
        var fields: [String: Double] = [:]
        for part in line.split(separator: " ") {
            let pair = part.split(separator: "=")
            if pair.count == 2, let value = Double(pair[1]) { fields[String(pair[0])] = value }
        }
        guard let p50 = fields["p50_us"], let p99 = fields["p99_us"], let rate = fields["one_way_per_s"] else {
            return nil
        }
        return Figures(p50: .microseconds(p50), p99: .microseconds(p99), oneWayPerSecond: rate)
    }
}

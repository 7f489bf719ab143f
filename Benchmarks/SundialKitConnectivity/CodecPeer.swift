import Foundation

/// Another implementation's figures for the codec workloads, from `--peer-command PATH`, printed beside ours.
///
/// The peer is any program that runs the same workloads (each iteration encodes one message and decodes it, after
/// a tenth of the iterations as warm-up; `--quick` is passed on in a quick run) and prints one line per workload:
///
///     codec<TAB><format><TAB><message><TAB><messages per second>
///
/// with `<format>` and `<message>` spelled as in our table (for example `BinaryMessagable (.data)` and `3 Doubles`).
/// Other lines are ignored. The benchmark runs it after its own codec measurements, in the same run.
struct CodecPeer {
    /// Messages per second by format and message.
    var rates: [String: Double] = [:]

    /// The path after `--peer-command`, if given.
    static var command: String? {
        let arguments = CommandLine.arguments
        guard let index = arguments.firstIndex(of: "--peer-command"), index + 1 < arguments.count else { return nil }
        return arguments[index + 1]
    }

    /// `--peer-rounds N`: how many more times to run ours and the peer alternately after the main table (1: none).
    static var rounds: Int {
        let arguments = CommandLine.arguments
        guard let index = arguments.firstIndex(of: "--peer-rounds"), index + 1 < arguments.count,
            let count = Int(arguments[index + 1])
        else { return 1 }
        return max(1, count)
    }

    /// Runs `command` and reads its figures; a peer that cannot run or prints nothing useful is reported and
    /// leaves the table without a peer column.
    static func run(_ command: String, quick: Bool) -> CodecPeer? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command)
        process.arguments = quick ? ["--quick"] : []
        let output = Pipe()
        process.standardOutput = output
        do {
            try process.run()
        } catch {
            print("note: cannot run the peer \(command): \(error)")
            return nil
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let peer = parse(String(decoding: data, as: UTF8.self))
        guard process.terminationStatus == 0, !peer.rates.isEmpty else {
            print("note: the peer \(command) exited with \(process.terminationStatus) and \(peer.rates.count) figures")
            return nil
        }
        return peer
    }

    /// The figures in a peer's output.
    static func parse(_ text: String) -> CodecPeer {
        var peer = CodecPeer()
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 4, fields[0] == "codec", let rate = Double(fields[3]), rate > 0 else { continue }
            peer.rates[key(String(fields[1]), String(fields[2]))] = rate
        }
        return peer
    }

    static func key(_ format: String, _ message: String) -> String { "\(format)\t\(message)" }

    func rate(_ format: String, _ message: String) -> Double? { rates[Self.key(format, message)] }
}

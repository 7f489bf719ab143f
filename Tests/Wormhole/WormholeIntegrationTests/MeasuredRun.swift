import CourierTestSupport
import Foundation
import Testing

/// A child process run to completion with its standard input from a file, and its peak memory.
///
/// The peak is measured by a small Python parent (`resource.getrusage(RUSAGE_CHILDREN)`), not by this test
/// process: a child started with `posix_spawn` (a `vfork`) from a large process inherits that process's
/// high-water mark at `exec` on Linux, so `wait4` here would report the test runner's memory, not the child's.
@available(OS2022, *)
struct MeasuredRun: Sendable {
    var status: Int32
    /// The child's peak resident set size in bytes (at least the small Python parent's own).
    var peakResidentBytes: Int
    var standardError: String

    private static let parent = """
        import resource, subprocess, sys
        with open(sys.argv[1], "rb") as i, open("/dev/null", "wb") as o, open(sys.argv[2], "wb") as e:
            code = subprocess.run(sys.argv[3:], stdin=i, stdout=o, stderr=e).returncode
        print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024, flush=True)
        sys.exit(code if code >= 0 else 128 - code)
        """

    /// Runs the package's `product` with `arguments`, standard input read from `input`, standard error to a file
    /// in `scratch`.
    static func run(_ product: String, _ arguments: [String], input: URL, scratch: URL, within limit: Duration)
        async throws -> MeasuredRun
    {
        let executable = ChildProcess.productsDirectory.appendingPathComponent(product).path
        let errorPath = scratch.appendingPathComponent("\(product).stderr").path
        // A coverage run's profile goes to the scratch folder, never to the runner's.
        let process = try ChildProcess(
            command: "python3", arguments: ["-c", parent, input.path, errorPath, executable] + arguments,
            environment: ["LLVM_PROFILE_FILE": scratch.appendingPathComponent("child-%p.profraw").path])
        let lines = try await withTimeout(limit) {
            var all: [String] = []
            for await line in process.lines { all.append(line) }
            return all
        }
        let status = try await process.waitForExit(within: limit)
        let peak = try #require(lines.last.flatMap { Int($0) }, "no peak from the measuring parent")
        let standardError = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
        return MeasuredRun(status: status, peakResidentBytes: peak, standardError: standardError)
    }
}

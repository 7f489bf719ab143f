import CourierTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A child process run to completion with its standard input from a file, and its peak memory.
struct MeasuredRun: Sendable {
    var status: Int32
    /// The child's peak resident set size in bytes (`wait4`'s `ru_maxrss`).
    var peakResidentBytes: Int
    var standardError: String

    /// Runs the package's `product` with `arguments`, standard input read from `input`, output to files in
    /// `scratch`; waits for it with `wait4` (on a thread of its own) to learn its own peak memory.
    static func run(_ product: String, _ arguments: [String], input: URL, scratch: URL, within limit: Duration)
        async throws -> MeasuredRun
    {
        let executable = ChildProcess.productsDirectory.appendingPathComponent(product).path
        let errorPath = scratch.appendingPathComponent("\(product).stderr").path
        var environment = ProcessInfo.processInfo.environment
        // A coverage run's profile goes to the scratch folder, never to the runner's.
        environment["LLVM_PROFILE_FILE"] = scratch.appendingPathComponent("child-%p.profraw").path
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, input.path, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable, &actions, nil, argv, envp)
        guard result == 0 else {
            throw SpawnFailure(description: "cannot start \(executable): \(String(cString: strerror(result)))")
        }
        let child = pid
        let (exits, exited) = AsyncStream.makeStream(of: (Int32, Int).self)
        Thread.detachNewThread {
            var status: Int32 = 0
            var usage = rusage()
            while wait4(child, &status, 0, &usage) == -1 && errno == EINTR {}
            let signal = status & 0x7f
            // Linux reports ru_maxrss in KiB.
            exited.yield((signal == 0 ? (status >> 8) & 0xff : 128 + signal, Int(usage.ru_maxrss) * 1024))
            exited.finish()
        }
        let ended = try await withTimeout(limit) { await exits.first { _ in true } }
        let (status, peak) = try #require(ended)
        let standardError = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
        return MeasuredRun(status: status, peakResidentBytes: peak, standardError: standardError)
    }
}

/// A child process that could not be started.
struct SpawnFailure: Error, CustomStringConvertible {
    let description: String
}

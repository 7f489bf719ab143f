import CourierPrimitives
public import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

#if canImport(Glibc)
private let systemWrite = Glibc.write
#else
private let systemWrite = Darwin.write
#endif

/// Why a child process could not be started.
@available(OS2022, *)
public struct ChildProcessError: Error, CustomStringConvertible {
    /// What failed.
    public let description: String
}

/// A child process started by a test: its standard output as lines, its exit awaited without polling.
///
/// Built on `posix_spawn` with close-on-exec pipes, so concurrent tests never inherit each other's pipes,
/// and on blocking reads and `waitpid` in dedicated threads, so no output or exit is ever missed.
@available(OS2022, *)
public final class ChildProcess: Sendable {
    /// Standard output, one element per line (without the newline), finished when the process closes it.
    public let lines: AsyncStream<String>

    /// The process identifier.
    public let pid: pid_t

    private let exit: Broadcast<Int32>
    private let stderrText: Locked<String>
    /// The length of standard error so far, sent on every chunk (and once more when it ends).
    private let stderrGrowth: Broadcast<Int>
    private let stdinFD: Locked<Int32?>

    /// Everything the process wrote to standard error so far.
    public var standardError: String { stderrText.value }

    /// Whether the process is still running.
    public var isRunning: Bool { exit.latest == nil }

    /// The directory that holds the package's built executables: the one holding the test bundle (or, in a tool,
    /// the running executable).
    public static var productsDirectory: URL {
        URL(fileURLWithPath: ExecutablePath.productsDirectory(forImage: ExecutablePath.currentImage))
    }

    /// Starts one of the package's executables, e.g. `ChildProcess(product: "wormhole", arguments: ["listen"])`.
    public convenience init(
        product: String,
        arguments: [String] = [],
        environment: [String: String] = [:],
        standardInput: Bool = false
    ) throws {
        let path = Self.productsDirectory.appendingPathComponent(product).path
        try self.init(
            path: path, searchPath: false, arguments: arguments, environment: environment, stdin: standardInput)
    }

    /// Starts a program looked up by name on the `PATH`, e.g. `ChildProcess(command: "ip", arguments: ["link"])`.
    public convenience init(
        command: String,
        arguments: [String] = [],
        environment: [String: String] = [:],
        standardInput: Bool = false
    ) throws {
        try self.init(
            path: command, searchPath: true, arguments: arguments, environment: environment, stdin: standardInput)
    }

    /// Starts the program at `executable`.
    public convenience init(
        executable: URL,
        arguments: [String] = [],
        environment: [String: String] = [:],
        standardInput: Bool = false
    ) throws {
        try self.init(
            path: executable.path,
            searchPath: false,
            arguments: arguments,
            environment: environment,
            stdin: standardInput
        )
    }

    /// Pipes are made close-on-exec after creation; spawning under one lock keeps another spawn from
    /// inheriting them in between.
    private static let spawnLock = Locked(())

    private init(path: String, searchPath: Bool, arguments: [String], environment: [String: String], stdin: Bool) throws
    {
        let (stdout, stderr, input, child) = try Self.spawnLock.withLock { _ in
            try Self.spawn(
                path: path, searchPath: searchPath, arguments: arguments, environment: environment, stdin: stdin)
        }
        pid = child
        stdinFD = Locked(input)
        let (lines, lineSink) = AsyncStream.makeStream(of: String.self)
        self.lines = lines
        let stderrText = Locked("")
        self.stderrText = stderrText
        let exit = Broadcast<Int32>(replayLatest: true)
        self.exit = exit
        let stderrGrowth = Broadcast<Int>(replayLatest: true)
        self.stderrGrowth = stderrGrowth

        Self.readAll(stdout) { chunk in
            lineSink.yield(chunk)
        } onEnd: {
            lineSink.finish()
        }
        // The exit is reported only once standard error has been read to its end (or, if a descendant keeps
        // it open, a few seconds later), so `standardError` is complete when `waitForExit` returns.
        let stderrEnded = DispatchSemaphore(value: 0)
        let appendError: @Sendable (Data) -> Void = { data in
            let length = stderrText.withLock { text in
                text += String(decoding: data, as: UTF8.self)
                return text.utf8.count
            }
            stderrGrowth.send(length)
        }
        let endError: @Sendable () -> Void = {
            stderrGrowth.finish()
            stderrEnded.signal()
        }
        Self.readChunks(stderr, onEnd: endError, appendError)
        Thread.detachNewThread {
            var status: Int32 = 0
            while waitpid(child, &status, 0) == -1 && errno == EINTR {}
            _ = stderrEnded.wait(timeout: .now() + 5)
            let signal = status & 0x7f
            exit.send(signal == 0 ? (status >> 8) & 0xff : signal)
        }
    }

    /// Starts the process; returns the parent's ends of its pipes and its pid.
    private static func spawn(
        path: String,
        searchPath: Bool,
        arguments: [String],
        environment: [String: String],
        stdin: Bool
    ) throws -> (stdout: Int32, stderr: Int32, stdin: Int32?, pid: pid_t) {
        let stdout = try Self.makePipe()
        let stderr = try Self.makePipe()
        let input = stdin ? try Self.makePipe() : nil

        var env = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        if environment["LLVM_PROFILE_FILE"] == nil, let pattern = env["LLVM_PROFILE_FILE"] {
            env["LLVM_PROFILE_FILE"] = childProfilePattern(for: pattern)
        }
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv + envp { free(pointer) }
        }
        var child: pid_t = 0
        let result = SpawnShim.spawn(
            &child, path: path, searchPath: searchPath, stdout: stdout.write, stderr: stderr.write,
            stdin: input?.read, argv: argv, envp: envp)
        close(stdout.write)
        close(stderr.write)
        if let input { close(input.read) }
        guard result == 0 else {
            close(stdout.read)
            close(stderr.read)
            if let input { close(input.write) }
            throw ChildProcessError(description: "cannot start \(path): \(String(cString: strerror(result)))")
        }

        return (stdout.read, stderr.read, input?.write, child)
    }

    /// Where an instrumented child writes its coverage profile during a coverage run.
    ///
    /// A child killed while writing its profile leaves a torn file, and the test runner refuses to merge a
    /// directory holding one; children therefore write one file per process to `codecov-children`, beside the
    /// test runner's `codecov`, which the coverage summary merges tolerantly.
    static func childProfilePattern(for pattern: String) -> String {
        let directory = URL(fileURLWithPath: pattern)
            .deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("codecov-children")
        // The profile runtime does not create missing directories.
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory.appendingPathComponent("child-%p.profraw").path
    }

    /// Writes to the process's standard input (start it with `standardInput: true`).
    public func write(_ text: String) {
        guard let fd = stdinFD.value else { return }
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { systemWrite(fd, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            bytes = bytes.dropFirst(written)
        }
    }

    /// Closes the process's standard input.
    public func closeStandardInput() {
        if let fd = stdinFD.withLock({ state -> Int32? in
            defer { state = nil }
            return state
        }) {
            close(fd)
        }
    }

    /// Sends a signal (default `SIGTERM`) to the process.
    public func signal(_ signal: Int32 = SIGTERM) {
        if isRunning {
            kill(pid, signal)
        }
    }

    /// Waits until standard error holds `text` at least `count` times; fails with ``TimeoutError`` after `limit`,
    /// or with ``ChildProcessError`` if standard error ends without it.
    public func waitForStandardError(
        containing text: String, count: Int = 1, within limit: Duration = .seconds(60)
    ) async throws {
        let found: @Sendable () -> Bool = { self.standardError.components(separatedBy: text).count - 1 >= count }
        try await withTimeout(limit) {
            for await _ in self.stderrGrowth.subscribe() where found() { return }
            guard found() else {
                throw ChildProcessError(description: "standard error ended without \(count) × \"\(text)\"")
            }
        }
    }

    /// Waits for the process to exit and returns its exit status, or the signal number if a signal ended it.
    public func waitForExit(within limit: Duration = .seconds(30)) async throws -> Int32 {
        guard let status = try await exit.subscribe().firstValue(within: limit) else {
            throw TimeoutError(limit: limit)
        }
        return status
    }

    deinit {
        if isRunning {
            kill(pid, SIGKILL)
        }
        closeStandardInput()
    }

    private static func makePipe() throws -> (read: Int32, write: Int32) {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else {
            throw ChildProcessError(description: "pipe failed: \(String(cString: strerror(errno)))")
        }
        _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
        return (fds[0], fds[1])
    }

    private static func readChunks(
        _ fd: Int32, onEnd: @escaping @Sendable () -> Void = {}, _ body: @escaping @Sendable (Data) -> Void
    ) {
        Thread.detachNewThread {
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                body(Data(buffer[0..<count]))
            }
            close(fd)
            onEnd()
        }
    }

    private static func readAll(
        _ fd: Int32, line: @escaping @Sendable (String) -> Void, onEnd: @escaping @Sendable () -> Void
    ) {
        let pending = Locked(Data())
        let finish: @Sendable () -> Void = {
            let rest = pending.value
            if !rest.isEmpty { line(String(decoding: rest, as: UTF8.self)) }
            onEnd()
        }
        readChunks(fd, onEnd: finish) { chunk in
            let complete: [String] = pending.withLock { buffer in
                buffer.append(chunk)
                var out: [String] = []
                while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                    out.append(String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self))
                    buffer.removeSubrange(buffer.startIndex...newline)
                }
                return out
            }
            for text in complete { line(text) }
        }
    }
}

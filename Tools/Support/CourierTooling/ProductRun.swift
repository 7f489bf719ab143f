public import Foundation

/// A child process that ran to completion.
@available(OS2022, *)
public struct Finished: Sendable {
    /// The exit status.
    public var status: Int32
    /// Standard output, line by line.
    public var lines: [String]
    /// Standard error, complete.
    public var standardError: String

    /// Creates a record of a finished run.
    public init(status: Int32, lines: [String], standardError: String) {
        self.status = status
        self.lines = lines
        self.standardError = standardError
    }
}

/// Runs one of the package's executables to completion, collecting its output. Standard error goes to a file, read
/// once the process has exited, so it is complete (a pipe's last bytes may still be in flight then).
@available(OS2022, *)
public func run(
    _ product: String,
    _ arguments: [String],
    environment: [String: String] = [:],
    input: String? = nil,
    within limit: Duration = .seconds(120)
) async throws -> Finished {
    let errorFile = FileManager.default.temporaryDirectory
        .appendingPathComponent("stderr-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: errorFile) }
    let process = try start(product, arguments, standardError: errorFile, environment: environment, input: input != nil)
    if let input {
        process.write(input)
        process.closeStandardInput()
    }
    let lines = try await withTimeout(limit) {
        var all: [String] = []
        for await line in process.lines { all.append(line) }
        return all
    }
    let status = try await process.waitForExit(within: limit)
    let standardError = (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
    return Finished(status: status, lines: lines, standardError: standardError)
}

/// Starts one of the package's executables with its standard error written to `file` (through `sh`, which
/// `exec`s it: the exit status is the executable's own).
@available(OS2022, *)
public func start(
    _ product: String,
    _ arguments: [String],
    standardError file: URL,
    environment: [String: String] = [:],
    input: Bool = false
) throws -> ChildProcess {
    let executable = ChildProcess.productsDirectory.appendingPathComponent(product).path
    return try ChildProcess(
        command: "sh",
        arguments: ["-c", "exec \"$0\" \"$@\" 2>\"$COURIER_STDERR_FILE\"", executable] + arguments,
        environment: environment.merging(["COURIER_STDERR_FILE": file.path]) { _, new in new },
        standardInput: input
    )
}

import CourierTestSupport

/// The `durable-streams` command as a child process.
@available(OS2023, *)
enum DurableStreamsCLI {
    /// Runs the command to its end; its exit status, standard output and standard error. Fails with
    /// `TimeoutError` (and kills the command) when it has not ended within `limit`.
    static func run(_ arguments: [String], input: String? = nil, within limit: Duration = .seconds(30)) async throws
        -> (status: Int32, output: String, error: String)
    {
        let process = try ChildProcess(product: "durable-streams", arguments: arguments, standardInput: input != nil)
        if let input {
            process.write(input)
            process.closeStandardInput()
        }
        let clock = ContinuousClock()
        let start = clock.now
        let lines = try await withTimeout(limit) {
            var lines: [String] = []
            for await line in process.lines { lines.append(line) }
            return lines
        }
        let status = try await process.waitForExit(within: max(.seconds(1), limit - (clock.now - start)))
        return (status, lines.joined(separator: "\n"), process.standardError)
    }
}

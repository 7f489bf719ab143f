import CourierTestSupport
import Foundation

/// A Python interpreter that can import the independent client `durable-streams` (PyPI): `python3` when it
/// already can, or else a virtual environment made once for the tests, with the client installed by pip.
@available(OS2023, *)
actor PythonClient {
    static let shared = PythonClient()

    /// Thrown when pip is there but cannot install the client (no network, no index).
    struct InstallFailed: Error, CustomStringConvertible {
        let description: String
    }

    private var found: Task<String?, any Error>?

    /// The interpreter's path, or `nil` when neither the client nor pip is available (the only case in which the
    /// tests that need it are skipped).
    func interpreter() async throws -> String? {
        if let found { return try await found.value }
        let task = Task { try await Self.locate() }
        found = task
        return try await task.value
    }

    private static func locate() async throws -> String? {
        if try await succeeds("python3", ["-c", "import durable_streams, httpx"]) { return "python3" }
        guard try await succeeds("python3", ["-m", "pip", "--version"]) else { return nil }
        let environment = FileManager.default.temporaryDirectory.appendingPathComponent(
            "courier-durable-streams-python")
        let python = environment.appendingPathComponent("bin/python3").path
        if FileManager.default.fileExists(atPath: python),
            try await succeeds(python, ["-c", "import durable_streams, httpx"])
        {
            return python
        }
        guard try await succeeds("python3", ["-m", "venv", "--clear", environment.path]),
            try await succeeds(python, ["-m", "pip", "install", "--quiet", "durable-streams", "httpx"], within: 300),
            try await succeeds(python, ["-c", "import durable_streams, httpx"])
        else {
            throw InstallFailed(description: "pip could not install durable-streams and httpx in \(environment.path)")
        }
        return python
    }

    private static func succeeds(_ command: String, _ arguments: [String], within seconds: Int = 60) async throws
        -> Bool
    {
        let process: ChildProcess
        do {
            process =
                command.hasPrefix("/")
                ? try ChildProcess(executable: URL(fileURLWithPath: command), arguments: arguments)
                : try ChildProcess(command: command, arguments: arguments)
        } catch {
            return false
        }
        for await _ in process.lines {}
        return try await process.waitForExit(within: .seconds(seconds)) == 0
    }
}

import CourierTestSupport
import DurableStreamsServer
import Foundation
import Testing

/// The independent Python client `durable-streams` (PyPI) against our server. The client is installed for the tests
/// when `python3` lacks it; the tests are skipped only when pip is missing too.
@Suite("Interoperability with the Python client")
struct InteropTests {
    private static let script = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .appendingPathComponent("Interop/python_client_interop.py")

    @Test(
        "Create, append text and JSON, catch-up, long-poll and SSE reads, HEAD and DELETE all work from Python",
        .enabled("pip is there to install the Python client") {
            guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return false }
            return try await PythonClient.shared.interpreter() != nil
        },
        arguments: [false, true]
    )
    @available(OS2023, *)
    func pythonClient(onDisk: Bool) async throws {
        try await withTemporaryDirectory(prefix: "ds-interop") { directory in
            let configuration = DurableStreamsServer.Configuration.forTests {
                $0.longPollTimeout = .seconds(10)
                $0.faultInjection = false
                if onDisk { $0.storage = .directory(directory.path) }
            }
            let python = try #require(try await PythonClient.shared.interpreter())
            try await ServerHarness.run(configuration) { server in
                let arguments = [Self.script.path, server.base, UUID().uuidString.lowercased()]
                let process =
                    python.hasPrefix("/")
                    ? try ChildProcess(executable: URL(fileURLWithPath: python), arguments: arguments)
                    : try ChildProcess(command: python, arguments: arguments)
                let status = try await process.waitForExit(within: .seconds(120))
                let output = await process.lines.collect()
                #expect(
                    status == 0,
                    "\(python) exited with \(status)\n\(output.joined(separator: "\n"))\n\(process.standardError)"
                )
                #expect(output.last == "all checks passed")
                #expect(output.filter { $0.hasPrefix("ok ") }.count == 18)
            }
        }
    }
}

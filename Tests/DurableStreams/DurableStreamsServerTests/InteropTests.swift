import CourierTestSupport
import DurableStreamsServer
import Foundation
import Testing

/// The independent Python client `durable-streams` (PyPI, installed by `scripts/setup`) against our server.
@Suite("Interoperability with the Python client")
struct InteropTests {
    private static let script = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .appendingPathComponent("Interop/python_client_interop.py")

    @Test(
        "Create, append text and JSON, catch-up, long-poll and SSE reads, HEAD and DELETE all work from Python",
        arguments: [false, true]
    )
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    func pythonClient(onDisk: Bool) async throws {
        try await withTemporaryDirectory(prefix: "ds-interop") { directory in
            let configuration = DurableStreamsServer.Configuration.forTests {
                $0.longPollTimeout = .seconds(10)
                $0.faultInjection = false
                if onDisk { $0.storage = .directory(directory.path) }
            }
            try await ServerHarness.run(configuration) { server in
                let process = try ChildProcess(
                    command: "python3",
                    arguments: [Self.script.path, server.base, UUID().uuidString.lowercased()]
                )
                let status = try await process.waitForExit(within: .seconds(120))
                let output = await process.lines.collect()
                #expect(
                    status == 0,
                    "python3 exited with \(status); install the client with scripts/setup.\n\(output.joined(separator: "\n"))\n\(process.standardError)"
                )
                #expect(output.last == "all checks passed")
                #expect(output.filter { $0.hasPrefix("ok ") }.count == 17)
            }
        }
    }
}

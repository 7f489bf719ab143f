import CourierTestSupport
import Foundation
import Testing

/// Facts the READMEs state, checked against the server and the scripts they describe.
@Suite("What the Durable Streams READMEs state")
struct ReadmeFactsTests {
    /// The repository's root, from this file's place in it.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test("The limits table's Stream-TTL range, 1 s to 10 years, is the range the server accepts")
    @available(OS2023, *)
    func timeToLiveRange() async throws {
        let readme = try String(
            contentsOf: Self.root.appendingPathComponent("Sources/DurableStreams/Server/README.md"), encoding: .utf8)
        let row = try #require(readme.split(separator: "\n").first { $0.hasPrefix("| `Stream-TTL` |") })
        #expect(row.contains("| 1 … 10 years"), "\(row)")
        let tenYears = 10 * 366 * 24 * 3600
        try await ServerHarness.run { server async throws in
            for (seconds, status) in [(0, 400), (1, 201), (tenYears, 201), (tenYears + 1, 400)] {
                let created = try await server.send(
                    .PUT, ServerHarness.uniquePath(), headers: [("Stream-TTL", "\(seconds)")])
                #expect(created.status == status, "Stream-TTL: \(seconds)")
            }
        }
    }

    @Test("scripts/conformance looks for the cases where DURABLE_STREAMS_CONFORMANCE_CASES says")
    @available(OS2023, *)
    func conformanceCasesVariable() async throws {
        let missing = "/nonexistent/conformance-cases-\(UUID().uuidString)"
        let script = try ChildProcess(
            executable: Self.root.appendingPathComponent("scripts/conformance"),
            environment: ["DURABLE_STREAMS_CONFORMANCE_CASES": missing])
        #expect(try await script.waitForExit(within: .seconds(30)) == 2)
        #expect(script.standardError.contains("no conformance cases at \(missing)"), "\(script.standardError)")
    }
}

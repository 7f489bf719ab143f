import CourierTestSupport
import Foundation
import Testing

/// The conformance runner is stricter than upstream's: expectations upstream ignores are checked and unknown keys
/// fail the case. As upstream's, it skips a case whose feature requirements the adapter does not meet.
@Suite("Conformance runner strictness")
struct ConformanceRunnerTests {
    private let cases = """
        id: strictness
        name: Strictness
        description: cases that must fail, and one that must pass
        category: consumer
        tests:
        - id: passes
          name: passes
          setup:
          - action: create
            as: streamPath
            contentType: text/plain
          - action: append
            path: ${streamPath}
            data: hello
          operations:
          - action: read
            path: ${streamPath}
            live: false
            expect:
              data: hello
              maxChunks: 1
              success: true
        - id: error-true-on-success
          name: error true on success
          setup:
          - action: create
            as: streamPath
          operations:
          - action: read
            path: ${streamPath}
            live: false
            expect:
              error: true
        - id: max-chunks
          name: max chunks
          setup:
          - action: create
            as: streamPath
          - action: append
            path: ${streamPath}
            data: x
          operations:
          - action: read
            path: ${streamPath}
            live: false
            expect:
              maxChunks: 0
        - id: unknown-key
          name: unknown expectation key
          operations:
          - action: create
            as: streamPath
            expect:
              bogusExpectation: 1
        - id: success-false
          name: success false on success
          operations:
          - action: create
            as: streamPath
            expect:
              success: false
        - id: missing-feature
          name: missing feature
          requires:
          - teleportation
          operations:
          - action: create
            as: streamPath
        - id: all-succeed
          name: allSucceed on a failing batch
          setup:
          - action: create
            as: streamPath
          operations:
          - action: append-batch
            path: ${streamPath}
            items:
            - data: a
              seq: 2
            - data: b
              seq: 1
            expect:
              allSucceed: true
        """

    @Test("checks what upstream ignores, skips a case needing a missing feature, and prints the summary line")
    @available(OS2023, *)
    func strictness() async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory(prefix: "conformance-cases") { directory in
                try cases.write(
                    to: directory.url.appendingPathComponent("strictness.yaml"), atomically: true, encoding: .utf8)
                let adapter = ChildProcess.productsDirectory
                    .appendingPathComponent("durable-streams-conformance-adapter").path
                let runner = try ChildProcess(
                    product: "durable-streams-conformance",
                    arguments: ["--adapter", adapter, "--server", server.baseURL, directory.path])
                var lines: [String] = []
                for await line in runner.lines { lines.append(line) }
                let status = try await runner.waitForExit(within: .seconds(60))
                #expect(lines.last == "1 passed, 5 failed, 1 skipped", "\(lines.joined(separator: "\n"))")
                #expect(status == 1)
                let output = lines.joined(separator: "\n")
                #expect(output.contains("unsupported expectation `bogusExpectation`"))
                #expect(output.contains("missing-feature (skipped: missing features: teleportation)"))
                #expect(!output.contains("strictness/missing-feature:"), "a skipped case is not among the failures")
            }
        }
    }
}

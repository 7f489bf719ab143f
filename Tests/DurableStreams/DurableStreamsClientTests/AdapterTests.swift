import CourierTestSupport
import Foundation
import Testing

/// The conformance adapter's JSON-lines protocol, including the suite's benchmark operations.
@Suite("Conformance adapter")
struct AdapterTests {
    @Test("answers every command in order, runs the benchmark operations, and exits on shutdown")
    @available(OS2023, *)
    func protocolAndBenchmarks() async throws {
        try await withTestServer { server in
            let adapter = try ChildProcess(product: "durable-streams-conformance-adapter", standardInput: true)
            let commands: [String] = [
                #"{"type":"init","serverUrl":"\#(server.baseURL)"}"#,
                #"{"type":"create","path":"/bench","contentType":"application/octet-stream"}"#,
                #"{"type":"benchmark","iterationId":"a","operation":{"op":"append","path":"/bench","size":100}}"#,
                #"{"type":"benchmark","iterationId":"r","operation":{"op":"read","path":"/bench"}}"#,
                #"{"type":"benchmark","iterationId":"lp","operation":{"op":"roundtrip","path":"/rt1","size":64,"live":"long-poll"}}"#,
                #"{"type":"benchmark","iterationId":"sse","operation":{"op":"roundtrip","path":"/rt2","size":64,"live":"sse"}}"#,
                #"{"type":"benchmark","iterationId":"c","operation":{"op":"create","path":"/made"}}"#,
                #"{"type":"benchmark","iterationId":"t","operation":{"op":"throughput_append","path":"/tp","count":500,"size":100,"concurrency":1}}"#,
                #"{"type":"benchmark","iterationId":"x","operation":{"op":"unknown","path":"/x"}}"#,
                "not json",
                #"{"type":"shutdown"}"#,
            ]
            for command in commands { adapter.write(command + "\n") }
            let lines = try await adapter.lines.first(commands.count, within: .seconds(60))
            let results = try lines.map { line in
                try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            }
            #expect(results[0]["type"] as? String == "init")
            #expect(results[1]["status"] as? Int == 201)
            for (index, id) in ["a", "r", "lp", "sse", "c", "t"].enumerated() {
                let result = results[index + 2]
                #expect(result["iterationId"] as? String == id)
                #expect(result["success"] as? Bool == true, "benchmark \(id): \(result)")
                #expect(Int(result["durationNs"] as? String ?? "") ?? 0 > 0)
            }
            let throughput = results[7]["metrics"] as? [String: Any]
            #expect(throughput?["messagesProcessed"] as? Int == 500)
            #expect(results[8]["errorCode"] as? String == "NOT_SUPPORTED")
            #expect(results[9]["errorCode"] as? String == "PARSE_ERROR")
            #expect(results[10]["type"] as? String == "shutdown")
            #expect(try await adapter.waitForExit(within: .seconds(10)) == 0)
        }
    }
}

import CourierTestSupport
import DurableStreams
import Foundation
import Testing

@Suite("DurableStreams READMEs")
struct ReadmeTests {
    @Test("the client quick start runs against a real server and reads what it wrote")
    @available(OS2023, *)
    func quickStartRuns() async throws {
        try await withTestServer { server in
            let base = try #require(URL(string: server.baseURL))
            let events = try await withTimeout(.seconds(60)) { try await ClientReadme().quickStart(server: base) }
            #expect(events.map(\.text) == ["created", "shipped", "created", "shipped", "paid", "refunded"])
        }
    }

    @Test("the client README's error matching catches an append to a closed stream by its code")
    @available(OS2023, *)
    func errorMatching() async throws {
        try await withTestServer { server in
            let handle = try await DurableStreamHandle.create(
                url: server.streamURL("late"), closed: true, configuration: server.configuration())
            try await withTimeout(.seconds(30)) { try await ClientReadme().appendLate(to: handle) }
        }
    }

    @Test("the server README's embedding example starts on a free port and stops")
    @available(OS2023, *)
    func serverExampleRuns() async throws {
        let port = try await withTimeout(.seconds(60)) { try await ServerReadme().run() }
        #expect(port > 0)
    }
}

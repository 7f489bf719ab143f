import DurableStreams
import Foundation
import Testing

@Suite("durable-streams subscription and worker")
struct SubscriptionCommandTests {
    @Test("create a pull-wake subscription, let a worker process new data, see the cursor, delete it")
    @available(OS2023, *)
    func roundTrip() async throws {
        let server = try await TestServer.start()
        do {
            let tag = UUID().uuidString.prefix(8).lowercased()
            let root = server.baseURL
            let client = try SubscriptionClient(root: try #require(URL(string: root)), configuration: server.http)
            _ = try await DurableStreamHandle.create(
                url: client.streamURL("wake-\(tag)"), contentType: "application/json",
                configuration: server.configuration())
            let job = try await DurableStreamHandle.create(
                url: client.streamURL("jobs-\(tag)/1"), contentType: "text/plain", configuration: server.configuration()
            )
            let created = try await DurableStreamsCLI.run([
                "subscription", "create", root, "cli-\(tag)", "--pattern", "jobs-\(tag)/*", "--wake-stream",
                "wake-\(tag)",
                "--lease-ms", "30000",
            ])
            #expect(created.status == 0 && created.output.hasPrefix("created cli-\(tag)"), "\(created.error)")
            let appended = try await job.appendBytesSync(Data("hello".utf8))
            let worker = try await DurableStreamsCLI.run([
                "worker", root, "cli-\(tag)", "--name", "w1", "--max-wakes", "1",
            ])
            #expect(worker.status == 0 && worker.output == "jobs-\(tag)/1\thello", "\(worker.output) \(worker.error)")
            let shown = try await DurableStreamsCLI.run(["subscription", "get", root, "cli-\(tag)"])
            #expect(shown.output.contains("jobs-\(tag)/1\tglob\t\(appended.offset.rawValue)"), "\(shown.output)")
            #expect(try await DurableStreamsCLI.run(["subscription", "delete", root, "cli-\(tag)"]).status == 0)
            let missing = try await DurableStreamsCLI.run(["subscription", "get", root, "cli-\(tag)"])
            #expect(missing.status != 0 && missing.error.contains("not found"), "\(missing.error)")
            let invalid = try await DurableStreamsCLI.run(["subscription", "create", root, "x", "--pattern", "a/*"])
            #expect(invalid.status != 0 && invalid.error.contains("--wake-stream"))
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }
}

import CourierTestSupport
import DurableStreamsServer
import DurableStreamsStorage
import Foundation
import Testing

@Suite("Embedding the server")
struct EmbeddingTests {
    @Test("start() returns the bound port; url and storage describe the running server; a second start is refused")
    @available(OS2023, *)
    func startAndStop() async throws {
        let server = DurableStreamsServer(configuration: .forTests())
        #expect(server.port == nil)
        let port = try await server.start()
        #expect(port > 0)
        #expect(server.port == port)
        #expect(server.url == "http://127.0.0.1:\(port)")
        #expect(server.storage is MemoryStreamStorage)
        do {
            try await server.start()
            Issue.record("a second start succeeded")
        } catch DurableStreamsServerError.alreadyStarted {
            // The server's own error, not a store's.
        } catch {
            Issue.record("a second start threw \(error)")
        }
        await server.stop()
        await server.stop()
        #expect(server.port == nil)
    }

    @Test("A port in use is reported")
    @available(OS2023, *)
    func bindFailure() async throws {
        let first = DurableStreamsServer(configuration: .forTests())
        let port = try await first.start()
        let second = DurableStreamsServer(configuration: .forTests { $0.port = port })
        do {
            try await second.start()
            Issue.record("binding a port in use succeeded")
        } catch {
            #expect(error.code == .bindFailed)
        }
        await first.stop()
    }

    @Test("Invalid settings are refused before anything starts")
    @available(OS2023, *)
    func invalidConfiguration() async throws {
        for configuration in [
            DurableStreamsServer.Configuration.forTests { $0.port = 70_000 },
            .forTests { $0.longPollTimeout = .zero },
            .forTests { $0.maximumBodyBytes = 0 },
        ] {
            do {
                try await DurableStreamsServer(configuration: configuration).start()
                Issue.record("an invalid configuration started")
            } catch {
                #expect(error.code == .invalidConfiguration)
            }
        }
    }

    @Test("A data directory keeps streams across server restarts and serves one server at a time")
    @available(OS2023, *)
    func directoryStorage() async throws {
        try await withTemporaryDirectory(prefix: "ds-embed") { directory in
            let configuration = DurableStreamsServer.Configuration.forTests { $0.storage = .directory(directory.path) }
            try await ServerHarness.run(configuration) { server async throws in
                try await server.create("/kept", body: "survives")
                let rival = DurableStreamsServer(configuration: configuration)
                do throws(DurableStreamsServerError) {
                    try await rival.start()
                    Issue.record("a second server opened a locked data directory")
                } catch {
                    #expect(error.code == .storageUnavailable)
                    #expect(error.storageError != nil, "the store's own error says why it could not be opened")
                }
            }
            try await ServerHarness.run(configuration) { server async throws in
                #expect(try await server.read("/kept").text == "survives")
            }
        }
    }

    @Test("A custom store is used as it is and not shut down by stop()")
    @available(OS2023, *)
    func customStorage() async throws {
        let storage = MemoryStreamStorage()
        try await ServerHarness.run(.forTests { $0.storage = .custom(storage) }) { server async throws in
            try await server.create("/custom", body: "x")
        }
        #expect(storage.streamCount == 1)
        #expect(try await storage.info(try StreamPath(validating: "/custom")).tail.position == 1)
        await storage.shutdown()
    }
}

@Suite("The durable-streams command")
struct CommandTests {
    @Test("serve prints its address, serves, and exits cleanly on SIGTERM")
    @available(OS2023, *)
    func serve() async throws {
        let process = try ChildProcess(
            product: "durable-streams", arguments: ["serve", "--memory", "--port", "0", "--log-level", "error"])
        let line = try #require(
            try await process.lines.firstValue(within: .seconds(60)) { $0.contains("listening on") })
        #expect(line.hasPrefix("durable-streams listening on http://127.0.0.1:"))
        process.signal(SIGTERM)
        #expect(try await process.waitForExit(within: .seconds(30)) == 0)
    }

    @Test(
        "Bad options are refused with a message",
        arguments: [
            ["serve", "--port", "70000"], ["serve", "--sync", "sometimes"], ["serve", "--long-poll-timeout", "0"],
            ["serve", "--cache-visibility", "everyone"], ["serve", "--log-level", "loud"],
        ])
    @available(OS2023, *)
    func badOptions(arguments: [String]) async throws {
        let process = try ChildProcess(product: "durable-streams", arguments: arguments)
        #expect(try await process.waitForExit(within: .seconds(30)) != 0)
        #expect(!process.standardError.isEmpty)
    }
}

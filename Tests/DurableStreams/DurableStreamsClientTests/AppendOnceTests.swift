import CourierTestSupport
import DurableStreams
import Foundation
import Testing

/// An append through URLSession reaches the server's storage at most once whichever step of the exchange the
/// connection drops at, on a kept-alive connection (where libcurl resends on its own) and on a fresh one.
@Suite("URLSession appends are stored once")
struct AppendOnceTests {
    /// Sends a read (which leaves a kept-alive connection when `keptAlive`) and then one append whose request is
    /// the server's request `1`; returns the append's outcome and what the server stored.
    @available(OS2023, *)
    private func append(
        keptAlive: Bool, _ step: ContinueServer.Step
    ) async throws -> (result: Result<Void, DurableStreamError>, server: ContinueServer) {
        let server = try ContinueServer { index, _ in
            index == 0 ? (keptAlive ? .answer : .answerAndClose) : index == 1 ? step : .answer
        }
        defer { server.stop() }
        let transport = URLSessionTransport()
        defer { transport.shutdown() }
        let configuration = HandleConfiguration(http: HTTPConfiguration(transport: transport, timeout: .seconds(20)))
        let url = try #require(URL(string: server.baseURL + "/once"))
        // Request 0 leaves the connection open for the append, or has the server close it.
        _ = try await transport.execute(StreamHTTPRequest(method: .get, url: url, timeout: .seconds(20)))
        let handle = try DurableStreamHandle.attach(url: url, contentType: "text/plain", configuration: configuration)
        let result = try await withTimeout(.seconds(30)) { () -> Result<Void, DurableStreamError> in
            do throws(DurableStreamError) {
                _ = try await handle.appendBytesSync(Data("once".utf8))
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        return (result, server)
    }

    /// Whether an append failed because its connection was lost: the transport reports the close as a failed
    /// connection, or, when FoundationNetworking misses the close (seen once in a full parallel run, both cases at
    /// once), the request ends at its timeout. Either way the append fails and is not sent again.
    private static func isLostConnection(_ error: DurableStreamError) -> Bool {
        error.code == .connectionFailed || error.code == .timeout
    }

    @Test(
        "dropped before 100 Continue: nothing was stored, so a resend is harmless; the append is stored at most once",
        arguments: [true, false])
    @available(OS2023, *)
    func droppedBeforeContinue(keptAlive: Bool) async throws {
        let (result, server) = try await append(keptAlive: keptAlive, .dropBeforeContinue)
        switch result {
        case .success:
            // libcurl sent the request again on a new connection (a kept-alive one only), this time answered.
            #expect(keptAlive)
            #expect(server.stored == [Data("once".utf8)])
            #expect(server.requestLines.filter { $0.hasPrefix("POST ") }.count == 2, "\(server.requestLines)")
        case .failure(let error):
            // A fresh connection is never resent; nor is a request whose body libcurl sent after waiting a second
            // for the 100 (a machine too busy to drop in time).
            #expect(Self.isLostConnection(error), "\(error)")
            #expect(server.stored.isEmpty)
        }
    }

    @Test("dropped after the body: stored once, never sent again, and the append fails", arguments: [true, false])
    @available(OS2023, *)
    func droppedAfterBody(keptAlive: Bool) async throws {
        let (result, server) = try await append(keptAlive: keptAlive, .dropAfterBody)
        #expect(server.stored == [Data("once".utf8)])
        #expect(server.requestLines.filter { $0.hasPrefix("POST ") }.count == 1, "\(server.requestLines)")
        guard case .failure(let error) = result else {
            Issue.record("an append whose answer was lost succeeded")
            return
        }
        #expect(Self.isLostConnection(error), "\(error)")
    }

    @Test(
        "a server that never answers 100 Continue gets the body after libcurl's wait, and stores it once",
        arguments: [true, false])
    @available(OS2023, *)
    func continueWithheld(keptAlive: Bool) async throws {
        let (result, server) = try await append(keptAlive: keptAlive, .withholdContinueThenDrop)
        #expect(server.stored == [Data("once".utf8)], "\(server.requestLines)")
        guard case .failure(let error) = result else {
            Issue.record("an append whose answer was lost succeeded")
            return
        }
        #expect(Self.isLostConnection(error), "\(error)")
    }

    @Test("appends on one kept-alive connection each send their body after 100 Continue")
    @available(OS2023, *)
    func keptAliveAppends() async throws {
        let server = try ContinueServer { _, _ in .answer }
        defer { server.stop() }
        let transport = URLSessionTransport()
        defer { transport.shutdown() }
        let configuration = HandleConfiguration(http: HTTPConfiguration(transport: transport, timeout: .seconds(20)))
        let url = try #require(URL(string: server.baseURL + "/many"))
        let handle = try DurableStreamHandle.attach(url: url, contentType: "text/plain", configuration: configuration)
        for index in 0..<5 {
            _ = try await handle.appendBytesSync(Data("\(index)".utf8))
        }
        #expect(server.stored == (0..<5).map { Data("\($0)".utf8) })
        #expect(server.connections == 1)
    }
}

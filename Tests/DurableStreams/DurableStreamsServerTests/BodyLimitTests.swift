import CourierTestSupport
import ExactHTTPClient
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Stores that do not stream appends (memory, file) keep the server's request-body limit for every append, chunked
/// or not.
@Suite("Request-body limit on stores that read bodies whole")
struct BodyLimitTests {
    @Test("memory and file stores answer 413 above --max-body-size, announced or counted; nothing stored")
    @available(OS2023, *)
    func wholeBodyStores() async throws {
        let directory = try TemporaryDirectory()
        for store in [["--store", "memory"], ["--data-dir", directory.path]] {
            let server = try await ServerProcess.start(
                arguments: store + ["--max-body-size", "65536", "--log-level", "error"])
            let client = ExactHTTPClient()
            do {
                let url = server.base + "/limit/\(UUID().uuidString.lowercased())"
                let create = try await client.request(
                    .PUT, url, headers: [("Content-Type", "application/octet-stream")])
                #expect(create.status == 201)
                let announced = try await client.request(
                    .POST, url, headers: [("Content-Type", "application/octet-stream")],
                    body: Array(repeating: 1, count: 65_537))
                #expect(announced.status == 413)
                let chunked = try await StreamedUpload.start(url)
                try await StreamedUpload.send(Array(repeating: 1, count: 65_537), on: chunked)
                #expect(StreamedUpload.status(of: try await chunked.receiveResponse()) == 413)
                let fits = try await client.request(
                    .POST, url, headers: [("Content-Type", "application/octet-stream")],
                    body: Array(repeating: 2, count: 65_536))
                #expect(fits.status == 204)
                #expect(try await client.readAll(url).utf8.count == 65_536)
            } catch {
                server.child.signal(SIGTERM)
                _ = try? await server.child.waitForExit(within: .seconds(30))
                await client.shutdown()
                throw error
            }
            server.child.signal(SIGTERM)
            _ = try? await server.child.waitForExit(within: .seconds(30))
            await client.shutdown()
        }
    }
}

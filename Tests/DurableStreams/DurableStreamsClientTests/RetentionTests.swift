import DurableStreams
import Foundation
import Testing

@Suite("Retention")
struct RetentionClientTests {
    @Test("A read of a dropped offset throws retentionExpired with the earliest offset, and resumes there")
    @available(OS2023, *)
    func droppedOffset() async throws {
        try await withTestServer { server in
            let url = server.streamURL("retained")
            let handle = try await DurableStreamHandle.create(
                url: url, contentType: "text/plain", headers: ["Stream-Retention-Max-Bytes": "3"],
                configuration: server.configuration())
            let first = try await handle.appendBytesSync(Data("one".utf8)).offset
            let second = try await handle.appendBytesSync(Data("two".utf8)).offset

            do throws(DurableStreamError) {
                _ = try await handle.stream(offset: Offset(rawValue: "0000000000000000"), live: .catchUp)
                Issue.record("a read of a dropped offset succeeded")
            } catch {
                #expect(error.code == .retentionExpired)
                #expect(error.context.earliestOffset == first)
                #expect(error.context.status == 410)
            }
            let (response, skippedTo) = try await handle.streamSkippingDropped(
                from: Offset(rawValue: "0000000000000000"), live: .catchUp)
            #expect(skippedTo == first)
            let text = try await response.text()
            #expect(text.text == "two")
            #expect(text.offset == second)

            let (current, skipped) = try await handle.streamSkippingDropped(from: first, live: .catchUp)
            #expect(skipped == nil)
            current.cancel()

            let readme = try await ClientReadme().catchUp(handle, from: Offset(rawValue: "0000000000000000"))
            #expect(readme.text == "two" && readme.skipped)
        }
    }
}

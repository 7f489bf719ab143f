import Foundation
import Testing

@testable import DurableStreams

@Suite("SSE parser")
struct SSEParserTests {
    @available(OS2023, *)
    private func parse(_ chunks: [String], limit: Int = 1 << 20) throws -> [SSEEvent] {
        var parser = SSEParser(maxEventBytes: limit)
        var events: [SSEEvent] = []
        for chunk in chunks {
            events += try parser.feed(Data(chunk.utf8))
        }
        return events
    }

    @Test("joins multi-line data with newlines and keeps the event type")
    @available(OS2023, *)
    func multiLineData() throws {
        let events = try parse(["event: data\ndata: [\ndata: {\"k\":1},\ndata: ]\n\n"])
        #expect(events.count == 1)
        #expect(events.first?.event == "data")
        #expect(events.first?.dataText == "[\n{\"k\":1},\n]")
    }

    @Test("accepts every line ending, split anywhere across chunks", arguments: ["\n", "\r\n", "\r"])
    @available(OS2023, *)
    func lineEndings(ending: String) throws {
        let text =
            "event: control\(ending)data: {\"a\":1}\(ending)\(ending)event: data\(ending)data: x\(ending)\(ending)"
        // Feed one byte at a time: every boundary, including between \r and \n, is exercised.
        let events = try parse(text.map { String($0) })
        #expect(events.map(\.event) == ["control", "data"])
        #expect(events.map(\.dataText) == ["{\"a\":1}", "x"])
    }

    @Test("strips exactly one leading space and skips comments")
    @available(OS2023, *)
    func leadingSpaceAndComments() throws {
        let events = try parse([": keep-alive\n", "data:   two\n", "\n", "data:none\n\n"])
        #expect(events.map(\.dataText) == ["  two", "none"])
    }

    @Test("dispatches an event whose only data line is empty")
    @available(OS2023, *)
    func emptyData() throws {
        let events = try parse(["event: control\ndata:\n\n"])
        #expect(events.count == 1)
        #expect(events.first?.data.isEmpty == true)
    }

    @Test("reads id and retry, ignores unknown fields and a leading byte-order mark")
    @available(OS2023, *)
    func fields() throws {
        let events = try parse(["\u{FEFF}id: 7\nretry: 1500\nfoo: bar\ndata: x\n\n"])
        #expect(events.first?.id == "7")
        #expect(events.first?.retry == 1500)
        #expect(events.first?.dataText == "x")
    }

    @Test("rejects an event larger than the limit instead of buffering it")
    @available(OS2023, *)
    func giantLine() {
        let giant = String(repeating: "a", count: 10_000)
        #expect(throws: DurableStreamError.self) {
            try parse(["data: ", giant, giant], limit: 4096)
        }
    }

    @Test("a line without a terminator is kept until it ends")
    @available(OS2023, *)
    func partialLine() throws {
        var parser = SSEParser()
        #expect(try parser.feed(Data("data: par".utf8)).isEmpty)
        #expect(try parser.feed(Data("tial\n".utf8)).isEmpty)
        #expect(try parser.feed(Data("\n".utf8)).map(\.dataText) == ["partial"])
    }

    @Test("base64 payloads decode after removing line breaks; invalid ones fail")
    @available(OS2023, *)
    func base64() throws {
        #expect(try Data.decodingSSEBase64(Array("AQID\nBAUG\r\nBwg=".utf8)) == Data([1, 2, 3, 4, 5, 6, 7, 8]))
        #expect(try Data.decodingSSEBase64([]) == Data())
        #expect(throws: DurableStreamError.self) { try Data.decodingSSEBase64(Array("AQI".utf8)) }
        #expect(throws: DurableStreamError.self) { try Data.decodingSSEBase64(Array("A!==".utf8)) }
    }

    @Test("control events must carry a non-empty streamNextOffset")
    @available(OS2023, *)
    func control() throws {
        let control = try SSEControl.parse(Array(#"{"streamNextOffset":"5","upToDate":true}"#.utf8))
        #expect(control.streamNextOffset == "5")
        #expect(control.upToDate == true)
        #expect(throws: DurableStreamError.self) { try SSEControl.parse(Array("{invalid".utf8)) }
        #expect(throws: DurableStreamError.self) { try SSEControl.parse([]) }
        #expect(throws: DurableStreamError.self) { try SSEControl.parse(Array(#"{"streamNextOffset":""}"#.utf8)) }
    }
}

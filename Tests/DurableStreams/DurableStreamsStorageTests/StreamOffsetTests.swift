import DurableStreamsStorage
import Testing

@Suite("Offsets")
struct StreamOffsetTests {
    @Test("Tokens are 16 lower-case hex digits that sort like their positions", arguments: [0, 1, 255, 4096, 1 << 40])
    @available(OS2023, *)
    func tokensSort(position: UInt64) {
        let offset = StreamOffset(position: position)
        let next = StreamOffset(position: position + 1)
        #expect(offset.token.count == 16)
        #expect(offset.token < next.token)
        #expect(StreamOffset(token: offset.token) == offset)
    }

    @Test(
        "16 lower-case hex digits, 0 or the reference servers' zero parse; nothing else does",
        arguments: [
            ("0", UInt64?.some(0)), ("ff", nil), ("abc", nil), ("00000000000000ff", 255),
            ("ffffffffffffffff", UInt64.max), ("", nil), ("-1", nil), ("now", nil),
            ("FF", nil), ("0,1", nil), ("0 1", nil), ("../x", nil), ("10000000000000000", nil),
            ("0000000000000000_0000000000000000", 0), ("0000000000000000_0000000000000001", nil),
            ("0000000000000001_0000000000000000", nil), ("0000000000000000_00000000000000000", nil),
            ("0000000000000000-0000000000000000", nil),
        ])
    @available(OS2023, *)
    func parsing(token: String, position: UInt64?) {
        #expect(StreamOffset(token: token)?.position == position)
    }
}

import DurableStreamsServer
import NIOCore
import Testing

@Suite("A request body between the connection and its handler")
struct RequestBodyBufferTests {
    typealias Buffer = RequestBodyBuffer<Int>

    private static func part(_ bytes: Int, _ fill: UInt8 = 0x61) -> ByteBuffer {
        ByteBuffer(repeating: fill, count: bytes)
    }

    @Test("parts reach a waiting handler directly, and buffered ones in order")
    func order() {
        var buffer = Buffer()
        guard case .wait = buffer.next(waiter: 7) else {
            Issue.record("an empty body has nothing yet")
            return
        }
        guard case .part(let waiter, let first) = buffer.receive(Self.part(3, 0x31)).resume else {
            Issue.record("the waiting handler gets the part")
            return
        }
        #expect(waiter == 7)
        #expect(first.readableBytes == 3)
        _ = buffer.receive(Self.part(1, 0x32))
        _ = buffer.receive(Self.part(1, 0x33))
        for expected: UInt8 in [0x32, 0x33] {
            guard case .part(let part, _) = buffer.next(waiter: nil) else {
                Issue.record("buffered parts come back")
                return
            }
            #expect(part.readableBytesView.first == expected)
        }
        guard case .none = buffer.finish(nil), case .end = buffer.next(waiter: nil) else {
            Issue.record("the finished body ends")
            return
        }
    }

    @Test("the connection stops reading at the high-water mark and reads again once everything was taken")
    func backpressure() {
        var buffer = Buffer()
        let half = Buffer.highWatermark / 2
        let firstKeepsReading = buffer.receive(Self.part(half)).keepReading
        let secondKeepsReading = buffer.receive(Self.part(half)).keepReading
        #expect(firstKeepsReading)
        #expect(!secondKeepsReading)
        #expect(buffer.isReadingPaused)
        guard case .part(_, let resumeFirst) = buffer.next(waiter: nil),
            case .part(_, let resumeSecond) = buffer.next(waiter: nil)
        else {
            Issue.record("both parts come back")
            return
        }
        #expect(!resumeFirst)
        #expect(resumeSecond)
        #expect(!buffer.isReadingPaused)
    }

    @Test("a waiting handler hears the end, or the failure, once")
    func endings() {
        var ended = Buffer()
        _ = ended.next(waiter: 1)
        guard case .end(let waiter) = ended.finish(nil) else {
            Issue.record("the end resumes the waiter")
            return
        }
        #expect(waiter == 1)
        guard case .none = ended.finish(ChannelError.eof) else {
            Issue.record("a body ends once")
            return
        }

        var failed = Buffer()
        _ = failed.receive(Self.part(2))
        _ = failed.finish(ChannelError.eof)
        guard case .part = failed.next(waiter: nil), case .failed = failed.next(waiter: nil) else {
            Issue.record("what arrived before the failure is read first")
            return
        }
    }

    @Test("an abandoned body drops what waits and later parts, and reading goes on")
    func abandon() {
        var buffer = Buffer()
        _ = buffer.receive(Self.part(Buffer.highWatermark))
        #expect(buffer.isReadingPaused)
        let resumes = buffer.abandon()
        #expect(resumes)
        #expect(buffer.bufferedBytes == 0)
        let (resume, keepReading) = buffer.receive(Self.part(10))
        guard case .none = resume else {
            Issue.record("nothing is delivered after the handler is done")
            return
        }
        #expect(keepReading)
        #expect(buffer.bufferedBytes == 0)
        let resumesAgain = buffer.abandon()
        #expect(!resumesAgain)
    }
}

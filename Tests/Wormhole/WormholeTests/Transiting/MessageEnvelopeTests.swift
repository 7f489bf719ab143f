import Foundation
import Testing
import Wormhole

@Suite("MessageEnvelope")
struct MessageEnvelopeTests {
    @available(OS2022, *)
    var identifier: MessageIdentifier { "envelope" }

    @Test("round trip keeps every field, and the header is the documented 80 ASCII bytes")
    @available(OS2022, *)
    func roundTrip() throws {
        let message = StoredMessage(
            sequence: 42, messageID: 0xdead_beef, sentAtMicroseconds: 1_700_000_000_123_456,
            payload: Data("{\"count\":1}".utf8))
        let encoded = MessageEnvelope.encode(message)
        let header = String(decoding: encoded.prefix(80), as: UTF8.self)
        #expect(header == "wormhole1 00000000000000000042 00000000deadbeef 00001700000000123456 0000000011\n")
        #expect(encoded.count == 80 + 11)
        #expect(try MessageEnvelope.decode(encoded, for: identifier) == message)
    }

    @Test("an empty payload is a valid message")
    @available(OS2022, *)
    func emptyPayload() throws {
        let message = StoredMessage(sequence: 1, payload: Data())
        #expect(try MessageEnvelope.decode(MessageEnvelope.encode(message), for: identifier).payload.isEmpty)
    }

    @Test(
        "truncated, corrupt and foreign bytes are typed errors, never a crash",
        arguments: [
            ("empty", Data()),
            ("short header", Data("wormhole1 0000".utf8)),
            ("foreign JSON", Data("{\"count\": 3}".utf8)),
            ("binary junk", Data((0..<200).map { UInt8(truncatingIfNeeded: $0 &* 37) })),
            (
                "bad digits",
                Data("wormhole1 0000000000000000004x 00000000deadbeef 00001700000000123456 0000000000\n".utf8)
            ),
            (
                "overflowing sequence",
                Data("wormhole1 99999999999999999999 00000000deadbeef 00001700000000123456 0000000000\n".utf8)
            ),
            (
                "length says more",
                Data("wormhole1 00000000000000000001 00000000deadbeef 00001700000000123456 0000000010\nabc".utf8)
            ),
            (
                "length says less",
                Data("wormhole1 00000000000000000001 00000000deadbeef 00001700000000123456 0000000001\nabc".utf8)
            ),
        ]
    )
    @available(OS2022, *)
    func corrupt(label: String, bytes: Data) {
        #expect(throws: WormholeError.self, "\(label)") { try MessageEnvelope.decode(bytes, for: identifier) }
        do {
            _ = try MessageEnvelope.decode(bytes, for: identifier)
        } catch let error where error.code == .corruptMessage {
            #expect(error.context.identifier == identifier)
            #expect(!error.reason.isEmpty)
        } catch {
            Issue.record("expected corruptMessage, got \(error)")
        }
    }

    @Test("a truncated payload reports the sequence number from the intact header")
    @available(OS2022, *)
    func truncatedPayloadKeepsSequence() {
        let encoded = MessageEnvelope.encode(StoredMessage(sequence: 7, payload: Data(repeating: 1, count: 100)))
        #expect(
            throws: WormholeError.corruptMessage(
                identifier, sequence: 7, reason: "the header announces 100 payload bytes but the file holds 50")
        ) {
            try MessageEnvelope.decode(encoded.prefix(130), for: identifier)
        }
    }
}

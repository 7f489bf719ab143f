import CourierPrimitives
import Foundation
import SundialKitConnectivity
import Testing

/// A reply wired to record what it sends.
@available(OS2022, *)
private func recordingReply(expectsData: Bool) -> (ConnectivityReply, Locked<[String]>) {
    let sent = Locked([String]())
    let reply =
        expectsData
        ? ConnectivityReply(dataReply: { data in sent.withLock { $0.append("data \(data.count)") } })
        : ConnectivityReply(dictionaryReply: { message in sent.withLock { $0.append("dictionary \(message.count)") } })
    return (reply, sent)
}

@Suite("ConnectivityReply")
struct ReplyTests {
    @Test("A dictionary message takes a dictionary or a typed reply, never bytes")
    @available(OS2022, *)
    func dictionaryMessage() throws {
        let (reply, sent) = recordingReply(expectsData: false)
        #expect(!reply.expectsData)
        #expect(throws: ConnectivityError.invalidParameter("this message expects a dictionary reply")) {
            try reply.send(data: Data([1]))
        }
        #expect(!reply.isSent)
        try reply.send(ColorMessage(red: 1, green: 0, blue: 0))
        #expect(reply.isSent)
        #expect(sent.value == ["dictionary 2"])
        #expect(throws: ConnectivityError.replyAlreadySent) { try reply.send(["again": true]) }
    }

    @Test("A data message takes bytes, a typed reply as bytes, or a dictionary as a binary property list")
    @available(OS2022, *)
    func dataMessage() throws {
        let (typed, typedSent) = recordingReply(expectsData: true)
        try typed.send(Reading(value: 9))
        #expect(typedSent.value == ["data \(4 + "reading".utf8.count + 4)"])

        let (dictionary, dictionarySent) = recordingReply(expectsData: true)
        try dictionary.send(["ok": true])
        let sentText = try #require(dictionarySent.value.first)
        #expect(sentText.hasPrefix("data "))

        let (raw, rawSent) = recordingReply(expectsData: true)
        #expect(throws: ConnectivityError.payloadTooLarge(size: 70_000, limit: 65_536)) {
            try raw.send(data: Data(count: 70_000))
        }
        #expect(!raw.isSent)
        try raw.send(data: Data([1, 2]))
        #expect(rawSent.value == ["data 2"])
    }

    @Test("Replies that cannot be encoded are typed errors, and leave the reply unsent")
    @available(OS2022, *)
    func unencodable() throws {
        struct Broken: BinaryMessagable {
            init() {}
            init(from data: Data) throws { throw SerializationError.invalidDataSize(expected: 1, actual: 0) }
            func encode() throws -> Data { throw SerializationError.encodingFailed("broken") }
        }
        let (data, _) = recordingReply(expectsData: true)
        #expect(throws: ConnectivityError.serialization(.encodingFailed("broken"))) { try data.send(Broken()) }
        #expect(throws: ConnectivityError.self) { try data.send(["url": URL(fileURLWithPath: "/tmp")]) }
        #expect(!data.isSent)
        let (dictionary, _) = recordingReply(expectsData: false)
        #expect(throws: ConnectivityError.serialization(.encodingFailed("broken"))) { try dictionary.send(Broken()) }
        #expect(!dictionary.isSent)
    }

    @Test("A reply nobody sends is acknowledged once, when the last holder lets go")
    @available(OS2022, *)
    func acknowledgement() {
        let sent = Locked([String]())
        do {
            let reply = ConnectivityReply(dataReply: { data in sent.withLock { $0.append("data \(data.count)") } })
            #expect(!reply.isSent)
        }
        #expect(sent.value == ["data 0"])
    }

    @Test("A reply that was sent is not acknowledged again when its last holder lets go")
    @available(OS2022, *)
    func noAcknowledgementAfterReply() throws {
        let sent = Locked([String]())
        do {
            let reply = ConnectivityReply(dictionaryReply: { message in
                sent.withLock { $0.append("dictionary \(message.count)") }
            })
            try reply.send(["done": true])
        }
        #expect(sent.value == ["dictionary 1"])
    }

    @Test("A send context's error is typed, whatever the failure carried")
    @available(OS2022, *)
    func sendContextError() {
        struct Other: Error {}
        #expect(ConnectivitySendContext.failure(ConnectivityError.notReachable).error == .notReachable)
        #expect(ConnectivitySendContext.failure(Other()).error == .deliveryFailed)
        #expect(ConnectivitySendContext.reply([:]).error == nil)
        #expect(ConnectivitySendContext.applicationContext.reply == nil)
    }
}

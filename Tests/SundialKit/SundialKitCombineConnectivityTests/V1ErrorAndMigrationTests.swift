import CourierTestSupport
import Foundation
import SundialKit
import SundialKitCombine
import SundialKitTesting
import Testing

@Suite("SundialKit 1.0 errors")
struct V1ErrorTests {
    @Test("1.0 code that catches SundialError.sessionNotSupported still catches the activation failure")
    @available(OS2022, *)
    func sessionNotSupported() {
        let observer = ConnectivityObserver(session: NeverConnectivitySession())
        var caught = false
        do {
            try observer.activate()
        } catch SundialError.sessionNotSupported {
            caught = true
        } catch {
            Issue.record("unexpected \(error)")
        }
        #expect(caught)
    }

    @Test("1.0's missingCompanion is the failure of a send whose counterpart app is not installed")
    @available(OS2022, *)
    func missingCompanion() async throws {
        let pair = PairedSessions(configuration: .init(isWatchAppInstalled: false))
        let phone = ConnectivityObserver(session: pair.phone)
        let (replies, cancellable) = collect(phone.replyMessagePublisher)
        defer { cancellable.cancel() }
        try await phone.activate(timeout: .seconds(60))
        phone.sendingMessageSubject.send(["message": "hello"])
        let result = try #require(try await replies.first(1).first)
        guard case .failure(let error) = result.context else {
            Issue.record("expected a failure, got \(result.context)")
            return
        }
        #expect(error as? SundialError == .missingCompanion)
    }
}

@Suite("MIGRATION.md's example")
struct MigrationExampleTests {
    @Test("The 1.x send and its 2.x replacement, with the reply decoded")
    @available(OS2022, *)
    func migrationExample() async throws {
        let pair = PairedSessions()
        let observer = ConnectivityObserver(session: pair.phone)
        let watch = ConnectivityObserver(session: pair.watch, publishingQueue: nil)
        let decoder = MessageDecoder(messagableTypes: [Message.self])
        let answering = watch.messageReceivedPublisher.sink { received in
            guard let message = decoder.decode(received.message) as? Message else { return }
            try? received.reply?.send(Message(text: message.text.uppercased()))
        }
        defer { answering.cancel() }
        try await observer.activate(timeout: .seconds(60))
        try await watch.activate(timeout: .seconds(60))
        let (replies, repliesCancellable) = collect(observer.replyMessagePublisher)
        defer { repliesCancellable.cancel() }

        // 1.x
        observer.sendingMessageSubject.send(Message(text: "hi").message())

        // 2.x: typed, awaited, with the reply decoded
        let reply = try await observer.send(Message(text: "hi"), expecting: Message.self)

        #expect(reply.text == "HI")
        let sent = try await replies.first(2)
        #expect(sent.allSatisfy { ($0.context.reply?["__type"] as? String) == "_message" })
    }
}

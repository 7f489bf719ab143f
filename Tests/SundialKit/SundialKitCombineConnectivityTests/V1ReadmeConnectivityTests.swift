// The connectivity code of SundialKit 1.0's README, compiled against 2.0 with `import SundialKit` and
// `import SundialKitCombine`. The 1.0 README imported SwiftUI for `ObservableObject` and `@Published`; here
// Combine (OpenCombine on Linux) stands in for it. The only other change: the objects that the tests drive
// take their observer as a parameter, so a simulated watch can stand behind it.
import CourierTestSupport
import Foundation
import SundialKit
import SundialKitCombine
import SundialKitTesting
import Testing

#if canImport(Combine)
import Combine
#else
import OpenCombine
import OpenCombineDispatch
#endif

// MARK: - Connection Status (1.0 README, verbatim)

@available(OS2022, *)
class WatchConnectivityObject: ObservableObject {
    // our ConnectivityObserver
    let connectivityObserver = ConnectivityObserver()
    // our published property for isReachable initially set to false
    @Published var isReachable: Bool = false
    init() {
        // set the isReachable changes to our published property
        connectivityObserver
            .isReachablePublisher
            .receive(on: DispatchQueue.main)
            .assign(to: &self.$isReachable)
    }

    func activate() {
        // activate the WatchConnectivity session
        do {
            try connectivityObserver.activate()
        } catch {
            // Handle activation errors (e.g., SundialError.sessionNotSupported)
            print("Failed to activate WatchConnectivity: \(error)")
        }
    }
}

// MARK: - Using Messagable to Communicate (1.0 README)

struct Message: Messagable {
    internal init(text: String) {
        self.text = text
    }

    static let key: String = "_message"

    enum Parameters: String {
        case text
    }

    init?(from parameters: [String: Any]?) {
        guard let text = parameters?[Parameters.text.rawValue] as? String else {
            return nil
        }

        self.text = text
    }

    func parameters() -> [String: Any] {
        return [
            Parameters.text.rawValue: self.text
        ]
    }

    let text: String
}

@available(OS2022, *)
class WatchMessageObject: ObservableObject {
    // our ConnectivityObserver
    let connectivityObserver: ConnectivityObserver

    // create a `MessageDecoder` which can decode our new `Message` type
    let messageDecoder = MessageDecoder(messagableTypes: [Message.self])

    // our published property for isReachable initially set to false
    @Published var isReachable: Bool = false

    // our published property for the last message received
    @Published var lastReceivedMessage: String = ""

    // our published property for the last raw message received (the README's "Sending and Receiving" step)
    @Published var lastRawMessage: String = ""

    init(connectivityObserver: ConnectivityObserver) {
        self.connectivityObserver = connectivityObserver
        // set the isReachable changes to our published property
        connectivityObserver
            .isReachablePublisher
            .receive(on: DispatchQueue.main)
            .assign(to: &self.$isReachable)

        // set the lastRawMessage based on the dictionary's _message_ key
        connectivityObserver
            .messageReceivedPublisher
            .compactMap({ received in
                received.message["message"] as? String
            })
            .receive(on: DispatchQueue.main)
            .assign(to: &self.$lastRawMessage)

        connectivityObserver
            .messageReceivedPublisher
            // get the ``ConnectivityReceiveResult/message`` part of the ``ConnectivityReceiveResult``
            .map(\.message)
            // use our `messageDecoder` to call ``MessageDecoder/decode(_:)``
            .compactMap(self.messageDecoder.decode)
            // check it's our `Message`
            .compactMap { $0 as? Message }
            // get the `text` property
            .map(\.text)
            .receive(on: DispatchQueue.main)
            // set it to our published property
            .assign(to: &self.$lastReceivedMessage)
    }

    func activate() {
        // activate the WatchConnectivity session
        do {
            try connectivityObserver.activate()
        } catch {
            // Handle activation errors (e.g., SundialError.sessionNotSupported)
            print("Failed to activate WatchConnectivity: \(error)")
        }
    }

    func sendMessage(_ message: String) {
        // create a dictionary with the message in the message key
        self.connectivityObserver.sendingMessageSubject.send(["message": message])
    }

    func sendTypedMessage(_ message: String) {
        // create a dictionary using ``Messagable/message()``
        self.connectivityObserver.sendingMessageSubject.send(Message(text: message).message())
    }
}

/// Collects a publisher's values into an `AsyncStream` the test can await.
@available(OS2022, *)
func collect<Output: Sendable>(_ publisher: some Publisher<Output, Never>) -> (AsyncStream<Output>, AnyCancellable) {
    let (stream, continuation) = AsyncStream.makeStream(of: Output.self)
    let cancellable = publisher.sink { continuation.yield($0) }
    return (stream, cancellable)
}

@Suite(
    "SundialKit 1.0 README connectivity code",
    .enabled(if: TestPass.isHeavy, "verbatim 1.0 README code on the library's default reply timeout: the second pass")
)
struct V1ReadmeConnectivityTests {
    @Test("The 1.0 object compiles; on a device without WatchConnectivity activation fails cleanly")
    @available(OS2022, *)
    func connectionStatusObject() {
        let object = WatchConnectivityObject()
        object.activate()
        #expect(object.isReachable == false)
        #expect(throws: ConnectivityError.sessionNotSupported) { try object.connectivityObserver.activate() }
    }

    @Test("Reachability reaches @Published through the main queue; raw and typed messages arrive")
    @available(OS2022, *)
    func messagesBetweenDevices() async throws {
        let pair = PairedSessions()
        let phone = WatchMessageObject(connectivityObserver: ConnectivityObserver(session: pair.phone))
        let watch = WatchMessageObject(connectivityObserver: ConnectivityObserver(session: pair.watch))
        let (reachable, reachableCancellable) = collect(phone.$isReachable)
        let (raw, rawCancellable) = collect(watch.$lastRawMessage)
        let (typed, typedCancellable) = collect(watch.$lastReceivedMessage)
        let (replies, repliesCancellable) = collect(phone.connectivityObserver.replyMessagePublisher)
        defer {
            for cancellable in [reachableCancellable, rawCancellable, typedCancellable, repliesCancellable] {
                cancellable.cancel()
            }
        }
        phone.activate()
        watch.activate()
        _ = try await reachable.firstValue(within: .seconds(60)) { $0 }
        phone.sendMessage("hello")
        #expect(try await raw.firstValue(within: .seconds(60)) { $0 == "hello" } == "hello")
        phone.sendTypedMessage("typed hello")
        #expect(try await typed.firstValue(within: .seconds(60)) { $0 == "typed hello" } == "typed hello")
        let sent = try await replies.first(2)
        #expect(sent.allSatisfy { $0.context.reply != nil })
    }

    @Test("A reply from the receiving sink reaches the sender's replyMessagePublisher")
    @available(OS2022, *)
    func replyThroughPublishers() async throws {
        let pair = PairedSessions()
        let phone = ConnectivityObserver(session: pair.phone)
        let watch = ConnectivityObserver(session: pair.watch)
        let answering = watch.messageReceivedPublisher.sink { received in
            received.context.replyHandler?(["echo": received.message["message"] ?? ""])
        }
        let (replies, repliesCancellable) = collect(phone.replyMessagePublisher)
        defer {
            answering.cancel()
            repliesCancellable.cancel()
        }
        try await phone.activate(timeout: .seconds(60))
        try await watch.activate(timeout: .seconds(60))
        let (states, statesCancellable) = collect(phone.statePublisher)
        _ = try await states.firstValue(within: .seconds(60)) { $0.isReachable }
        statesCancellable.cancel()
        phone.sendingMessageSubject.send(["message": "ping"])
        let result = try #require(try await replies.first(1).first)
        guard case .reply(let reply) = result.context else {
            Issue.record("expected a reply, got \(result.context)")
            return
        }
        #expect(reply["echo"] as? String == "ping")
    }

    @Test("Unreachable sends from the subject fall back to application context, in order")
    @available(OS2022, *)
    func subjectFallsBack() async throws {
        let pair = PairedSessions(configuration: .init(isLinkUp: false))
        let phone = ConnectivityObserver(session: pair.phone)
        let watch = ConnectivityObserver(session: pair.watch)
        let (replies, repliesCancellable) = collect(phone.replyMessagePublisher)
        let (received, receivedCancellable) = collect(watch.messageReceivedPublisher)
        defer {
            repliesCancellable.cancel()
            receivedCancellable.cancel()
        }
        try await phone.activate(timeout: .seconds(60))
        try await watch.activate(timeout: .seconds(60))
        for index in 0..<3 {
            phone.sendingMessageSubject.send(["index": index])
        }
        let results = try await replies.first(3)
        #expect(results.map { $0.message["index"] as? Int } == [0, 1, 2])
        #expect(results.allSatisfy { $0.transport == .applicationContext })
        pair.setLinkUp(true)
        let context = try #require(try await received.first(1).first)
        #expect(context.context.isApplicationContext)
        #expect(context.message["index"] as? Int == 2)
    }

    @Test("1.0 Messagable shape: message() is the 1.0 wire format and decodes through both APIs")
    @available(OS2022, *)
    func messagableShape() throws {
        let message = Message(text: "hi").message()
        #expect(message["__type"] as? String == "_message")
        #expect((message["__parameters"] as? [String: any Sendable])?["text"] as? String == "hi")
        let decoder = MessageDecoder(messagableTypes: [Message.self])
        #expect((decoder.decode(message) as? Message)?.text == "hi")
        #expect((try decoder.decodeMessage(message) as? Message)?.text == "hi")
        #expect(decoder.decode(["__type": "_message"]) == nil)
        #expect(throws: SerializationError.self) { try decoder.decodeMessage(["__type": "_message"]) }
    }
}

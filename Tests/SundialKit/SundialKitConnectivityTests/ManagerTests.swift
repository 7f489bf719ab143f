import CourierPrimitives
import CourierTestSupport
import Foundation
import SundialKitConnectivity
import SundialKitTesting
import Testing

/// Records what a ``ConnectivityStateObserver`` is told.
@available(OS2022, *)
private final class StateRecorder: ConnectivityStateObserver {
    let changes = Broadcast<ConnectivityState>()

    func connectivityStateDidChange(to state: ConnectivityState, from previous: ConnectivityState) {
        #expect(state != previous)
        changes.send(state)
    }
}

@Suite("ConnectivityManager")
struct ManagerTests {
    @Test("State observers are told of each change until removed, and are held weakly")
    @available(OS2022, *)
    func stateObservers() async throws {
        let setup = try await ActivatedPair(activate: false)
        let recorder = StateRecorder()
        let changes = recorder.changes.subscribe()
        setup.phone.addObserver(recorder)
        var transient: StateRecorder? = StateRecorder()
        weak let weakTransient = transient
        if let transient { setup.phone.addObserver(transient) }
        transient = nil
        #expect(weakTransient == nil)
        try await setup.phone.activate(timeout: .seconds(60))
        try await setup.watch.activate(timeout: .seconds(60))
        _ = try await changes.firstValue(within: .seconds(60)) { $0.isReachable }
        // The log also holds the unreachable states reported while activating: consume them, so that the
        // next unreachable state awaited below is the link going down.
        _ = try await setup.phoneEvents.next { $0.reachable == true }
        setup.phone.removeObserver(recorder)
        setup.pair.setLinkUp(false)
        _ = try await setup.phoneEvents.next { $0.reachable == false }
        // The removed observer heard nothing more: its next change would be this one.
        setup.phone.addObserver(recorder)
        setup.pair.setLinkUp(true)
        #expect(try await changes.first(1).first?.isReachable == true)
    }

    @Test("A typed send with a completion handler reports its outcome there and as an event")
    @available(OS2022, *)
    func typedCompletion() async throws {
        let setup = try await ActivatedPair(watchKeepsMessages: false)
        let outcomes = Broadcast<MessageTransport?>()
        let reported = outcomes.subscribe()
        setup.phone.send(ColorMessage(red: 1, green: 0, blue: 0)) { result in
            outcomes.send(try? result.get().transport)
        }
        #expect(try await reported.first(1) == [.message])
    }

    @Test("send(expecting:) fails with typed errors when no reply can come or the reply does not decode")
    @available(OS2022, *)
    func expectingFailures() async throws {
        let setup = try await ActivatedPair()
        let watchEvents = setup.watchEvents
        let replier = Task {
            let received = try await watchEvents.nextMessage()
            try received.reply?.send(["__type": "something else"])
        }
        await #expect(throws: ConnectivityError.serialization(.unknownMessageType("something else"))) {
            try await setup.phone.send(ColorMessage(red: 1, green: 0, blue: 0), expecting: Reading.self)
        }
        try await replier.value
        setup.pair.setLinkUp(false)
        _ = try await setup.phoneEvents.next { $0.reachable == false }
        await #expect(
            throws: ConnectivityError.serialization(
                .missingField("reply (the message was queued, not delivered live)"))
        ) {
            try await setup.phone.send(ColorMessage(red: 1, green: 0, blue: 0), expecting: Reading.self)
        }
    }

    @Test("Binary sends: oversized bytes, a reply timeout and a link error are typed errors")
    @available(OS2022, *)
    func binaryFailures() async throws {
        struct Blob: BinaryMessagable {
            static let key = "blob"
            let size: Int
            init(size: Int) { self.size = size }
            init(from data: Data) throws { size = data.count }
            func encode() throws -> Data { Data(count: size) }
        }
        let setup = try await ActivatedPair()
        await #expect(throws: ConnectivityError.payloadTooLarge(size: 70_000 + 4 + 4, limit: 65_536)) {
            try await setup.phone.send(Blob(size: 70_000))
        }
        let watchEvents = setup.watchEvents
        // The task's result keeps the message, and so its reply, alive until the sender has timed out.
        let holder = Task { try await watchEvents.nextMessage() }
        await #expect(throws: ConnectivityError.messageReplyTimedOut) {
            try await setup.phone.send(Blob(size: 8), options: SendOptions(replyTimeout: .milliseconds(300)))
        }
        #expect(try await holder.value.transport == .data)
        setup.pair.inject(.init(.deliveryFailed), into: .data, from: .phone)
        await #expect(throws: ConnectivityError.deliveryFailed) { try await setup.phone.send(Blob(size: 8)) }
    }

    @Test("Explicit transports are checked: bytes need a binary message and reachability; files have their own call")
    @available(OS2022, *)
    func explicitTransports() async throws {
        let setup = try await ActivatedPair(watchKeepsMessages: false)
        await #expect(throws: ConnectivityError.invalidParameter("only a BinaryMessagable can be sent over .data")) {
            try await setup.phone.send(["x": 1], options: .via(.data))
        }
        await #expect(throws: ConnectivityError.invalidParameter("files are sent with transferFile(_:metadata:)")) {
            try await setup.phone.send(["x": 1], options: .via(.file))
        }
        let forced = try await setup.phone.send(Reading(value: 1), options: .dictionary)
        #expect(forced.transport == .message)
        setup.pair.setLinkUp(false)
        _ = try await setup.phoneEvents.next { $0.reachable == false }
        await #expect(throws: ConnectivityError.notReachable) {
            try await setup.phone.send(Reading(value: 1), options: .via(.data))
        }
    }

    @Test("Transport policy: an inactive session sends nothing")
    @available(OS2022, *)
    func inactive() throws {
        let state = ConnectivityState(activationState: .inactive, isReachable: true, isPaired: true)
        #expect(throws: ConnectivityError.sessionInactive) {
            try TransportPolicy.transport(for: .dictionary, options: .automatic, state: state)
        }
    }

    @Test("Files: unreadable files and invalid metadata are typed errors, reported as failed sends")
    @available(OS2022, *)
    func fileFailures() async throws {
        try await withTemporaryDirectory { directory in
            let setup = try await ActivatedPair()
            let results = Broadcast<ConnectivityError?>()
            let reported = results.subscribe()
            let subscription = setup.phone.addEventHandler { event in
                if case .sendCompleted(let result) = event { results.send(result.context.error) }
            }
            defer { subscription.cancel() }
            let missing = directory.url.appendingPathComponent("missing.txt")
            #expect(throws: ConnectivityError.fileNotAccessible) { try setup.phone.transferFile(missing) }
            let present = directory.url.appendingPathComponent("present.txt")
            try Data("x".utf8).write(to: present)
            #expect(throws: ConnectivityError.payloadUnsupportedTypes("url: URL")) {
                try setup.phone.transferFile(present, metadata: ["url": URL(fileURLWithPath: "/tmp")])
            }
            #expect(try await reported.first(2) == [.fileNotAccessible, .payloadUnsupportedTypes("url: URL")])
        }
    }

    @Test("A received file that cannot be moved into the inbox is reported as a receive failure")
    @available(OS2022, *)
    func unmovableFile() async throws {
        try await withTemporaryDirectory { directory in
            // The inbox path is a file, so no directory can be created there.
            let blocked = directory.url.appendingPathComponent("inbox")
            try Data().write(to: blocked)
            let pair = PairedSessions()
            let phone = ConnectivityManager(session: pair.phone)
            let watch = ConnectivityManager(session: pair.watch, fileInbox: blocked)
            let watchEvents = EventLog(watch)
            try await phone.activate(timeout: .seconds(60))
            try await watch.activate(timeout: .seconds(60))
            let source = directory.url.appendingPathComponent("log.txt")
            try Data("log".utf8).write(to: source)
            try phone.transferFile(source)
            let event = try await watchEvents.next {
                if case .receiveFailed = $0 { return true }
                return false
            }
            guard case .receiveFailed(let error) = event else { return }
            #expect(error == .fileNotAccessible)
        }
    }

    @Test("Every transport says whether it queues and whether the payload limit applies")
    @available(OS2022, *)
    func transports() {
        #expect(
            MessageTransport.allCases.filter(\.isQueued) == [.userInfo, .currentUserInfo, .applicationContext, .file])
        #expect(MessageTransport.allCases.filter(\.hasPayloadLimit) == [.message, .data, .applicationContext])
    }
}

import CourierTestSupport
import Foundation
import SundialKitConnectivity
import SundialKitTesting
import Testing

@Suite("Phone ↔ watch through PairedSessions")
struct EndToEndTests {
    @Test("A live message reaches the watch and the watch's reply reaches the phone")
    @available(OS2022, *)
    func messageWithReply() async throws {
        let setup = try await ActivatedPair()
        let watchEvents = setup.watchEvents
        let replier = Task {
            let received = try await watchEvents.nextMessage()
            #expect(received.transport == .message)
            #expect(received.message["ping"] as? Int == 1)
            try received.reply?.send(["pong": 2])
        }
        let result = try await setup.phone.send(["ping": 1], options: SendOptions(replyTimeout: .seconds(60)))
        try await replier.value
        #expect(result.transport == .message)
        #expect(result.context.reply?["pong"] as? Int == 2)
    }

    @Test("A reply sent after awaiting still reaches the sender (the acknowledgement cannot win)")
    @available(OS2022, *)
    func lateReplyWins() async throws {
        let setup = try await ActivatedPair()
        let watchEvents = setup.watchEvents
        let replier = Task {
            let received = try await watchEvents.nextMessage()
            // Simulates slow work before replying.
            try await Task.sleep(for: .milliseconds(200))
            try received.reply?.send(["late": true])
        }
        let result = try await setup.phone.send(["ask": "slowly"])
        try await replier.value
        #expect(result.context.reply?["late"] as? Bool == true)
    }

    @Test("A message nobody answers is acknowledged with an empty reply")
    @available(OS2022, *)
    func unansweredIsAcknowledged() async throws {
        let setup = try await ActivatedPair(watchKeepsMessages: false)
        let result = try await setup.phone.send(["fire": "and forget"])
        #expect(result.context.reply?.isEmpty == true)
    }

    @Test("A reply can be sent only once")
    @available(OS2022, *)
    func replyOnce() async throws {
        let setup = try await ActivatedPair()
        let watchEvents = setup.watchEvents
        let replier = Task {
            let received = try await watchEvents.nextMessage()
            let reply = try #require(received.reply)
            try reply.send(["first": 1])
            #expect(throws: ConnectivityError.replyAlreadySent) { try reply.send(["second": 2]) }
        }
        let result = try await setup.phone.send(["q": 1])
        try await replier.value
        #expect(result.context.reply?["first"] as? Int == 1)
    }

    @Test("A typed message and a typed reply")
    @available(OS2022, *)
    func typedReply() async throws {
        let setup = try await ActivatedPair()
        let watchEvents = setup.watchEvents
        let decoder = try MessageDecoder(validating: [ColorMessage.self, Reading.self])
        let replier = Task {
            let received = try await watchEvents.nextMessage()
            let message = try decoder.decode(received)
            #expect(message as? ColorMessage == ColorMessage(red: 1, green: 0.5, blue: 0))
            try received.reply?.send(Reading(value: 42))
        }
        let reply = try await setup.phone.send(
            ColorMessage(red: 1, green: 0.5, blue: 0),
            expecting: Reading.self
        )
        try await replier.value
        #expect(reply == Reading(value: 42))
    }

    @Test("A BinaryMessagable goes over .data with the type footer, and its reply comes back as bytes")
    @available(OS2022, *)
    func binaryOverData() async throws {
        let setup = try await ActivatedPair()
        let watchEvents = setup.watchEvents
        let decoder = MessageDecoder(messagableTypes: [Reading.self])
        let replier = Task {
            let received = try await watchEvents.nextMessage()
            #expect(received.transport == .data)
            let data = try #require(received.data)
            #expect(data.count == 4 + "reading".utf8.count + 4)
            let message = try decoder.decode(received)
            #expect(message as? Reading == Reading(value: 7))
            try received.reply?.send(Reading(value: 8))
        }
        let reply = try await setup.phone.send(Reading(value: 7), expecting: Reading.self)
        try await replier.value
        #expect(reply == Reading(value: 8))
    }

    @Test("Codable messages travel over .data and inside dictionaries")
    @available(OS2022, *)
    func codableMessages() async throws {
        let setup = try await ActivatedPair()
        let decoder = MessageDecoder(messagableTypes: [Workout.self])
        let workout = Workout(
            name: "Run",
            heartRates: [90, 120, 150],
            started: Date(timeIntervalSince1970: 1_700_000_000),
            samples: Data(repeating: 7, count: 1000)
        )
        let watchEvents = setup.watchEvents
        let replier = Task {
            let received = try await watchEvents.nextMessage()
            #expect(received.transport == .data)
            #expect(try decoder.decode(received) as? Workout == workout)
            try received.reply?.send(data: Data())
        }
        try await setup.phone.send(workout)
        try await replier.value

        async let queued = setup.watchEvents.nextMessage()
        try await setup.phone.send(workout, options: .via(.userInfo))
        let viaUserInfo = try await queued
        #expect(viaUserInfo.transport == .userInfo)
        #expect(try decoder.decode(viaUserInfo) as? Workout == workout)
    }

    @Test("Unreachable: application context, latest wins, delivered on reconnect")
    @available(OS2022, *)
    func applicationContextOnReconnect() async throws {
        let setup = try await ActivatedPair()
        setup.pair.setLinkUp(false)
        _ = try await setup.phoneEvents.next { $0.reachable == false }
        for step in 1...3 {
            let result = try await setup.phone.send(["step": step])
            #expect(result.transport == .applicationContext)
            #expect(result.context.isQueued)
        }
        // Bounds a negative check: nothing is delivered while the link is down.
        try await Task.sleep(for: .milliseconds(200))
        #expect(setup.watch.receivedApplicationContext.isEmpty)
        setup.pair.setLinkUp(true)
        let received = try await setup.watchEvents.nextMessage()
        #expect(received.transport == .applicationContext)
        #expect(received.context.isApplicationContext)
        #expect(received.message["step"] as? Int == 3)
        #expect(setup.watch.receivedApplicationContext["step"] as? Int == 3)
    }

    @Test("Guaranteed delivery: user info queued FIFO and delivered in order when reachable")
    @available(OS2022, *)
    func userInfoFIFO() async throws {
        let setup = try await ActivatedPair()
        setup.pair.setLinkUp(false)
        _ = try await setup.phoneEvents.next { $0.reachable == false }
        for index in 0..<5 {
            let result = try await setup.phone.send(["index": index], options: .guaranteed)
            #expect(result.transport == .userInfo)
        }
        #expect(setup.pair.outstandingTransfers(from: .phone) == 5)
        setup.pair.setLinkUp(true)
        var indices: [Int] = []
        for _ in 0..<5 {
            let received = try await setup.watchEvents.nextMessage()
            #expect(received.transport == .userInfo)
            indices.append(try #require(received.message["index"] as? Int))
        }
        #expect(indices == [0, 1, 2, 3, 4])
        #expect(setup.pair.outstandingTransfers(from: .phone) == 0)
    }

    @Test("Complication user info goes ahead of queued user info while the budget lasts")
    @available(OS2022, *)
    func complicationUserInfo() async throws {
        let setup = try await ActivatedPair(configuration: .init(complicationTransferBudget: 1))
        setup.pair.setLinkUp(false)
        _ = try await setup.phoneEvents.next { $0.reachable == false }
        try await setup.phone.send(["n": "a"], options: .via(.userInfo))
        try await setup.phone.send(["n": "complication"], options: .via(.currentUserInfo))
        try await setup.phone.send(["n": "over budget"], options: .via(.currentUserInfo))
        #expect(setup.pair.remainingComplicationUserInfoTransfers == 0)
        setup.pair.setLinkUp(true)
        var order: [String] = []
        for _ in 0..<3 {
            order.append(try #require(try await setup.watchEvents.nextMessage().message["n"] as? String))
        }
        #expect(order == ["complication", "a", "over budget"])
        await #expect(throws: ConnectivityError.self) {
            try await setup.watch.send(["n": "from watch"], options: .via(.currentUserInfo))
        }
    }

    @Test("A file with metadata arrives, moved out of the session's reach")
    @available(OS2022, *)
    func fileTransfer() async throws {
        try await withTemporaryDirectory { directory in
            let setup = try await ActivatedPair()
            let source = directory.url.appendingPathComponent("log.txt")
            try Data("hello watch".utf8).write(to: source)
            let result = try setup.phone.transferFile(source, metadata: ["kind": "log"])
            #expect(result.transport == .file)
            let event = try await setup.watchEvents.next { $0.file != nil }
            let file = try #require(event.file)
            #expect(file.metadata?["kind"] as? String == "log")
            #expect(try Data(contentsOf: file.fileURL) == Data("hello watch".utf8))
            try? FileManager.default.removeItem(at: file.fileURL)
            _ = try await setup.phoneEvents.next {
                if case .transferFinished(.file, nil) = $0 { return true }
                return false
            }
        }
    }

    @Test("Messages over the 65,536-byte limit fail before sending, including ones holding Data and Date")
    @available(OS2022, *)
    func sizeLimit() async throws {
        let setup = try await ActivatedPair(watchKeepsMessages: false)
        let big: ConnectivityMessage = ["blob": Data(count: 70_000), "when": Date()]
        await #expect(throws: ConnectivityError.self) { try await setup.phone.send(big) }
        do {
            try await setup.phone.send(big)
        } catch {
            guard error.code == .payloadTooLarge, let size = error.context.size, let limit = error.context.limit else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(size > 70_000)
            #expect(limit == 65_536)
        }
        let fits: ConnectivityMessage = ["blob": Data(count: 60_000), "when": Date()]
        let result = try await setup.phone.send(fits)
        #expect(result.transport == .message)
    }

    @Test("Non-property-list values are typed errors")
    @available(OS2022, *)
    func unsupportedTypes() async throws {
        let setup = try await ActivatedPair()
        await #expect(throws: ConnectivityError.payloadUnsupportedTypes("url: URL")) {
            try await setup.phone.send(["url": URL(fileURLWithPath: "/tmp")])
        }
    }

    @Test("A receiver that never replies makes the send time out with a typed error")
    @available(OS2022, *)
    func replyTimeout() async throws {
        let setup = try await ActivatedPair()
        let watchEvents = setup.watchEvents
        // The task's result keeps the received message, and so its unanswered reply, alive until the sender
        // has timed out: no acknowledgement can be sent before.
        let holder = Task { try await watchEvents.nextMessage() }
        await #expect(throws: ConnectivityError.messageReplyTimedOut) {
            try await setup.phone.send(["q": 1], options: SendOptions(replyTimeout: .milliseconds(300)))
        }
        let received = try await holder.value
        #expect(received.reply?.isSent == false)
        // A reply after the timeout is accepted by the receiver but changes nothing for the sender.
        try received.reply?.send(["too": "late"])
    }

    @Test("A flapping link reporting two errors for one send resumes the caller once")
    @available(OS2022, *)
    func doubleErrorResumesOnce() async throws {
        let setup = try await ActivatedPair(watchKeepsMessages: false)
        setup.pair.inject(.init(.deliveryFailed, reportedTwice: true), into: .message, from: .phone)
        await #expect(throws: ConnectivityError.deliveryFailed) { try await setup.phone.send(["q": 1]) }
        // The next send works normally.
        let result = try await setup.phone.send(["q": 2])
        #expect(result.transport == .message)
    }

    @Test("Losing reachability while waiting for a reply fails the send")
    @available(OS2022, *)
    func reachabilityLostDuringReply() async throws {
        let setup = try await ActivatedPair()
        let watchEvents = setup.watchEvents
        let pair = setup.pair
        let holder = Task {
            let received = try await watchEvents.nextMessage()
            pair.setLinkUp(false)
            _ = received
        }
        await #expect(throws: ConnectivityError.notReachable) { try await setup.phone.send(["q": 1]) }
        try await holder.value
    }

    @Test("Reachability changes are observed on both sides, in order")
    @available(OS2022, *)
    func reachabilityChanges() async throws {
        let setup = try await ActivatedPair()
        setup.pair.setLinkUp(false)
        _ = try await setup.phoneEvents.next { $0.reachable == false }
        _ = try await setup.watchEvents.next { $0.reachable == false }
        #expect(setup.phone.isReachable == false)
        await #expect(throws: ConnectivityError.notReachable) {
            try await setup.phone.send(["q": 1], options: .via(.message))
        }
        setup.pair.setLinkUp(true)
        _ = try await setup.phoneEvents.next { $0.reachable == true }
        #expect(setup.phone.isReachable)
    }

    @Test("Without the counterpart app, queued sends fail with typed errors")
    @available(OS2022, *)
    func missingCounterpart() async throws {
        let setup = try await ActivatedPair()
        setup.pair.setWatchAppInstalled(false)
        _ = try await setup.phoneEvents.next { $0.reachable == false }
        await #expect(throws: ConnectivityError.companionAppNotInstalled) { try await setup.phone.send(["q": 1]) }
        setup.pair.setPaired(false)
        _ = try await setup.phoneEvents.next {
            if case .stateChanged(let state) = $0 { return !state.isPaired }
            return false
        }
        await #expect(throws: ConnectivityError.deviceNotPaired) { try await setup.phone.send(["q": 1]) }
    }

    @Test("Injected failures on queued transports are reported as finished transfers")
    @available(OS2022, *)
    func injectedUserInfoFailure() async throws {
        let setup = try await ActivatedPair()
        setup.pair.inject(.init(.insufficientSpace), into: .userInfo, from: .phone)
        try await setup.phone.send(["q": 1], options: .via(.userInfo))
        let event = try await setup.phoneEvents.next {
            if case .transferFinished(.userInfo, .some) = $0 { return true }
            return false
        }
        guard case .transferFinished(_, let error) = event else { return }
        #expect(error == .insufficientSpace)
        setup.pair.inject(.init(.deliveryFailed), into: .applicationContext, from: .phone)
        #expect(throws: ConnectivityError.deliveryFailed) { try setup.phone.updateApplicationContext(["x": 1]) }
    }
}

@available(OS2022, *)
extension ConnectivitySendContext {
    var isQueued: Bool {
        if case .applicationContext = self { return true }
        return false
    }
}

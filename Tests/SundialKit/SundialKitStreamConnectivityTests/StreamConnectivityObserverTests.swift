import CourierTestSupport
import Foundation
import SundialKitStream
import SundialKitTesting
import Testing

@available(OS2022, *)
private struct Ping: Messagable, Equatable {
    static let key = "ping"
    let count: Int

    init(count: Int) {
        self.count = count
    }

    init(from parameters: [String: any Sendable]) throws {
        guard let count = parameters["count"] as? Int else { throw SerializationError.missingField("count") }
        self.count = count
    }

    func parameters() -> [String: any Sendable] { ["count": count] }
}

@Suite("SundialKitStream.ConnectivityObserver")
struct StreamConnectivityObserverTests {
    @available(OS2022, *)
    private func activatedPair() async throws -> (PairedSessions, ConnectivityObserver, ConnectivityObserver) {
        let pair = PairedSessions()
        let decoder = try MessageDecoder(validating: [Ping.self])
        let phone = ConnectivityObserver(session: pair.phone, messageDecoder: decoder)
        let watch = ConnectivityObserver(session: pair.watch, messageDecoder: decoder)
        try await phone.activate(timeout: .seconds(60))
        try await watch.activate(timeout: .seconds(60))
        _ = try await phone.reachabilityStream().firstValue(within: .seconds(60)) { $0 }
        _ = try await watch.reachabilityStream().firstValue(within: .seconds(60)) { $0 }
        return (pair, phone, watch)
    }

    @Test("State streams start with the current value, then follow changes in order")
    @available(OS2022, *)
    func stateStreams() async throws {
        let pair = PairedSessions()
        let phone = ConnectivityObserver(session: pair.phone)
        let watch = ConnectivityObserver(session: pair.watch)
        let activation = await phone.activationStates()
        let reachability = await phone.reachabilityStream()
        try await phone.activate(timeout: .seconds(60))
        try await watch.activate(timeout: .seconds(60))
        #expect(try await activation.first(2) == [.notActivated, .activated])
        let toggles = Task {
            try await reachability.first(4)
        }
        _ = try await phone.reachabilityStream().firstValue(within: .seconds(60)) { $0 }
        pair.setLinkUp(false)
        _ = try await phone.reachabilityStream().firstValue(within: .seconds(60)) { !$0 }
        pair.setLinkUp(true)
        #expect(try await toggles.value == [false, true, false, true])
    }

    @Test("Round trip: typed message out, async reply back")
    @available(OS2022, *)
    func roundTrip() async throws {
        let (_, phone, watch) = try await activatedPair()
        let incoming = await watch.messageStream()
        let responder = Task {
            for await received in incoming {
                let ping = try #require(try watch.messageDecoder?.decode(received) as? Ping)
                // Simulates asynchronous work before replying.
                try await Task.sleep(for: .milliseconds(50))
                try received.reply?.send(Ping(count: ping.count + 1))
                if ping.count >= 3 { return }
            }
        }
        for count in [1, 3] {
            let reply = try await phone.send(Ping(count: count), expecting: Ping.self)
            #expect(reply == Ping(count: count + 1))
        }
        try await responder.value
    }

    @Test("Typed stream decodes; undecodable messages are reported, not dropped silently")
    @available(OS2022, *)
    func typedStream() async throws {
        let (_, phone, watch) = try await activatedPair()
        let typed = await watch.typedMessageStream()
        let failures = await watch.decodingFailures()
        let pings = await watch.messages(of: Ping.self)
        try await phone.send(["unknown": true], options: .via(.userInfo))
        try await phone.send(Ping(count: 9), options: .via(.userInfo))
        let first = try await typed.first(1)
        #expect(first.first as? Ping == Ping(count: 9))
        #expect(try await pings.first(1) == [Ping(count: 9)])
        #expect(try await failures.first(1) == [.missingTypeKey])
    }

    @Test("Send results are streamed, including failures")
    @available(OS2022, *)
    func sendResults() async throws {
        let (pair, phone, _) = try await activatedPair()
        let results = await phone.sendResultStream()
        try await phone.send(["a": 1], options: .via(.applicationContext))
        pair.setLinkUp(false)
        _ = try await phone.reachabilityStream().firstValue(within: .seconds(60)) { !$0 }
        await #expect(throws: ConnectivityError.notReachable) {
            try await phone.send(["b": 2], options: .via(.message))
        }
        let seen = try await results.first(2)
        #expect(seen[0].transport == .applicationContext)
        #expect(seen[1].context.error == .notReachable)
    }

    @Test("Application context sent while unreachable arrives on reconnect through the stream")
    @available(OS2022, *)
    func contextOnReconnect() async throws {
        let (pair, phone, watch) = try await activatedPair()
        let incoming = await watch.messageStream()
        pair.setLinkUp(false)
        _ = try await phone.reachabilityStream().firstValue(within: .seconds(60)) { !$0 }
        try await phone.send(["v": 1])
        try await phone.send(["v": 2])
        pair.setLinkUp(true)
        let received = try await incoming.first(1)
        #expect(received.first?.transport == .applicationContext)
        #expect(received.first?.message["v"] as? Int == 2)
    }

    @Test("Files arrive on the file stream")
    @available(OS2022, *)
    func files() async throws {
        try await withTemporaryDirectory { directory in
            let (_, phone, watch) = try await activatedPair()
            let stream = await watch.fileStream()
            let url = directory.url.appendingPathComponent("a.bin")
            try Data([1, 2, 3]).write(to: url)
            try phone.transferFile(url, metadata: ["n": 1])
            let file = try #require(try await stream.first(1).first)
            #expect(try Data(contentsOf: file.fileURL) == Data([1, 2, 3]))
            try? FileManager.default.removeItem(at: file.fileURL)
        }
    }

    @Test("Pairing, app installation and activation outcomes stream too, as do the design document's shortcuts")
    @available(OS2022, *)
    func moreStateStreams() async throws {
        let pair = PairedSessions(configuration: .init(phoneActivation: .fails(.deviceNotPaired)))
        let phone: ConnectivityStream = ConnectivityObserver(session: pair.phone)
        let watch = ConnectivityObserver(session: pair.watch)
        let results = await phone.activationResults()
        let states = await phone.stateStream()
        let shortcut = phone.activationStateStream
        let reachableShortcut = phone.isReachableStream
        await #expect(throws: ConnectivityError.deviceNotPaired) { try await phone.activate(timeout: .seconds(60)) }
        #expect(
            try await results.first(1).first.map { if case .failure(.deviceNotPaired) = $0 { true } else { false } }
                == true)
        pair.setActivationBehavior(.succeeds, for: .phone)
        try await phone.activate(timeout: .seconds(60))
        try await watch.activate(timeout: .seconds(60))
        #expect(
            try await results.first(1).first.map { if case .success(.activated) = $0 { true } else { false } } == true)
        #expect(try await shortcut.first(2) == [.notActivated, .activated])
        #expect(try await reachableShortcut.first(2) == [false, true])
        _ = try await states.firstValue(within: .seconds(60)) { $0.isReachable }

        let paired = await phone.pairedStream()
        let installed = await phone.pairedAppInstalledStream()
        #expect(try await paired.first(1) == [true])
        #expect(try await installed.first(1) == [true])
        pair.setWatchAppInstalled(false)
        #expect(try await installed.first(1) == [false])
        pair.setPaired(false)
        #expect(try await paired.first(1) == [false])
    }

    @Test("The application context is sent and received through the observer")
    @available(OS2022, *)
    func applicationContext() async throws {
        let (_, phone, watch) = try await activatedPair()
        let incoming = await watch.messageStream()
        try phone.updateApplicationContext(["mode": "run"])
        let received = try #require(try await incoming.first(1).first)
        #expect(received.transport == .applicationContext)
        #expect(watch.receivedApplicationContext["mode"] as? String == "run")
    }
}

import CourierTestSupport
// SundialKit 1.0 with the device's own session. Where there is no WatchConnectivity 1.0 used its
// `NeverConnectivitySession` (every call fails with `SundialError.sessionNotSupported`); with WatchConnectivity,
// a `WCSession` reports itself not reachable and its app not installed until it is activated and paired, so a send
// made before then failed at once with `SundialError.missingCompanion` (1.0.0-beta.1,
// Sources/SundialKit/WatchConnectivity/ConnectivityObserver.swift, `sendMessage(_:)`). `PairedSessions` stands in
// for WatchConnectivity here.
import Foundation
import SundialKit
import SundialKitCombine
import SundialKitTesting
import Testing

@Suite("SundialKit 1.0 source compatibility: the device's session")
struct DefaultSessionV1Tests {
    #if !canImport(WatchConnectivity)
    @Test("ConnectivityObserver() without WatchConnectivity: activate() throws sessionNotSupported")
    @available(OS2022, *)
    func unsupported() {
        let observer = ConnectivityObserver()
        #expect(throws: SundialError.sessionNotSupported) { try observer.activate() }
    }

    @Test("ConnectivityObserver() without WatchConnectivity: a send fails at once with missingCompanion")
    @available(OS2022, *)
    func unsupportedSend() throws {
        let observer = ConnectivityObserver()
        let replies = Recorder(observer.replyMessagePublisher)
        observer.sendingMessageSubject.send(["n": 1])
        let result = try #require(replies.values.first)
        #expect(result.context.error == .missingCompanion)
    }
    #endif

    @Test("A send before activation fails at once with missingCompanion, and nothing is sent later")
    @available(OS2022, *)
    func sendBeforeActivation() async throws {
        let pair = PairedSessions()
        let observer = ConnectivityObserver(session: pair.phone, publishingQueue: nil)
        let replies = Recorder(observer.replyMessagePublisher)
        observer.sendingMessageSubject.send(["n": 1])
        let result = try #require(replies.values.first)
        #expect(result.context.error == .missingCompanion)
        try await observer.activate(timeout: .seconds(60))
        #expect(replies.values.count == 1)
    }

    @Test("Activated, but no watch paired or no counterpart app: missingCompanion, at once")
    @available(OS2022, *)
    func noCounterpart() async throws {
        for setUp in [{ (pair: PairedSessions) in pair.setPaired(false) }, { $0.setWatchAppInstalled(false) }] {
            let pair = PairedSessions()
            setUp(pair)
            let observer = ConnectivityObserver(session: pair.phone, publishingQueue: nil)
            try await observer.activate(timeout: .seconds(60))
            let replies = Recorder(observer.replyMessagePublisher)
            observer.sendingMessageSubject.send(["n": 1])
            let result = try #require(replies.values.first)
            #expect(result.context.error == .missingCompanion)
        }
    }

    @Test("Activation's completion publishes every field, changed or not: here, that the watch app is missing")
    @available(OS2022, *)
    func activationPublishesEveryField() async throws {
        let pair = PairedSessions()
        pair.setWatchAppInstalled(false)
        let observer = ConnectivityObserver(session: pair.phone, publishingQueue: nil)
        let installed = Recorder(observer.isPairedAppInstalledPublisher)
        let reachable = Recorder(observer.isReachablePublisher)
        let states = Recorder(observer.activationStatePublisher)
        try await observer.activate(timeout: .seconds(60))
        #expect(states.values == [.activated])
        #expect(installed.values == [false])
        #expect(reachable.values == [false])
    }

    @Test("An uninstalled watch app is published once per field, though two session calls report it")
    @available(OS2022, *)
    func uninstallPublishesEachFieldOnce() async throws {
        let pair = PairedSessions()
        let phone = ConnectivityObserver(session: pair.phone, publishingQueue: nil)
        let watch = ConnectivityObserver(session: pair.watch, publishingQueue: nil)
        let (reachable, reachableCancellable) = collect(phone.isReachablePublisher)
        defer { reachableCancellable.cancel() }
        try await phone.activate(timeout: .seconds(60))
        try await watch.activate(timeout: .seconds(60))
        _ = try await reachable.firstValue(within: .seconds(60)) { $0 }
        await pair.callbacksDelivered(to: .phone)
        let installed = Recorder(phone.isPairedAppInstalledPublisher)
        let paired = Recorder(phone.isPairedPublisher)
        let reachability = Recorder(phone.isReachablePublisher)
        // The reachability call and the companion call each report the change; whichever comes first
        // publishes it, and the other publishes only what it reports besides.
        pair.setWatchAppInstalled(false)
        await pair.callbacksDelivered(to: .phone)
        await pair.callbacksDelivered(to: .phone)
        #expect(installed.values == [false])
        #expect(paired.values == [true])
        #expect(reachability.values == [false])
    }

    @Test("A companion change publishes isPaired and isPairedAppInstalled, changed or not, and nothing else")
    @available(OS2022, *)
    func companionChangePublishesBoth() async throws {
        let pair = PairedSessions()
        let observer = ConnectivityObserver(session: pair.phone, publishingQueue: nil)
        try await observer.activate(timeout: .seconds(60))
        // The activation's companion report may still be on its way: observe what follows it only.
        await pair.callbacksDelivered(to: .phone)
        let (paired, pairedCancellable) = collect(observer.isPairedPublisher)
        let (installed, installedCancellable) = collect(observer.isPairedAppInstalledPublisher)
        let states = Recorder(observer.activationStatePublisher)
        defer {
            pairedCancellable.cancel()
            installedCancellable.cancel()
        }
        pair.setWatchAppInstalled(false)
        // 1.0 (`sessionCompanionStateDidChange`): `isPairedSubject.send(session)` and
        // `isPairedAppInstalledSubject.send(session)`, whatever changed.
        #expect(try await installed.first(1) == [false])
        #expect(try await paired.first(1) == [true])
        pair.setWatchAppInstalled(true)
        #expect(try await installed.first(1) == [true])
        #expect(try await paired.first(1) == [true])
        #expect(states.values.isEmpty)
    }

    @Test("A value WatchConnectivity cannot carry is refused where it would cross: payloadUnsupportedTypes")
    @available(OS2022, *)
    func notPropertyList() async throws {
        let pair = PairedSessions()
        let observer = ConnectivityObserver(session: pair.phone, publishingQueue: nil)
        try await observer.activate(timeout: .seconds(60))
        let replies = Recorder(observer.replyMessagePublisher)
        observer.sendingMessageSubject.send(TokenMessage(name: "d", token: UUID()).message())
        let result = try #require(replies.values.first)
        guard result.context.error?.code == .payloadUnsupportedTypes else {
            Issue.record("expected payloadUnsupportedTypes, got \(result.context)")
            return
        }
    }
}

import CourierPrimitives
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
#endif

@available(OS2022, *)
private struct Greeting: Messagable, Equatable {
    static let key = "greeting"
    let text: String

    init(text: String) { self.text = text }

    init(from parameters: [String: any Sendable]) throws {
        guard let text = parameters["text"] as? String else { throw SerializationError.missingField("text") }
        self.text = text
    }

    func parameters() -> [String: any Sendable] { ["text": text] }
}

/// Whether the caller runs on the main queue (on Linux the main queue need not run on the main thread).
@available(OS2022, *)
enum MainQueue {
    private static let key = DispatchSpecificKey<Bool>()
    private static let marked: Bool = {
        DispatchQueue.main.setSpecific(key: key, value: true)
        return true
    }()

    static var isCurrent: Bool { marked && DispatchQueue.getSpecific(key: key) == true }
}

/// What a publisher's `sink` saw: the value, the matching `@Published` property at that moment, and whether it
/// ran on the main thread.
@available(OS2022, *)
private struct Sighting: Sendable, Equatable {
    let value: Bool
    let property: Bool
    let onMain: Bool
}

@Suite("SundialKitCombine.ConnectivityObserver as an ObservableObject")
struct ObservableConnectivityObserverTests {
    @available(OS2022, *)
    private func activate(_ observers: ConnectivityObserver...) async throws {
        for observer in observers {
            try await observer.activate(timeout: .seconds(60))
        }
    }

    @Test("@Published state starts from the session and follows it, on the main queue, in step with the publishers")
    @available(OS2022, *)
    func publishedState() async throws {
        let pair = PairedSessions()
        let phone = ConnectivityObserver(session: pair.phone)
        let watch = ConnectivityObserver(session: pair.watch)
        #expect(phone.publishingQueue?.label == DispatchQueue.main.label)
        #expect(phone.activationState == .notActivated)
        #expect(!phone.isReachable)
        #expect(phone.isPaired)
        #expect(phone.isPairedAppInstalled)
        let (sightings, sightingsCancellable) = collect(
            phone.isReachablePublisher.map { [phone] value in
                Sighting(value: value, property: phone.isReachable, onMain: MainQueue.isCurrent)
            })
        let (reachable, reachableCancellable) = collect(phone.$isReachable)
        let (activation, activationCancellable) = collect(phone.$activationState)
        let (willChange, willChangeCancellable) = collect(phone.objectWillChange.map { _ in true })
        let (activations, activationsCancellable) = collect(phone.activationStatePublisher)
        let (pairedChanges, pairedChangesCancellable) = collect(phone.isPairedPublisher)
        let (installed, installedCancellable) = collect(phone.isPairedAppInstalledPublisher)
        defer {
            for cancellable in [
                sightingsCancellable, reachableCancellable, activationCancellable, willChangeCancellable,
                activationsCancellable, pairedChangesCancellable, installedCancellable,
            ] {
                cancellable.cancel()
            }
        }
        try await activate(phone, watch)
        #expect(try await activation.first(2) == [.notActivated, .activated])
        #expect(try await reachable.first(2) == [false, true])
        // As in 1.0, the phone's activation publishes `isReachable` (false: the watch is not active yet).
        #expect(
            try await sightings.first(2) == [
                Sighting(value: false, property: false, onMain: true),
                Sighting(value: true, property: true, onMain: true),
            ])
        #expect(try await willChange.first(2) == [true, true])

        pair.setLinkUp(false)
        #expect(try await sightings.first(1) == [Sighting(value: false, property: false, onMain: true)])
        #expect(try await reachable.first(1) == [false])
        pair.setPaired(false)
        let (paired, pairedCancellable) = DispatchQueue.main.sync { collect(phone.$isPaired) }
        defer { pairedCancellable.cancel() }
        _ = try await paired.firstValue(within: .seconds(60)) { !$0 }
        #expect(!phone.state.isPaired)
        #expect(phone.state == ConnectivityState(activationState: .activated))
        // As in 1.0, activation's completion publishes every field, changed or not; then every companion call
        // publishes both companion fields, changed or not, until the watch is unpaired.
        #expect(try await activations.first(1) == [.activated])
        #expect(try await pairedChanges.first(1) == [true])
        #expect(try await installed.first(1) == [true])
        #expect(try await pairedChanges.firstValue { !$0 } == false)
        #expect(try await installed.firstValue { !$0 } == false)
    }

    @Test("Without a publishing queue, values are published on the session's queue before the event returns")
    @available(OS2022, *)
    func sessionQueue() async throws {
        let pair = PairedSessions()
        let phone = ConnectivityObserver(session: pair.phone, publishingQueue: nil)
        let watch = ConnectivityObserver(session: pair.watch, publishingQueue: nil)
        #expect(phone.publishingQueue == nil)
        let (sightings, cancellable) = collect(
            phone.isReachablePublisher.map { [phone] value in
                Sighting(value: value, property: phone.isReachable, onMain: MainQueue.isCurrent)
            })
        defer { cancellable.cancel() }
        try await activate(phone, watch)
        #expect(
            try await sightings.first(2) == [
                Sighting(value: false, property: false, onMain: false),
                Sighting(value: true, property: true, onMain: false),
            ])
        #expect(phone.isReachable)
    }

    @Test("Typed messages are decoded; messages that do not decode are reported as failures")
    @available(OS2022, *)
    func typedMessages() async throws {
        let pair = PairedSessions()
        let decoder = try MessageDecoder(validating: [Greeting.self])
        let phone = ConnectivityObserver(session: pair.phone, messageDecoder: decoder)
        let watch = ConnectivityObserver(session: pair.watch, messageDecoder: decoder)
        let (typed, typedCancellable) = collect(watch.typedMessageReceived.compactMap { $0 as? Greeting })
        let (alias, aliasCancellable) = collect(watch.typedMessagePublisher.compactMap { $0 as? Greeting })
        let (failures, failuresCancellable) = collect(watch.decodingFailurePublisher)
        // A second observer over the same manager, without a decoder: it sees the messages, and no failures.
        let plain = ConnectivityObserver(manager: watch.manager)
        let plainFailures = Locked(0)
        let plainCancellable = plain.decodingFailurePublisher.sink { _ in plainFailures.withLock { $0 += 1 } }
        let (plainMessages, plainMessagesCancellable) = collect(plain.messageReceivedPublisher)
        defer {
            for cancellable in [
                typedCancellable, aliasCancellable, failuresCancellable, plainCancellable, plainMessagesCancellable,
            ] {
                cancellable.cancel()
            }
        }
        try await activate(phone, watch)
        try await phone.send(["no type": true], options: .via(.userInfo))
        try await phone.send(Greeting(text: "hi"), options: .via(.userInfo))
        #expect(try await typed.first(1) == [Greeting(text: "hi")])
        #expect(try await alias.first(1) == [Greeting(text: "hi")])
        #expect(try await failures.first(1) == [.missingTypeKey])
        // Both messages went through the plain observer's subject, which runs its subscribers synchronously.
        #expect(try await plainMessages.first(2).count == 2)
        #expect(plainFailures.value == 0)
        #expect(plain.messageDecoder == nil)
    }

    @Test("async sends: a typed reply, application context, a file, and their outcomes on replyMessagePublisher")
    @available(OS2022, *)
    func sending() async throws {
        try await withTemporaryDirectory { directory in
            let pair = PairedSessions()
            let phone = ConnectivityObserver(session: pair.phone)
            let watch = ConnectivityObserver(session: pair.watch)
            let answering = watch.messageReceivedPublisher.sink { received in
                try? received.reply?.send(Greeting(text: "hello back"))
            }
            let (files, filesCancellable) = collect(watch.fileReceivedPublisher)
            let (outcomes, outcomesCancellable) = collect(phone.replyMessagePublisher)
            defer {
                answering.cancel()
                filesCancellable.cancel()
                outcomesCancellable.cancel()
            }
            try await activate(phone, watch)
            let (reachable, reachableCancellable) = DispatchQueue.main.sync { collect(phone.$isReachable) }
            _ = try await reachable.firstValue(within: .seconds(60)) { $0 }
            reachableCancellable.cancel()
            // What is sent and answered is under test, not how fast: a loaded machine may take a while to reply.
            let patient = SendOptions(replyTimeout: .seconds(60))
            let reply = try await phone.send(Greeting(text: "hello"), expecting: Greeting.self, options: patient)
            #expect(reply == Greeting(text: "hello back"))
            let raw = try await phone.send(["raw": 1], options: patient)
            #expect(raw.transport == .message)
            try phone.updateApplicationContext(["context": 2])
            let url = directory.url.appendingPathComponent("notes.txt")
            try Data("notes".utf8).write(to: url)
            let sent = try phone.transferFile(url, metadata: ["kind": "notes"])
            #expect(sent.transport == .file)
            let file = try #require(try await files.first(1).first)
            #expect(file.metadata?["kind"] as? String == "notes")
            try? FileManager.default.removeItem(at: file.fileURL)
            let transports = try await outcomes.first(4).map(\.transport)
            #expect(transports == [.message, .message, .applicationContext, .file])
        }
    }

    @Test("init(messageDecoder:) uses this device's session: on Linux, activation is a typed error")
    @available(OS2022, *)
    func deviceSession() {
        let decoder = MessageDecoder(messagableTypes: [Greeting.self])
        let observer = ConnectivityObserver(messageDecoder: decoder)
        #expect(observer.messageDecoder?.registeredKeys == ["greeting"])
        #if !canImport(WatchConnectivity)
        #expect(observer.manager.session is NeverConnectivitySession)
        #expect(throws: ConnectivityError.sessionNotSupported) { try observer.activate() }
        #endif
    }
}

/// What a view model on the main actor sees, as a SwiftUI app's would.
@MainActor
@available(OS2022, *)
private final class MainActorModel {
    var reachability: [Bool] = []
    var cancellables: [AnyCancellable] = []
    let changes = Broadcast<Bool>()
}

@Suite("SundialKitCombine.ConnectivityObserver from the main actor")
struct MainActorConnectivityObserverTests {
    @MainActor
    @Test("Sinks written on the main actor run there: the default publishing queue is the main queue")
    @available(OS2022, *)
    func mainActorSinks() async throws {
        let pair = PairedSessions()
        let phone = ConnectivityObserver(session: pair.phone)
        let watch = ConnectivityObserver(session: pair.watch)
        let model = MainActorModel()
        let changes = model.changes.subscribe()
        // This closure is isolated to the main actor; OpenCombine checks that at run time.
        phone.$isReachable.sink { isReachable in
            model.reachability.append(isReachable)
            model.changes.send(isReachable)
        }
        .store(in: &model.cancellables)
        try await phone.activate(timeout: .seconds(60))
        try await watch.activate(timeout: .seconds(60))
        _ = try await changes.firstValue(within: .seconds(60)) { $0 }
        #expect(model.reachability == [false, true])
        #expect(phone.isReachable)
    }
}

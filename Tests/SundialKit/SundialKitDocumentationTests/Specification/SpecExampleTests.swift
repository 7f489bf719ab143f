import CourierPrimitives
import CourierTestSupport
import Foundation
import SundialKitCombine
import SundialKitConnectivity
import SundialKitCore
import SundialKitTesting
import Testing

@testable import SundialKitStream

#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

@Suite(
    "The specifications' examples",
    .enabled(if: TestPass.isHeavy, "verbatim spec code on the library's default reply timeout: the second pass")
)
struct SpecExampleTests {
    private let decoder = MessageDecoder(messagableTypes: [ColorMessage.self, UserProfile.self])

    @Test("The message types round-trip through MessageDecoder, as dictionaries and as bytes")
    @available(OS2022, *)
    func messages() throws {
        let color = ColorMessage(red: 1, green: 0.5, blue: 0)
        let decodedColor = try #require(try decoder.decodeMessage(color.message()) as? ColorMessage)
        #expect([decodedColor.red, decodedColor.green, decodedColor.blue] == [1, 0.5, 0])
        #expect(throws: SerializationError.missingField("color components")) {
            try ColorMessage(from: ["red": 1.0])
        }

        let profile = UserProfile.with { $0.name = "Ada" }
        let decodedProfile = try #require(
            try decoder.decodeBinary(BinaryMessageEncoder.encode(profile)) as? UserProfile)
        #expect(decodedProfile.name == "Ada")
        #expect(UserProfile.key == "Sundial_Example_UserProfile")

        let reading = TemperatureReading(celsius: 21.5, timestamp: 1_700_000_000_123)
        let bytes = try reading.encode()
        #expect(bytes.count == 12)
        // Decoding from a slice at an odd offset: the loads must not assume alignment.
        let sliced = (Data([0xFF]) + bytes).dropFirst()
        let decodedReading = try TemperatureReading(from: sliced)
        #expect(decodedReading.celsius == 21.5)
        #expect(decodedReading.timestamp == 1_700_000_000_123)
        #expect(throws: SerializationError.invalidDataSize(expected: 12, actual: 3)) {
            try TemperatureReading(from: Data([1, 2, 3]))
        }
    }

    @Test("Combine example as written: this device's session; on Linux activation is a typed error")
    @available(OS2022, *)
    func combineAsWritten() {
        #if !canImport(WatchConnectivity)
        #expect(throws: ConnectivityError.sessionNotSupported) { _ = try SpecCombineExample.asWritten() }
        #endif
    }

    @Test("Combine example over PairedSessions: activates, sends right away, publishes state, decodes messages")
    @available(OS2022, *)
    func combineRuns() async throws {
        let pair = PairedSessions()
        let watch = SundialKitCombine.ConnectivityObserver(session: pair.watch, messageDecoder: decoder)
        let (watchTyped, watchTypedCancellable) = collect(watch.typedMessageReceived)
        defer { watchTypedCancellable.cancel() }
        try await watch.activate(timeout: .seconds(60))

        let (phone, cancellables) = try SpecCombineExample.run(session: pair.phone)
        // `$property` publishers are used on the publishing queue (main).
        let (activation, activationCancellable) = DispatchQueue.main.sync { collect(phone.$activationState) }
        let (reachable, reachableCancellable) = DispatchQueue.main.sync { collect(phone.$isReachable) }
        let (phoneTyped, phoneTypedCancellable) = collect(phone.typedMessageReceived)
        defer {
            for cancellable in [activationCancellable, reachableCancellable, phoneTypedCancellable] {
                cancellable.cancel()
            }
        }
        // The example sends at once, before activation completes: the send waits for it and arrives.
        let color = try #require(try await watchTyped.first(1).first as? ColorMessage)
        #expect([color.red, color.green, color.blue] == [1, 0.5, 0])
        _ = try await activation.firstValue(within: .seconds(60)) { $0 == .activated }
        _ = try await reachable.firstValue(within: .seconds(60)) { $0 }

        try await watch.send(UserProfile.with { $0.name = "Ada" })
        let profile = try #require(try await phoneTyped.first(1).first as? UserProfile)
        #expect(profile.name == "Ada")
        #expect(cancellables.count == 3)
    }

    @Test("Stream example as written: this device's session; on Linux activation is a typed error")
    @available(OS2022, *)
    func streamAsWritten() async {
        #if !canImport(WatchConnectivity)
        await #expect(throws: ConnectivityError.sessionNotSupported) { _ = try await SpecStreamExample.asWritten() }
        #expect(SpecStreamExample.platformSession() is NeverConnectivitySession)
        #endif
    }

    @Test("Stream example over PairedSessions: the message goes live and the watch receives it")
    @available(OS2022, *)
    func streamRuns() async throws {
        let pair = PairedSessions()
        let watch = SundialKitStream.ConnectivityObserver(session: pair.watch, messageDecoder: decoder)
        try await watch.activate(timeout: .seconds(60))
        let incoming = await watch.typedMessageStream()
        let result = try await SpecStreamExample.run(session: pair.phone)
        #expect(result.transport == .message)
        #expect(result.context.reply?.isEmpty == true)
        let color = try #require(try await incoming.first(1).first as? ColorMessage)
        #expect([color.red, color.green, color.blue] == [1, 0.5, 0])
    }

    @Test("Receiving with context: a live message is answered through the handler; a context update arrives")
    @available(OS2022, *)
    func receivingWithContext() async throws {
        let pair = PairedSessions()
        let phone = SundialKitStream.ConnectivityObserver(session: pair.phone)
        let watch = SundialKitStream.ConnectivityObserver(session: pair.watch)
        try await phone.activate(timeout: .seconds(60))
        try await watch.activate(timeout: .seconds(60))
        _ = try await phone.reachabilityStream().firstValue(within: .seconds(60)) { $0 }
        let listeners = watch.messages.subscriberCounts.subscribe()
        SpecStreamExample.receiving(observer: watch)
        // The example subscribes from a task of its own: wait until it listens.
        _ = try await listeners.firstValue(within: .seconds(60)) { $0 > 0 }
        let result = try await phone.send(["hello": "watch"])
        #expect(result.context.reply?["status"] as? String == "received")
        // The background case: a second listener sees what the example's `.applicationContext` branch gets.
        let alongside = await watch.messageStream()
        try await phone.send(["state": "idle"], options: .via(.applicationContext))
        let context = try #require(try await alongside.first(1).first)
        #expect(context.context.isApplicationContext)
        #expect(context.message["state"] as? String == "idle")
    }

    @Test("Design document: NetworkStream use case, @Published shape, current-value accessors")
    @available(OS2022, *)
    func designDocumentNetwork() async throws {
        let paths = ScriptedPathMonitor(initialPath: ScriptedPath(pathStatus: .satisfied(.wifi)))
        let stream = NetworkStream(monitor: paths)
        let seen = Broadcast<PathStatus>()
        let updates = seen.subscribe()
        let task = Task { await SpecNetworkExamples.useCase1(networkMonitor: stream) { seen.send($0) } }
        #expect(try await updates.first(1) == [.satisfied(.wifi)])
        task.cancel()

        let observerPaths = ScriptedPathMonitor(initialPath: nil)
        let observer = NetworkObserver(monitor: observerPaths)
        let cancellable = SpecNetworkExamples.useCase3(observer: observer)
        let (published, current, status) = await SpecNetworkExamples.observerShape(observer: observer, stream: stream)
        #expect(current == .satisfied(.wifi))
        #expect(status == .satisfied(.wifi))
        let (values, valuesCancellable) = collect(published)
        observer.start(queue: DispatchQueue(label: "designDocumentNetwork"))
        observerPaths.send(.unsatisfied(.notAvailable))
        #expect(try await values.first(2) == [.unknown, .unsatisfied(.notAvailable)])
        valuesCancellable.cancel()
        cancellable.cancel()
    }

    #if os(Linux)
    @Test("Design document: the migration paths compile and run on this machine")
    @available(OS2022, *)
    func designDocumentMigration() async throws {
        let (observer, cancellable) = try SpecNetworkExamples.migrationPath1()
        observer.cancel()
        cancellable.cancel()
        let (networkObserver, task) = try SpecNetworkExamples.migrationPath2()
        networkObserver.cancel()
        task.cancel()
        // No counterpart on Linux: the connectivity send fails with a typed error.
        await #expect(throws: ConnectivityError.sessionNotActivated) { try await SpecNetworkExamples.migrationPath3() }
    }
    #endif
}

/// Collects a publisher's values into an `AsyncStream` the test can await.
@available(OS2022, *)
func collect<Output: Sendable>(_ publisher: some Publisher<Output, Never>) -> (AsyncStream<Output>, AnyCancellable) {
    let (stream, continuation) = AsyncStream.makeStream(of: Output.self)
    let cancellable = publisher.sink { continuation.yield($0) }
    return (stream, cancellable)
}

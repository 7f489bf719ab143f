import CourierPrimitives
import DurableStreamsStorage
import Foundation
import Logging
import Testing

@testable import DurableStreamsServer

/// An append that runs while the first subscription is being made: the subscription reads each stream's tail, then
/// saves itself; an append stored between the two must still reach it (a wake event), on the task route and on the
/// route that appends without suspending.
@Suite("Appends while the first subscription is made")
struct SubscriptionCreationRaceTests {
    private static let configuration = #"{"type":"pull-wake","streams":["jobs"],"wake_stream":"wakes"}"#

    @Test("An append after the tails were read, before the subscription is saved, is heard of", .timeLimit(.minutes(1)))
    @available(OS2023, *)
    func appendWhileSaving() async throws {
        let fixture = try await Fixture()
        let (entered, enteredContinuation) = AsyncStream<Void>.makeStream()
        let (release, releaseContinuation) = AsyncStream<Void>.makeStream()
        fixture.store.beforeSubscriptionSaved.withLock {
            $0 = {
                enteredContinuation.yield()
                for await _ in release { break }
            }
        }
        let put = Task { try await fixture.manager.put("s", body: Array(Self.configuration.utf8), publicRoot: "") }
        for await _ in entered { break }

        // The subscription read the tail of `jobs` and is saving itself: appends must now tell it.
        #expect(fixture.operations.appendNow(fixture.jobs, Fixture.job) == nil)
        let (stored, storedContinuation) = AsyncStream<Void>.makeStream()
        fixture.store.afterAppend.withLock { $0 = { storedContinuation.yield() } }
        let appended = Task { try await fixture.operations.append(fixture.jobs, Fixture.job) }
        // Stored before the subscription is saved: the window in which the append used to go unheard.
        for await _ in stored { break }
        releaseContinuation.yield()
        #expect(try await put.value.created)
        let tail = try await appended.value.tail
        try await fixture.expectWake(upTo: tail)
    }

    @Test(
        "An append that does not suspend, during which the first subscription reads the tail and is saved, is heard of",
        .timeLimit(.minutes(1)))
    @available(OS2023, *)
    func appendNowWhileCreating() async throws {
        let fixture = try await Fixture()
        let (entered, enteredContinuation) = AsyncStream<Void>.makeStream()
        let proceed = DispatchSemaphore(value: 0)
        // The append has found no subscription and holds before it stores, until the subscription is saved.
        fixture.store.beforeAppendNow.withLock {
            $0 = {
                enteredContinuation.yield()
                proceed.wait()
            }
        }
        let outcome = Locked<Result<AppendResult, StreamStorageError>??>(nil)
        let (done, doneContinuation) = AsyncStream<Void>.makeStream()
        let operations = fixture.operations
        let jobs = fixture.jobs
        // On a thread of its own, as on an event loop: the append does not suspend while it holds.
        Thread {
            let result = operations.appendNow(jobs, Fixture.job)
            outcome.withLock { $0 = .some(result) }
            doneContinuation.yield()
        }.start()
        for await _ in entered { break }
        do {
            defer { proceed.signal() }
            #expect(try await fixture.manager.put("s", body: Array(Self.configuration.utf8), publicRoot: "").created)
        }
        for await _ in done { break }

        guard case .success(let appended)?? = outcome.value else {
            Issue.record("the append found no subscription when it began and must be made: \(outcome.value as Any)")
            return
        }
        try await fixture.expectWake(upTo: appended.tail)
    }
}

/// A memory store, its operations and subscription manager, a `jobs` stream and the `wakes` stream.
@available(OS2023, *)
private struct Fixture {
    static let job = AppendRequest(payload: Array("job".utf8), contentType: "text/plain")

    let store = HookedStore()
    let operations: StreamOperations
    let manager: SubscriptionManager
    let jobs: StreamPath
    let wakes: StreamPath
    let wakesTail: StreamOffset

    init() async throws {
        let root = try StreamRoot("/")
        let manager = try #require(
            try await SubscriptionManager.load(
                storage: store, root: root, logger: Logger(label: "test"), webhookPolicy: nil))
        self.manager = manager
        operations = StreamOperations(storage: store, subscriptions: manager)
        jobs = try StreamPath(validating: "/jobs")
        wakes = try StreamPath(validating: "/wakes")
        _ = try await operations.create(jobs, CreateStream(contentType: "text/plain", body: Array("old".utf8)))
        wakesTail = try await operations.create(wakes, CreateStream(contentType: "application/json")).info.tail
    }

    /// Waits for the subscription's wake event, which names `jobs` as pending up to `tail`.
    func expectWake(upTo tail: StreamOffset) async throws {
        let waited = await store.waitForAppend(wakes, after: wakesTail, timeout: .seconds(20), cancellation: nil)
        guard case .appended = waited else {
            Issue.record("no wake event: the subscription did not hear of the append (\(waited))")
            return
        }
        let read = try await store.read(wakes, from: .offset(wakesTail), maxBytes: 1 << 16)
        let text = String(decoding: JSONMessages.array(fromStorageForm: read.payload), as: UTF8.self)
        #expect(text.contains(#""stream":"jobs""#), "\(text)")
        let state = try #require(await manager.subscriptions["s"])
        #expect(state.links["jobs"]?.tail == tail)
    }
}

/// A memory store with hooks before a subscription document is saved, after an append is stored, and before an
/// append that does not suspend; each runs once.
@available(OS2023, *)
private final class HookedStore: ImmediateStreamStorage, StreamCatalog {
    private let base = MemoryStreamStorage()
    let beforeSubscriptionSaved = Locked<(@Sendable () async -> Void)?>(nil)
    let afterAppend = Locked<(@Sendable () -> Void)?>(nil)
    let beforeAppendNow = Locked<(@Sendable () -> Void)?>(nil)

    func create(_ path: StreamPath, _ request: CreateRequest) async throws(StreamStorageError) -> CreateResult {
        try await base.create(path, request)
    }

    func append(_ path: StreamPath, _ request: AppendRequest) async throws(StreamStorageError) -> AppendResult {
        let result = try await base.append(path, request)
        if let hook = afterAppend.withLock({ hook in
            defer { hook = nil }
            return hook
        }) {
            hook()
        }
        return result
    }

    func appendNow(_ path: StreamPath, _ request: AppendRequest) throws(StreamStorageError) -> AppendResult {
        if let hook = beforeAppendNow.withLock({ hook in
            defer { hook = nil }
            return hook
        }) {
            hook()
        }
        return try base.appendNow(path, request)
    }

    func readNow(_ path: StreamPath, from start: ReadStart, maxBytes: Int) throws(StreamStorageError) -> ReadResult {
        try base.readNow(path, from: start, maxBytes: maxBytes)
    }

    func info(_ path: StreamPath) async throws(StreamStorageError) -> StreamInfo {
        try await base.info(path)
    }

    func read(_ path: StreamPath, from start: ReadStart, maxBytes: Int) async throws(StreamStorageError)
        -> ReadResult
    {
        try await base.read(path, from: start, maxBytes: maxBytes)
    }

    func delete(_ path: StreamPath) async throws(StreamStorageError) {
        try await base.delete(path)
    }

    func waitForAppend(
        _ path: StreamPath, after offset: StreamOffset, timeout: Duration, cancellation: WaitCancellation?
    ) async -> WaitResult {
        await base.waitForAppend(path, after: offset, timeout: timeout, cancellation: cancellation)
    }

    func shutdown() async {
        await base.shutdown()
    }

    func streamPaths() async throws(StreamStorageError) -> [StreamPath] {
        try await base.streamPaths()
    }

    func controlDocuments(in folder: String) async throws(StreamStorageError) -> [String: [UInt8]] {
        try await base.controlDocuments(in: folder)
    }

    func writeControlDocument(_ bytes: [UInt8], named name: String, in folder: String) async throws(StreamStorageError)
    {
        if folder == SubscriptionManager.folder,
            let hook = beforeSubscriptionSaved.withLock({ hook in
                defer { hook = nil }
                return hook
            })
        {
            await hook()
        }
        try await base.writeControlDocument(bytes, named: name, in: folder)
    }

    func removeControlDocument(named name: String, in folder: String) async throws(StreamStorageError) {
        try await base.removeControlDocument(named: name, in: folder)
    }
}

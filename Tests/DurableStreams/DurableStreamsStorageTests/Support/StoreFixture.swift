import CourierPrimitives
import CourierTestSupport
import DurableStreamsPostgres
import DurableStreamsStorage
import Foundation

/// A clock the test moves by hand.
@available(OS2023, *)
final class ManualClock: Sendable {
    private let current = Locked(Date(timeIntervalSince1970: 1_800_000_000))

    var now: Date { current.value }

    func advance(by seconds: TimeInterval) {
        current.withLock { $0 = $0.addingTimeInterval(seconds) }
    }
}

/// The stores every contract test runs against: the PostgreSQL store too when `DURABLE_STREAMS_POSTGRES_URL` names
/// a database (`scripts/test` starts one), or when `DURABLE_STREAMS_POSTGRES_REQUIRED` is set (its cases then fail
/// without one).
@available(OS2023, *)
enum StoreKind: String, CaseIterable, CustomStringConvertible, Sendable {
    case memory
    case file
    case postgres

    static var allCases: [StoreKind] {
        PostgresTestDatabase.isConfigured || PostgresTestDatabase.isRequired
            ? [.memory, .file, .postgres] : [.memory, .file]
    }

    var description: String { rawValue }
}

/// Runs `body` with a fresh store of the given kind, then shuts it down and removes its files.
@available(OS2023, *)
func withStore<Value: Sendable>(
    _ kind: StoreKind,
    clock: ManualClock = ManualClock(),
    syncPolicy: FileStreamStorage.SyncPolicy = .everyAppend,
    _ body: (any StreamStorage) async throws -> Value
) async throws -> Value {
    switch kind {
    case .memory:
        let store = MemoryStreamStorage(now: { clock.now })
        defer { Task { await store.shutdown() } }
        return try await body(store)
    case .file:
        let directory = try TemporaryDirectory(prefix: "ds-store")
        defer { directory.remove() }
        let store = try await FileStreamStorage.open(
            at: directory.path,
            options: .init(syncPolicy: syncPolicy, now: { clock.now })
        )
        do {
            let value = try await body(store)
            await store.shutdown()
            return value
        } catch {
            await store.shutdown()
            throw error
        }
    case .postgres:
        return try await PostgresTestDatabase.withStore(now: { clock.now }, body)
    }
}

/// A stream path for a test.
@available(OS2023, *)
func path(_ text: String = "/s") throws -> StreamPath {
    try StreamPath(validating: text)
}

@available(OS2023, *)
extension Array where Element == UInt8 {
    init(_ text: String) { self = Array(text.utf8) }
}

@available(OS2023, *)
extension AppendRequest {
    /// A plain text append.
    static func text(_ text: String, contentType: String = "text/plain") -> AppendRequest {
        AppendRequest(payload: Array(text.utf8), contentType: contentType)
    }
}

@available(OS2023, *)
extension StreamStorage {
    /// Reads the whole stream from the start, following `next` until the tail.
    func readAll(_ path: StreamPath, maxBytes: Int = 1 << 20) async throws -> [UInt8] {
        var bytes: [UInt8] = []
        var start = ReadStart.beginning
        while true {
            let result = try await read(path, from: start, maxBytes: maxBytes)
            bytes += result.payload
            if result.reachedTail { return bytes }
            start = .offset(result.next)
        }
    }
}

@available(OS2023, *)
extension StreamStorage {
    /// Creates a text stream with optional initial content; returns its tail.
    @discardableResult
    func makeText(
        _ path: StreamPath, _ text: String = "", contentType: String = "text/plain", expiry: StreamExpiry = .never
    ) async throws -> StreamOffset {
        let created = try await create(
            path,
            CreateRequest(
                configuration: StreamConfiguration(contentType: contentType, expiry: expiry),
                initialPayload: Array(text.utf8)))
        return created.info.tail
    }

    /// Forks `source` into `path` (content type inherited unless given); returns the outcome.
    @discardableResult
    func fork(
        _ path: StreamPath,
        from source: StreamPath,
        at offset: StreamOffset? = nil,
        subOffset: UInt64 = 0,
        contentType: String? = nil,
        expiry: StreamExpiry = .never,
        initial: String = "",
        closed: Bool = false
    ) async throws(StreamStorageError) -> CreateResult {
        try await create(
            path,
            CreateRequest(
                configuration: StreamConfiguration(
                    contentType: contentType ?? "application/octet-stream", expiry: expiry),
                initialPayload: Array(initial.utf8),
                closed: closed,
                fork: ForkRequest(
                    source: source, offset: offset, subOffset: subOffset, inheritsContentType: contentType == nil)))
    }

    /// The whole stream as text.
    func text(_ path: StreamPath, maxBytes: Int = 1 << 20) async throws -> String {
        String(decoding: try await readAll(path, maxBytes: maxBytes), as: UTF8.self)
    }

    /// Appends text; returns the new tail.
    @discardableResult
    func appendText(_ path: StreamPath, _ text: String, contentType: String = "text/plain") async throws
        -> StreamOffset
    {
        guard case .appended(let tail, _) = try await append(path, .text(text, contentType: contentType)) else {
            throw StreamStorageError.storageFailure("the append was not stored")
        }
        return tail
    }
}

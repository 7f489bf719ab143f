import CourierPrimitives
import Foundation

/// One `Codable` value kept in step between iPhone and Apple Watch over the application context.
///
/// Each change gets a ``SyncRevision``; the later revision wins on both sides (equal clocks are ordered by
/// replica, so both sides agree), an older revision is never applied, and changes made on both sides without
/// either seeing the other's are reported as a ``SyncConflict``. The counterpart acknowledges a revision by
/// putting it in its own context; until it does, a heartbeat sends the value again, so a lost or failed
/// update is repaired once the link is back. Value and revisions are saved in a ``SyncedStateStorage`` before
/// anything is sent or applied, so either side may restart.
///
/// The application context is one latest-wins slot per session: use one `SyncedState` per
/// ``ConnectivityManager``, and keep it on both sides under the same ``name``.
@available(OS2022, *)
public actor SyncedState<Value: Codable & Sendable> {
    /// The name both sides use for this state.
    public nonisolated let name: String
    /// How often an unacknowledged revision is sent again.
    public nonisolated let heartbeat: Duration

    private let manager: ConnectivityManager
    private let storage: any SyncedStateStorage
    private var machine: SyncMachine
    private var current: Value
    private var running: (subscription: ConnectivityEventSubscription, tasks: [Task<Void, Never>])?
    private let broadcast = Broadcast<SyncedStateEvent<Value>>()

    /// The latest send or storage failure, if the last attempt failed.
    public private(set) var lastError: ConnectivityError?

    /// Creates the state, resuming what `storage` holds (or starting with `initial`, revision `nil`).
    /// - Parameters:
    ///   - name: The name both sides use.
    ///   - initial: The value until either side sets one.
    ///   - manager: The session's manager (activate it before or after ``start()``).
    ///   - storage: Where value and revisions are kept across restarts.
    ///   - heartbeat: How often an unacknowledged revision is sent again.
    /// - Throws: `ConnectivityError` when the storage cannot be read or holds something that does not decode.
    public init(
        name: String = "state",
        initial: Value,
        manager: ConnectivityManager,
        storage: any SyncedStateStorage,
        heartbeat: Duration = .seconds(10)
    ) throws(ConnectivityError) {
        self.name = name
        self.heartbeat = heartbeat
        self.manager = manager
        self.storage = storage
        let snapshot: SyncSnapshot
        if let data = try storage.load() {
            snapshot = try SyncCoding.decode(SyncSnapshot.self, from: data)
        } else {
            snapshot = SyncSnapshot(replica: UUID().uuidString)
        }
        machine = SyncMachine(snapshot: snapshot)
        if let stored = snapshot.value {
            current = try SyncCoding.decode(Value.self, from: stored)
        } else {
            current = initial
        }
    }

    /// The current value.
    public var value: Value { current }

    /// The current value's revision (`nil` until either side sets a value).
    public var revision: SyncRevision? { machine.snapshot.revision }

    /// Whether the counterpart holds the current revision.
    public var isAcknowledged: Bool { machine.isAcknowledged }

    /// Applied values, conflicts, acknowledgements and failures, from now on.
    public nonisolated func events() -> AsyncStream<SyncedStateEvent<Value>> {
        broadcast.subscribe()
    }

    /// Sets the value on this side: saved, then sent to the counterpart.
    /// - Returns: The new revision.
    /// - Throws: `ConnectivityError` when the value cannot be encoded or saved (nothing changed then). A send
    ///   that fails is retried by the heartbeat and reported as ``SyncedStateEvent/failed(_:)``.
    @discardableResult
    public func set(_ value: Value) throws(ConnectivityError) -> SyncRevision {
        let data = try SyncCoding.encode(value)
        var next = machine
        let actions = next.change(to: data)
        try perform(actions, next: next)
        current = value
        return next.snapshot.revision ?? SyncRevision(counter: 0, replica: "")
    }

    /// Starts receiving the counterpart's context (first the one received while stopped) and the heartbeat.
    public func start() {
        guard running == nil else { return }
        let (inbox, feed) = AsyncStream.makeStream(of: ConnectivityEvent.self)
        let subscription = manager.addEventHandler { event in feed.yield(event) }
        let key = SyncEnvelope.key(for: name)
        if let data = manager.receivedApplicationContext[key] as? Data {
            receive(data)
        }
        let interval = heartbeat
        let reader = Task { [weak self] in
            for await event in inbox {
                await self?.handle(event, key: key)
            }
        }
        let beater = Task { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                await self?.beat()
            }
        }
        running = (subscription, [reader, beater])
    }

    /// Stops receiving and the heartbeat (the storage keeps the state for the next start).
    public func stop() {
        guard let running else { return }
        running.subscription.cancel()
        for task in running.tasks { task.cancel() }
        self.running = nil
    }

    deinit {
        running?.subscription.cancel()
        for task in running?.tasks ?? [] { task.cancel() }
        broadcast.finish()
    }

    // MARK: - Driver

    private func handle(_ event: ConnectivityEvent, key: String) {
        switch event {
        case .messageReceived(let received) where received.transport == .applicationContext:
            if let data = received.message[key] as? Data {
                receive(data)
            }
        case .stateChanged(let state) where state.activationState == .activated && state.isReachable:
            beat()
        default:
            break
        }
    }

    private func receive(_ data: Data) {
        let envelope: SyncEnvelope
        do throws(ConnectivityError) {
            envelope = try SyncCoding.decode(SyncEnvelope.self, from: data)
        } catch {
            fail(error)
            return
        }
        var next = machine
        let actions = next.receive(envelope)
        do throws(ConnectivityError) {
            try perform(actions, next: next)
        } catch {
            fail(error)
        }
    }

    private func beat() {
        var next = machine
        let actions = next.heartbeat()
        try? perform(actions, next: next)
    }

    /// Saves first; only then adopts the machine's new state, applies, reports and sends.
    private func perform(_ actions: [SyncMachine.Action], next: SyncMachine) throws(ConnectivityError) {
        for case .persist(let snapshot) in actions {
            try storage.save(try SyncCoding.encode(snapshot))
        }
        machine = next
        for action in actions {
            switch action {
            case .persist:
                break
            case .apply(let data, let revision):
                guard let value = try? SyncCoding.decode(Value.self, from: data) else {
                    fail(.decodingFailed(type: "\(Value.self)", reason: "revision \(revision)"))
                    continue
                }
                current = value
                broadcast.send(.applied(value, revision))
            case .conflict(let local, let localRevision, let remote, let remoteRevision):
                guard let localValue = try? SyncCoding.decode(Value.self, from: local),
                    let remoteValue = try? SyncCoding.decode(Value.self, from: remote)
                else { continue }
                let conflict = SyncConflict(
                    local: localValue, localRevision: localRevision, remote: remoteValue,
                    remoteRevision: remoteRevision)
                broadcast.send(.conflict(conflict))
            case .acknowledged(let revision):
                broadcast.send(.acknowledged(revision))
            case .send(let envelope):
                send(envelope)
            }
        }
    }

    private func send(_ envelope: SyncEnvelope) {
        do throws(ConnectivityError) {
            let data = try SyncCoding.encode(envelope)
            try manager.updateApplicationContext([SyncEnvelope.key(for: name): data])
            lastError = nil
        } catch {
            fail(error)
        }
    }

    private func fail(_ error: ConnectivityError) {
        lastError = error
        broadcast.send(.failed(error))
    }
}

/// JSON for values, envelopes and snapshots, with typed errors.
enum SyncCoding {
    static func encode(_ value: some Encodable) throws(ConnectivityError) -> Data {
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            return try encoder.encode(value)
        } catch {
            throw .encodingFailed("\(error)")
        }
    }

    static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws(ConnectivityError) -> T {
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch {
            throw .decodingFailed(type: "\(T.self)", reason: "\(error)")
        }
    }
}

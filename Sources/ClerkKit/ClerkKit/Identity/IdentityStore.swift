import Foundation
import Logging

/// The device token and the client, held as one identity, plus the environment; persisted on every change.
///
/// Responses are applied here under one lock: the token rotation from the `Authorization` header, then the
/// client, unless a newer client is already held (``ResponseOrder``).
@available(OS2023, *)
final class IdentityStore: Sendable {
    /// The identity at one moment.
    struct Snapshot: Sendable, Equatable {
        var deviceToken: String?
        var client: Client?
        var clientOrder: ResponseOrder?
    }

    private struct State {
        var retired = false
        var snapshot = Snapshot()
        var environment: ClerkEnvironment?
        /// The response body `environment` was read from (nil when restored from the store): an equal body is
        /// neither decoded nor compared again.
        var environmentBody: Data?
        var nextSequence: UInt64 = 1
        /// Responses to requests sent before this place in the send order are ignored: the identity they were
        /// sent with was replaced by an adopted one.
        var fence: UInt64 = 0
    }

    private let state = Protected(State())
    private let store: any SecureStore
    private let logger: Logger
    private let observers = Protected<[@Sendable (Change) -> Void]>([])

    /// What changed: the identity (before and after, and where the new one came from), or the environment.
    enum Change: Sendable {
        case identity(old: Snapshot, new: Snapshot, origin: ClerkIdentityChange.Origin)
        case environment
    }

    init(store: any SecureStore, logger: Logger) {
        self.store = store
        self.logger = logger
    }

    var snapshot: Snapshot { state.withLock { $0.snapshot } }
    /// Whether this store belongs to a replaced configuration: it then ignores responses and writes nothing.
    var isRetired: Bool { state.withLock { $0.retired } }

    /// Stops applying responses and writing to storage (after a reconfiguration), and removes what it stored.
    func retire() {
        state.withLock { state in
            state.retired = true
            for key in [StoreKey.deviceToken, StoreKey.client, StoreKey.clientOrder, StoreKey.environment] {
                write(key, nil)
            }
        }
    }
    var environment: ClerkEnvironment? { state.withLock { $0.environment } }

    /// The environment with the body it was read from, when it came from a response.
    var environmentResponse: (body: Data, resource: ClerkEnvironment)? {
        state.withLock { state in
            guard let body = state.environmentBody, let environment = state.environment else { return nil }
            return (body, environment)
        }
    }

    /// The identity a request is about to be sent with, and its place in the send order, read together.
    func begin() -> (snapshot: Snapshot, sequence: UInt64) {
        state.withLock { state in
            defer { state.nextSequence += 1 }
            return (state.snapshot, state.nextSequence)
        }
    }

    /// Calls `observer` after every change of the identity or the environment, on the thread that made it.
    func observe(_ observer: @escaping @Sendable (Change) -> Void) {
        observers.withLock { $0.append(observer) }
    }

    private func notify(_ change: Change) {
        for observer in observers.value { observer(change) }
    }

    /// Replaces the identity with one written elsewhere (another process, a paired device), as one value.
    ///
    /// When the device token or the client changes to another one, responses to requests sent before are
    /// ignored, so that nothing sent with the old identity lands on the new one. Returns the new identity when
    /// it changed, else `nil`.
    @discardableResult
    func adopt(_ identity: ClerkIdentity) -> Snapshot? {
        let changed: (old: Snapshot, new: Snapshot)? = state.withLock { state in
            guard !state.retired else { return nil }
            let sequence = state.nextSequence
            state.nextSequence += 1
            let next = Snapshot(
                deviceToken: identity.deviceToken, client: identity.client,
                clientOrder: ResponseOrder(serverDate: identity.serverDate, sequence: sequence))
            guard next.deviceToken != state.snapshot.deviceToken || next.client != state.snapshot.client else {
                return nil
            }
            if next.deviceToken != state.snapshot.deviceToken || next.client?.id != state.snapshot.client?.id {
                state.fence = sequence
            }
            let old = state.snapshot
            persist(next, replacing: old)
            state.snapshot = next
            return (old, next)
        }
        guard let changed else { return nil }
        notify(.identity(old: changed.old, new: changed.new, origin: .adopted))
        return changed.new
    }

    /// Applies what one response said. Returns the new identity when it changed, else `nil`.
    @discardableResult
    func apply(token: DeviceTokenUpdate, client update: ClientUpdate, order: ResponseOrder) -> Snapshot? {
        let changed: (old: Snapshot, new: Snapshot)? = state.withLock { state in
            guard !state.retired, order.sequence >= state.fence else { return nil }
            var next = state.snapshot
            switch token {
            case .keep: break
            case .set(let value): next.deviceToken = value
            case .clear:
                next = Snapshot(deviceToken: nil, client: nil, clientOrder: order)
            }
            if case .replace(let client) = update, order.supersedes(next.clientOrder) {
                next.client = client
                next.clientOrder = order
            }
            guard next != state.snapshot else { return nil }
            let old = state.snapshot
            persist(next, replacing: old)
            state.snapshot = next
            return (old, next)
        }
        guard let changed else { return nil }
        notify(.identity(old: changed.old, new: changed.new, origin: .local))
        return changed.new
    }

    /// Replaces the environment and stores it.
    func setEnvironment(_ environment: ClerkEnvironment, body: Data? = nil) {
        let changed = state.withLock { state in
            guard !state.retired, body == nil || body != state.environmentBody else { return false }
            state.environmentBody = body
            guard state.environment != environment else { return false }
            state.environment = environment
            write(StoreKey.environment, encode(environment))
            return true
        }
        if changed { notify(.environment) }
    }

    /// Forgets the identity (device token and client) here and in the store; keeps the environment.
    func clearIdentity() {
        let (old, empty) = state.withLock { state in
            let old = state.snapshot
            let empty = Snapshot(clientOrder: old.clientOrder)
            persist(empty, replacing: old)
            state.snapshot = empty
            return (old, empty)
        }
        notify(.identity(old: old, new: empty, origin: .local))
    }

    /// Loads the stored identity and environment. Unreadable or foreign values are removed and logged.
    func hydrate() {
        let token = read(StoreKey.deviceToken) { data -> String? in
            guard let text = String(data: data, encoding: .utf8), !text.isEmpty,
                !text.contains(where: \.isNewline)
            else { return nil }
            return text
        }
        let client = read(StoreKey.client) { try? ClerkJSON.decoder().decode(Client.self, from: $0) }
        let order = read(StoreKey.clientOrder) { try? ClerkJSON.decoder().decode(ResponseOrder.self, from: $0) }
        let environment = read(StoreKey.environment) {
            try? ClerkJSON.decoder().decode(ClerkEnvironment.self, from: $0)
        }
        let (snapshot, restoredEnvironment): (Snapshot?, Bool) = state.withLock { state in
            let restoredEnvironment = environment != nil && state.environment == nil
            if restoredEnvironment { state.environment = environment }
            guard state.snapshot == Snapshot() else { return (nil, restoredEnvironment) }
            state.snapshot = Snapshot(
                deviceToken: token, client: client,
                clientOrder: client == nil ? nil : ResponseOrder(serverDate: order?.serverDate, sequence: 0))
            return (state.snapshot, restoredEnvironment)
        }
        if restoredEnvironment { notify(.environment) }
        if let snapshot, snapshot != Snapshot() { notify(.identity(old: Snapshot(), new: snapshot, origin: .restored)) }
    }

    // MARK: Storage

    private func read<Value>(_ key: String, _ decode: (Data) -> Value?) -> Value? {
        let data: Data?
        do {
            data = try store.data(forKey: key)
        } catch {
            logger.warning("The stored \(key) cannot be read; ignoring it.", metadata: ["error": "\(error.code)"])
            return nil
        }
        guard let data else { return nil }
        if let value = decode(data) { return value }
        logger.warning("The stored \(key) is corrupt or foreign; discarding it.")
        try? store.remove(forKey: key)
        return nil
    }

    private func persist(_ next: Snapshot, replacing old: Snapshot) {
        if next.deviceToken != old.deviceToken {
            write(StoreKey.deviceToken, next.deviceToken.map { Data($0.utf8) })
        }
        if next.client != old.client {
            write(StoreKey.client, next.client.flatMap(encode))
        }
        if next.clientOrder != old.clientOrder {
            write(StoreKey.clientOrder, next.client == nil ? nil : next.clientOrder.flatMap(encode))
        }
    }

    private func encode(_ value: some Encodable) -> Data? {
        try? ClerkJSON.encoder().encode(value)
    }

    private func write(_ key: String, _ data: Data?) {
        do {
            if let data { try store.set(data, forKey: key) } else { try store.remove(forKey: key) }
        } catch {
            logger.error("The \(key) cannot be stored.", metadata: ["error": "\(error.code)"])
        }
    }
}

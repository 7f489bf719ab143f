import CourierPrimitives
import DurableStreamsStorage
import Foundation
import Logging

/// Runs the server's subscriptions: keeps each ``SubscriptionState`` in memory and in the store's control
/// documents, applies the protocol's requests and stream changes through ``SubscriptionState``'s operations, and
/// carries out what they return (wake events appended, lease timers). One operation at a time: each change is
/// persisted before it is answered, so an acknowledged ack survives a crash.
@available(OS2023, *)
actor SubscriptionManager {
    static let folder = "subscriptions"
    static let keyFolder = "subscription-keys"
    static let secretName = "callback-secret"
    static let signingKeysName = "webhook-keys.json"

    let catalog: any StreamCatalog
    let root: StreamRoot
    let logger: Logger
    let tokens: CallbackTokens
    /// Webhook delivery; `nil` when webhooks are disabled.
    let poster: WebhookPoster?
    /// The signing keys, and how long one signs before it is rotated (`nil`: never).
    var keyRing: WebhookKeyRing?
    let keyLifetime: Int64?
    /// The published keys as signers, the active one first.
    var signers: [WebhookSigner] = []
    var rotation: Task<Void, Never>?
    var subscriptions: [String: SubscriptionState] = [:]
    private var leaseTimers: [String: Task<Void, Never>] = [:]
    var deliveries: [String: Task<Void, Never>] = [:]
    private var busy = false
    private var waiting: [CheckedContinuation<Void, Never>] = []
    /// Whether any subscription exists, readable without a hop: stream operations skip the manager when none does.
    nonisolated let isActive = Locked(false)

    private init(
        catalog: any StreamCatalog, root: StreamRoot, logger: Logger, secret: [UInt8], poster: WebhookPoster?,
        keyLifetime: Int64?
    ) {
        self.catalog = catalog
        self.root = root
        self.logger = logger
        self.tokens = CallbackTokens(secret: secret)
        self.poster = poster
        self.keyLifetime = keyLifetime
    }

    /// Loads the subscriptions a store keeps, brings their tails up to date and wakes those with pending work;
    /// `nil` when the store keeps no control documents.
    ///
    /// - Throws: the store's error when its documents cannot be read.
    static func load(
        storage: any StreamStorage, root: StreamRoot, logger: Logger, webhookPolicy: WebhookTargetPolicy?,
        keyLifetime: Duration? = nil
    ) async throws(StreamStorageError) -> SubscriptionManager? {
        guard let catalog = storage as? any StreamCatalog else { return nil }
        let keys = try await catalog.controlDocuments(in: keyFolder)
        var secret = keys[secretName] ?? []
        if secret.count < 32 {
            secret = CallbackTokens.newSecret()
            try await catalog.writeControlDocument(secret, named: secretName, in: keyFolder)
        }
        let lifetime = keyLifetime.map {
            Int64($0.components.seconds * 1000 + $0.components.attoseconds / 1_000_000_000_000_000)
        }
        let manager = SubscriptionManager(
            catalog: catalog, root: root, logger: logger, secret: secret,
            poster: webhookPolicy.map { WebhookPoster(policy: $0, timeout: 10) }, keyLifetime: lifetime)
        if webhookPolicy != nil {
            let ring = keys[signingKeysName].flatMap { try? JSONDecoder().decode(WebhookKeyRing.self, from: Data($0)) }
            if keys[signingKeysName] != nil, ring == nil {
                logger.error("webhook signing keys unreadable; new keys replace them")
            }
            try await manager.installKeys(ring)
        }
        let documents = try await catalog.controlDocuments(in: folder)
        await manager.restore(documents)
        return manager
    }

    private func restore(_ documents: [String: [UInt8]]) async {
        for (name, bytes) in documents {
            guard let state = try? JSONDecoder().decode(SubscriptionState.self, from: Data(bytes)), state.isWithinLimits
            else {
                logger.error("subscription document unreadable; left in place", metadata: ["document": "\(name)"])
                continue
            }
            subscriptions[state.id] = state
        }
        isActive.withLock { $0 = !subscriptions.isEmpty }
        for id in subscriptions.keys.sorted() {
            try? await serialized { () throws(SubscriptionFailure) in try await self.resume(id) }
        }
    }

    /// After a restart: fresh tails, an unclaimed pull wake announced again (its event may not have been
    /// written), an expired lease ended, and pending work woken.
    private func resume(_ id: String) async throws(SubscriptionFailure) {
        guard var state = subscriptions[id] else { return }
        for path in Array(state.links.keys) {
            if let tail = await tail(of: path), var link = state.links[path] {
                link.tail = max(link.tail, tail)
                state.links[path] = link
            }
        }
        var effects = state.expireLease(inputs())
        if let wake = state.wake, wake.holder == nil, state.configuration.kind == .pullWake,
            let wakeStream = state.configuration.wakeStream
        {
            let event = WakeEvent(
                subscriptionId: id, stream: state.firstPending ?? "", generation: state.generation, ts: now())
            effects.append(.appendWakeEvent(wakeStream: wakeStream, event: event))
        }
        if state.wake != nil, state.configuration.kind == .webhook { effects.append(.deliverWebhook) }
        effects += state.wakeIfIdle(inputs())
        try await commit(state, effects)
    }

    /// Stops the lease timers.
    func shutdown() {
        for timer in leaseTimers.values { timer.cancel() }
        leaseTimers = [:]
        for delivery in deliveries.values { delivery.cancel() }
        deliveries = [:]
        rotation?.cancel()
    }

    // MARK: Running operations

    /// Runs `body` once every earlier operation has finished.
    func serialized<Value: Sendable>(_ body: () async throws(SubscriptionFailure) -> Value)
        async throws(SubscriptionFailure) -> Value
    {
        if busy {
            await withCheckedContinuation { waiting.append($0) }
        } else {
            busy = true
        }
        defer {
            if waiting.isEmpty { busy = false } else { waiting.removeFirst().resume() }
        }
        return try await body()
    }

    /// Persists `state` (unless only its tails changed), then carries out `effects` and resets its lease timer.
    /// A failed write leaves the previous state in place.
    func commit(_ state: SubscriptionState, _ effects: [SubscriptionEffect]) async throws(SubscriptionFailure) {
        let previous = subscriptions[state.id]
        if previous.map({ !Self.sameDurablePart($0, state) }) ?? true {
            do {
                try await catalog.writeControlDocument(
                    try state.document(), named: Self.documentName(state.id), in: Self.folder)
            } catch {
                logger.error("subscription not saved", metadata: ["subscription": "\(state.id)", "error": "\(error)"])
                throw SubscriptionFailure(.storageUnavailable, "The subscription could not be saved; try again")
            }
        }
        subscriptions[state.id] = state
        isActive.withLock { $0 = true }
        scheduleLease(state)
        for effect in effects { await perform(effect, for: state.id) }
    }

    /// Whether two states agree on what must survive a restart: everything but the tails, which are read from the
    /// streams again.
    private static func sameDurablePart(_ lhs: SubscriptionState, _ rhs: SubscriptionState) -> Bool {
        guard lhs.generation == rhs.generation, lhs.wake == rhs.wake, lhs.retry == rhs.retry,
            lhs.publicRoot == rhs.publicRoot, lhs.configurationHash == rhs.configurationHash,
            lhs.links.count == rhs.links.count
        else { return false }
        return lhs.links.allSatisfy { path, link in
            guard let other = rhs.links[path] else { return false }
            return link.acked == other.acked && link.explicit == other.explicit && link.glob == other.glob
        }
    }

    /// A file name for a subscription id: its SHA-256, so any id is a safe name.
    static func documentName(_ id: String) -> String {
        SubscriptionConfiguration.sha256(id) + ".json"
    }

    func remove(_ id: String) async throws(SubscriptionFailure) {
        do {
            try await catalog.removeControlDocument(named: Self.documentName(id), in: Self.folder)
        } catch {
            throw SubscriptionFailure(.storageUnavailable, "The subscription could not be deleted; try again")
        }
        subscriptions[id] = nil
        leaseTimers.removeValue(forKey: id)?.cancel()
        deliveries.removeValue(forKey: id)?.cancel()
        isActive.withLock { $0 = !subscriptions.isEmpty }
    }

    private func scheduleLease(_ state: SubscriptionState) {
        leaseTimers.removeValue(forKey: state.id)?.cancel()
        guard let deadline = state.wake?.leaseDeadline else { return }
        let delay = max(0, deadline - now())
        let id = state.id
        leaseTimers[id] = Task { [weak self] in
            try? await Task.sleep(for: .milliseconds(delay + 1))
            guard !Task.isCancelled else { return }
            await self?.leaseEnded(id)
        }
    }

    private func leaseEnded(_ id: String) async {
        try? await serialized { () throws(SubscriptionFailure) in
            guard var state = subscriptions[id] else { return }
            let effects = state.expireLease(inputs())
            try await commit(state, effects)
        }
    }

    // MARK: Inputs

    func now() -> Int64 { Int64((Date().timeIntervalSince1970 * 1000).rounded(.down)) }

    func inputs() -> SubscriptionInputs {
        var generator = SystemRandomNumberGenerator()
        let id = (0..<16).map { _ in String(UInt8.random(in: 0...15, using: &generator), radix: 16) }.joined()
        return SubscriptionInputs(now: now(), wakeId: "w_" + id, tokens: tokens)
    }
}

public import ClerkKit
import CourierPrimitives
public import Foundation
public import Logging
import Wormhole

/// What shared-session sync did, in order.
@available(OS2023, *)
public enum SharedSessionSyncEvent: Sendable {
    /// This process published its identity to its slot and rang the doorbell.
    case published(SharedSessionEvent)
    /// This process adopted the identity another process published.
    case adopted(SharedSessionEvent)
    /// A slot could not be read (corrupt, foreign or unreadable) and was left out; the error holds no secret.
    case skippedSlot(owner: String, ClerkError)
    /// Publishing or listening failed; the identity in this process is unchanged by it.
    case failed(ClerkError)
}

/// Keeps one identity (device token and client) across every process of an app group: the app and its
/// extensions.
///
/// Each process has an owner identifier (for example its bundle identifier) and its own slot in a secure store
/// the group shares. A change of the identity in this process (a sign-in, a sign-out, a newer client) is
/// published to the slot as a ``SharedSessionEvent`` one generation above the highest seen, then announced on a
/// ``SharedSessionDoorbell``. Every process reduces the slots (``SharedSessionReducer``) and adopts the winner
/// through `Clerk.adoptIdentity(_:)`. A corrupt slot is skipped; a stale one never wins.
///
/// Start it before `Clerk.load()`, so that a process launched after a sign-in elsewhere uses that identity.
@available(OS2023, *)
public actor SharedSessionSync {
    private enum Item: Sendable {
        case change(ClerkIdentityChange)
        case doorbell(SharedSessionAnnouncement)
        case synchronize(UUID)
    }

    /// The `Clerk` whose identity is shared.
    public nonisolated let clerk: Clerk
    /// This process's owner identifier.
    public nonisolated let ownerIdentifier: String
    private let slots: SharedSessionSlots
    private let doorbell: SharedSessionDoorbell
    private let logger: Logger
    private let hub = Broadcast<SharedSessionSyncEvent>()
    private var state: SharedSessionState
    private var owners: Set<String>
    private var wormhole: Wormhole?
    private var inbox: AsyncStream<Item>.Continuation?
    private var tasks: [Task<Void, Never>] = []
    private var isStarting = false
    /// Callers of ``synchronize()`` waiting for their read; resumed when it is done or at ``stop()``.
    private var waiting: [UUID: CheckedContinuation<Void, Never>] = [:]

    /// Creates sync for `clerk`.
    ///
    /// - Parameters:
    ///   - clerk: The instance whose identity is shared.
    ///   - ownerIdentifier: This process's name in the group: letters, digits, `.`, `-` and `_`, unique per
    ///     process kind (for example `com.example.app` and `com.example.app.widget`).
    ///   - store: The secure store every process of the group shares (a `KeychainSecureStore` with the group's
    ///     access group on Apple platforms, a `FileSecureStore` in a group directory elsewhere).
    ///   - doorbell: Where the processes announce publications.
    ///   - logger: Where skipped slots and failures are logged (never a token).
    /// - Throws: ``ClerkError/Code/invalidConfiguration`` for an unusable owner identifier.
    public init(
        clerk: Clerk, ownerIdentifier: String, store: any SecureStore, doorbell: SharedSessionDoorbell,
        logger: Logger = Logger(label: "com.clerk.shared-sessions")
    ) throws(ClerkError) {
        guard SharedSessionOwner.isValid(ownerIdentifier) else {
            throw ClerkError(
                .invalidConfiguration, "The owner identifier must be 1–128 letters, digits, '.', '-' or '_'.")
        }
        self.clerk = clerk
        self.ownerIdentifier = ownerIdentifier
        self.slots = SharedSessionSlots(store: store)
        self.doorbell = doorbell
        self.logger = logger
        self.state = SharedSessionState(owner: ownerIdentifier)
        self.owners = [ownerIdentifier]
    }

    /// Creates sync on a directory every process of the group can write: the slots in `secrets/` (owner-only
    /// files, a ``FileSecureStore``) and the doorbell in `doorbell/`.
    public init(
        clerk: Clerk, ownerIdentifier: String, groupDirectory: URL,
        logger: Logger = Logger(label: "com.clerk.shared-sessions")
    ) throws(ClerkError) {
        try self.init(
            clerk: clerk, ownerIdentifier: ownerIdentifier,
            store: try FileSecureStore(directory: groupDirectory.appendingPathComponent("secrets")),
            doorbell: .directory(groupDirectory.appendingPathComponent("doorbell")), logger: logger)
    }

    /// A new subscription to what sync does from now on.
    public nonisolated var events: AsyncStream<SharedSessionSyncEvent> { hub.subscribe() }

    /// Opens the doorbell, adopts the group's identity if it wins (or seeds the slots with this process's), then
    /// follows both sides until ``stop()``. Calling it again while started does nothing.
    ///
    /// - Throws: ``ClerkError/Code/storage`` if the doorbell cannot be opened or listened to.
    public func start() async throws(ClerkError) {
        guard inbox == nil, !isStarting else { return }
        isStarting = true
        defer { isStarting = false }
        let wormhole = try doorbell.makeWormhole()
        let changes = await clerk.identityChanges
        let bells: MessageStream<SharedSessionAnnouncement>
        do {
            let stored = try await storedAnnouncements(wormhole)
            bells = try await wormhole.messages(
                SharedSessionAnnouncement.self, for: SharedSessionDoorbell.identifier,
                after: stored.compactMap(\.sequence).max() ?? 0)
        } catch {
            throw ClerkError(.storage, "The shared session doorbell cannot be read.", underlying: error)
        }
        self.wormhole = wormhole
        let (inbox, continuation) = AsyncStream.makeStream(of: Item.self)
        self.inbox = continuation
        await reconcile()
        tasks = [
            Task { for await change in changes { continuation.yield(.change(change)) } },
            Task {
                for await delivery in bells {
                    if let announcement = delivery.message { continuation.yield(.doorbell(announcement)) }
                }
            },
            Task { [weak self] in
                for await item in inbox {
                    guard let self else { return }
                    await self.process(item)
                }
            },
        ]
    }

    /// Stops following changes and the doorbell; the slots keep what was published.
    public func stop() {
        for task in tasks { task.cancel() }
        tasks = []
        inbox?.finish()
        inbox = nil
        wormhole = nil
        for continuation in waiting.values { continuation.resume() }
        waiting = [:]
    }

    /// Reads the announcements and every slot now, and adopts the winner if it is newer (for example when the app
    /// comes to the foreground); returns once that is done. Does nothing before ``start()``.
    public func synchronize() async {
        guard let inbox else { return }
        let id = UUID()
        await withCheckedContinuation { continuation in
            waiting[id] = continuation
            inbox.yield(.synchronize(id))
        }
    }

    /// The event every process should hold now, read from the slots (`nil` if none is readable).
    public func sharedEvent() -> SharedSessionEvent? {
        SharedSessionReducer.reduce(readSlots()).winner
    }

    // MARK: Driver

    private func process(_ item: Item) async {
        switch item {
        case .change(let change):
            let events = readSlots()
            let current = await clerk.identity
            await perform(state.handle(.identityChanged(change, slots: events, current: current, newEventID: UUID())))
        case .doorbell(let announcement):
            owners.insert(announcement.owner)
            let action = state.handle(
                .doorbell(owner: announcement.owner, generation: announcement.generation, eventID: announcement.eventID)
            )
            if action == .readSlots { await reconcile() }
        case .synchronize(let id):
            if let wormhole { _ = try? await storedAnnouncements(wormhole) }
            await reconcile()
            waiting.removeValue(forKey: id)?.resume()
        }
    }

    /// The stored announcements; their owners join the slots read.
    private func storedAnnouncements(_ wormhole: Wormhole) async throws(WormholeError)
        -> [Delivery<SharedSessionAnnouncement>]
    {
        let stored = try await wormhole.storedMessages(
            SharedSessionAnnouncement.self, for: SharedSessionDoorbell.identifier, limit: SharedSessionDoorbell.capacity
        )
        owners.formUnion(stored.compactMap(\.message?.owner))
        return stored
    }

    private func reconcile() async {
        let events = readSlots()
        let current = await clerk.identity
        await perform(state.handle(.slotsRead(events, current: current, newEventID: UUID())))
    }

    private func readSlots() -> [SharedSessionEvent] {
        let (events, failures) = slots.read(owners)
        for failure in failures {
            logger.warning(
                "A shared session slot was skipped.",
                metadata: ["owner": "\(failure.owner)", "error": "\(failure.error.code)"])
            hub.send(.skippedSlot(owner: failure.owner, failure.error))
        }
        return events
    }

    private func perform(_ action: SharedSessionState.Action) async {
        switch action {
        case .publish(let event):
            do throws(ClerkError) {
                try slots.write(event, owner: ownerIdentifier)
            } catch {
                logger.error("The shared session slot cannot be written.", metadata: ["error": "\(error.code)"])
                hub.send(.failed(error))
                return
            }
            let announcement = SharedSessionAnnouncement(
                owner: ownerIdentifier, generation: event.generation, eventID: event.id)
            do {
                try await wormhole?.send(announcement, to: SharedSessionDoorbell.identifier)
            } catch {
                logger.error("The shared session doorbell cannot be rung.", metadata: ["error": "\(error.code)"])
                hub.send(
                    .failed(ClerkError(.storage, "The shared session doorbell cannot be rung.", underlying: error)))
            }
            hub.send(.published(event))
        case .adopt(let event):
            await clerk.adoptIdentity(event.identity)
            hub.send(.adopted(event))
        case .readSlots:
            await reconcile()
        case .ignore:
            break
        }
    }
}

public import ClerkKit
import CourierPrimitives
import Foundation
public import Logging
public import SundialKitConnectivity
import SundialKitCore

/// How an explicit ``WatchSync/push()`` left the state.
@available(OS2023, *)
public enum WatchSyncPushResult: Sendable, Hashable {
    /// The counterpart is reachable: the context is delivered now.
    case delivered
    /// The counterpart is out of reach: the context (latest wins) is delivered when it next is.
    case pending
}

/// What watch sync did, in order.
@available(OS2023, *)
public enum WatchSyncEvent: Sendable {
    /// This device sent its state.
    case pushed(WatchSyncState)
    /// This device adopted the state its counterpart sent.
    case adopted(WatchSyncState)
    /// A received state lost to this device's (an echo or a stale context); `replied` says whether this device
    /// sent its own back because it would win there.
    case kept(received: WatchSyncState, replied: Bool)
    /// A received context was not a usable state and changed nothing.
    case rejected(ClerkError)
    /// An automatic push could not be sent (no paired device, no companion app, session not activated); the
    /// next change or ``WatchSync/push()`` tries again.
    case pushSkipped(ClerkError)
}

/// Keeps the identity of an iPhone app and its Apple Watch app in step through SundialKit's application context
/// (latest wins; delivered when the counterpart is next reachable).
///
/// Each change of the identity on one device (a sign-in, a sign-out, a newer client) is sent as a
/// ``WatchSyncState``; the other device adopts it through `Clerk.adoptIdentity(_:)` when it wins
/// (``WatchSyncState/supersedes(_:from:)``) and answers with its own only when its own would win there.
@available(OS2023, *)
public actor WatchSync {
    private enum Item: Sendable {
        case change(ClerkIdentityChange)
        case received(ConnectivityMessage)
    }

    /// The `Clerk` whose identity is synced.
    public nonisolated let clerk: Clerk
    /// This device.
    public nonisolated let side: WatchSyncSide
    private let manager: ConnectivityManager
    private let logger: Logger
    private let hub = Broadcast<WatchSyncEvent>()
    private var clearGeneration: UInt64 = 0
    private var lastToken: String?
    /// What this device last sent, so that a response that changed nothing but the server date is not resent.
    private var lastPushed: WatchSyncState?
    private var subscription: ConnectivityEventSubscription?
    private var tasks: [Task<Void, Never>] = []
    private var isStarting = false

    /// Creates sync for `clerk` over `manager` (whose session is `WCSession` on a device, or a
    /// `SundialKitTesting.PairedSessions` side in tests). Activate the manager before or after ``start()``.
    public init(
        clerk: Clerk, manager: ConnectivityManager, side: WatchSyncSide,
        logger: Logger = Logger(label: "com.clerk.watch-sync")
    ) {
        self.clerk = clerk
        self.manager = manager
        self.side = side
        self.logger = logger
    }

    /// A new subscription to what sync does from now on.
    public nonisolated var events: AsyncStream<WatchSyncEvent> { hub.subscribe() }

    /// The state this device sends: its identity and clear generation.
    public var state: WatchSyncState {
        get async { WatchSyncState(identity: await clerk.identity, clearGeneration: clearGeneration) }
    }

    /// Follows this device's identity changes and the counterpart's contexts until ``stop()``; first applies a
    /// context received before. Calling it again while started does nothing.
    public func start() async {
        guard subscription == nil, !isStarting else { return }
        isStarting = true
        defer { isStarting = false }
        let changes = await clerk.identityChanges
        lastToken = await clerk.identity.deviceToken
        let (inbox, continuation) = AsyncStream.makeStream(of: Item.self)
        subscription = manager.addEventHandler { event in
            if case .messageReceived(let received) = event, received.transport == .applicationContext {
                continuation.yield(.received(received.message))
            }
        }
        let stored = manager.receivedApplicationContext
        if !stored.isEmpty { continuation.yield(.received(stored)) }
        tasks = [
            Task { for await change in changes { continuation.yield(.change(change)) } },
            Task { [weak self] in
                for await item in inbox {
                    guard let self else { return }
                    await self.process(item)
                }
            },
        ]
    }

    /// Stops following changes and contexts.
    public func stop() {
        subscription?.cancel()
        subscription = nil
        for task in tasks { task.cancel() }
        tasks = []
    }

    /// Sends this device's state now.
    ///
    /// - Returns: Whether the counterpart receives it now or when it is next reachable.
    /// - Throws: ``ClerkError/Code/invalidState`` when nothing can be sent: the session is not activated, no
    ///   Apple Watch is paired, or the counterpart app is not installed (the SundialKit error is `underlying`);
    ///   ``ClerkError/Code/encoding`` if the state cannot be encoded.
    @discardableResult
    public func push() async throws(ClerkError) -> WatchSyncPushResult {
        let state = await self.state
        let environment = await environmentData()
        let context = try WatchSyncPayload.context(for: state, environment: environment)
        do {
            try manager.updateApplicationContext(context)
        } catch {
            throw ClerkError(
                .invalidState, "The paired device cannot receive the sign-in state now.", underlying: error)
        }
        lastPushed = state
        hub.send(.pushed(state))
        return manager.state.isReachable ? .delivered : .pending
    }

    // MARK: Driver

    private func process(_ item: Item) async {
        switch item {
        case .change(let change):
            let previous = WatchSyncState(
                identity: ClerkIdentity(deviceToken: lastToken), clearGeneration: clearGeneration)
            lastToken = change.identity.deviceToken
            guard change.origin == .local else { return }
            clearGeneration = previous.afterLocalChange(to: change.identity).clearGeneration
            if let lastPushed, lastPushed.clearGeneration == clearGeneration,
                lastPushed.identity.deviceToken == change.identity.deviceToken,
                lastPushed.identity.client == change.identity.client
            {
                return
            }
            await automaticPush()
        case .received(let context):
            await receive(context)
        }
    }

    private func receive(_ context: ConnectivityMessage) async {
        let incoming: WatchSyncState
        do throws(ClerkError) {
            guard let decoded = try WatchSyncPayload.state(from: context) else { return }
            incoming = decoded
        } catch {
            logger.warning("A context from the paired device was rejected.", metadata: ["error": "\(error.code)"])
            hub.send(.rejected(error))
            return
        }
        let held = await state
        switch WatchSyncDecision(incoming: incoming, held: held, receiver: side) {
        case .adopt(let state):
            clearGeneration = max(clearGeneration, state.clearGeneration)
            lastToken = state.identity.deviceToken
            lastPushed = state
            await clerk.adoptIdentity(state.identity)
            hub.send(.adopted(state))
        case .reply:
            hub.send(.kept(received: incoming, replied: true))
            await automaticPush()
        case .ignore:
            hub.send(.kept(received: incoming, replied: false))
        }
    }

    private func automaticPush() async {
        do throws(ClerkError) {
            try await push()
        } catch {
            logger.debug("The sign-in state was not sent to the paired device.", metadata: ["error": "\(error.code)"])
            hub.send(.pushSkipped(error))
        }
    }

    /// The phone's environment, encoded for the counterpart; the watch sends none.
    private func environmentData() async -> Data? {
        guard side == .phone, let environment = await clerk.environment else { return nil }
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .millisecondsSince1970
        return try? encoder.encode(environment)
    }
}

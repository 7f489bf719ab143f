import CourierPrimitives
import Foundation

/// The parts of a wormhole that streams and listeners share with it: storage, notifications, encoding, and the
/// registry of live subscriptions and listeners (so releasing the wormhole ends them all).
@available(OS2021, *)
final class WormholeCore: Sendable {
    let configuration: Configuration
    let directory: URL?
    let transiting: any TransitingStrategy
    let notifier: any WormholeNotifier
    let serializer: any MessageSerializer

    private struct Registry {
        var subscriptions: [ObjectIdentifier: Subscription] = [:]
        var listeners: [ListenerToken: Listener] = [:]
        var isShutDown = false
    }

    /// A listener's or responder's task, and how to end it after the delivery or answer in progress.
    struct Listener: Sendable {
        var task: Task<Void, Never>
        /// Ends the loop's subscription: the loop takes nothing more and ends once its current step is done.
        var finish: @Sendable () -> Void
    }

    private let registry = Locked(Registry())

    init(configuration: Configuration) throws(WormholeError) {
        self.configuration = configuration
        let directory = try ContainerLocator.directory(for: configuration.location)
        self.directory = directory
        let limit = configuration.maximumMessageSize
        let access = configuration.fileAccess
        let options = FileTransitingOptions(limit, access, configuration.durability)

        func needDirectory(_ what: String) throws(WormholeError) -> URL {
            guard let directory else { throw .unsupported("\(what) needs a directory or an app group") }
            return directory
        }

        switch configuration.transitingStrategy {
        case .file:
            transiting = try FileTransiting(
                directory: needDirectory("the file strategy"), options: options, partialWriteHook: nil)
        case .coordinatedFile:
            transiting = try CoordinatedFileTransiting(
                options: options, directory: needDirectory("the coordinated file strategy"))
        case .userDefaults:
            let suite =
                configuration.appGroupIdentifier
                ?? "wormhole.\(ContainerLocator.namespace(for: configuration.location))"
            transiting = try UserDefaultsTransiting(suiteName: suite, maximumMessageSize: limit)
        case .custom(let strategy):
            transiting = strategy
        }

        switch configuration.notifications {
        case .custom(let custom):
            notifier = custom
        case .automatic:
            #if canImport(notify)
            notifier = DarwinNotifier(namespace: ContainerLocator.namespace(for: configuration.location))
            #elseif os(Linux)
            notifier = try InotifyNotifier(directory: needDirectory("inotify notifications"), access: access)
            #else
            throw .unsupported("no cross-process notifications on this platform; pass a custom notifier")
            #endif
        }

        serializer = configuration.serializationFormat.serializer
    }

    /// Opens a subscription for `identifier` positioned after `sequence`, or at what is stored now, and
    /// registers it for notifications.
    func subscribe(_ identifier: MessageIdentifier, after sequence: UInt64?) throws(WormholeError)
        -> SubscriptionHandle
    {
        let subscription = try makeSubscription(identifier, after: sequence)
        try subscription.attach(to: notifier)
        let key = ObjectIdentifier(subscription)
        let accepted = registry.withLock { registry -> Bool in
            guard !registry.isShutDown else { return false }
            registry.subscriptions[key] = subscription
            return true
        }
        if !accepted { subscription.finish() }
        return SubscriptionHandle(subscription: subscription) { [weak self] in
            self?.registry.withLock { _ = $0.subscriptions.removeValue(forKey: key) }
        }
    }

    func addListener(_ token: ListenerToken, _ listener: Listener) {
        let accepted = registry.withLock { registry -> Bool in
            guard !registry.isShutDown else { return false }
            registry.listeners[token] = listener
            return true
        }
        if !accepted { listener.task.cancel() }
    }

    func removeListeners(where predicate: (ListenerToken) -> Bool) {
        let listeners = registry.withLock { registry -> [Listener] in
            let tokens = registry.listeners.keys.filter(predicate)
            return tokens.compactMap { registry.listeners.removeValue(forKey: $0) }
        }
        for listener in listeners { listener.task.cancel() }
    }

    /// Ends the listener of `token` after its current step (without cancelling it) and waits until it has ended.
    func finishListener(_ token: ListenerToken) async {
        guard let listener = registry.withLock({ $0.listeners.removeValue(forKey: token) }) else { return }
        listener.finish()
        await listener.task.value
    }

    /// Ends every stream and listener.
    func shutDown() {
        let (subscriptions, listeners) = registry.withLock { registry in
            registry.isShutDown = true
            defer {
                registry.subscriptions.removeAll()
                registry.listeners.removeAll()
            }
            return (Array(registry.subscriptions.values), Array(registry.listeners.values))
        }
        for listener in listeners { listener.task.cancel() }
        for subscription in subscriptions { subscription.finish() }
    }
}

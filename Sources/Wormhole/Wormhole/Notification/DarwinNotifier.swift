#if canImport(notify)
import Dispatch
import notify

/// Cross-process notifications on Apple platforms through the Darwin notification center (`notify(3)`), as
/// MMWormhole uses.
///
/// Darwin notification names are global to the device, so names are namespaced: `wormhole.<namespace>.<name>`,
/// where the namespace is derived from the app group and directory (see ``Wormhole``), so unrelated apps using
/// the same identifiers never ring each other. Handlers run on a private serial queue.
@available(OS2021, *)
public final class DarwinNotifier: WormholeNotifier {
    private let notifier: NotifyCenterNotifier<SystemNotifyCenter>

    /// Prepended (with `wormhole.` and a dot) to every notification name.
    public var namespace: String { notifier.namespace }

    /// Creates a notifier whose notification names start with `wormhole.<namespace>.`.
    public init(namespace: String) {
        notifier = NotifyCenterNotifier(namespace: namespace, center: SystemNotifyCenter())
    }

    /// Posts `notification` with `notify_post`.
    ///
    /// - Throws: ``WormholeError/Code/notificationFailed`` if `notify_post` fails.
    public func post(_ notification: WormholeNotification) throws(WormholeError) {
        try notifier.post(notification)
    }

    /// Observes `notification` with `notify_register_dispatch`.
    ///
    /// - Throws: ``WormholeError/Code/notificationFailed`` if registration fails.
    public func observe(_ notification: WormholeNotification, handler: @escaping @Sendable () -> Void)
        throws(WormholeError) -> NotificationObservation
    {
        try notifier.observe(notification, handler: handler)
    }
}

/// The Darwin notification center itself: only the `notify_*` calls.
@available(OS2021, *)
struct SystemNotifyCenter: NotifyCenter {
    func post(_ name: String) -> UInt32 {
        notify_post(name)
    }

    func register(_ name: String, queue: DispatchQueue, handler: @escaping @Sendable () -> Void)
        -> (status: UInt32, token: Int32)
    {
        var token: Int32 = 0
        let status = notify_register_dispatch(name, &token, queue) { _ in handler() }
        return (status, token)
    }

    func cancel(_ token: Int32) -> UInt32 {
        notify_cancel(token)
    }
}
#endif

#if canImport(notify)
import Dispatch
import notify

/// Cross-process notifications on Apple platforms through the Darwin notification center (`notify(3)`), as
/// MMWormhole uses.
///
/// Darwin notification names are global to the device, so names are namespaced: `wormhole.<namespace>.<name>`,
/// where the namespace is derived from the app group and directory (see ``Wormhole``), so unrelated apps using
/// the same identifiers never ring each other. Handlers run on a private serial queue.
public final class DarwinNotifier: WormholeNotifier {
    /// Prepended (with `wormhole.` and a dot) to every notification name.
    public let namespace: String

    private let queue = DispatchQueue(label: "Wormhole.DarwinNotifier")

    /// Creates a notifier whose notification names start with `wormhole.<namespace>.`.
    public init(namespace: String) {
        self.namespace = namespace
    }

    private func fullName(_ notification: WormholeNotification) throws(WormholeError) -> String {
        "wormhole.\(namespace).\(try notification.name())"
    }

    /// Posts `notification` with `notify_post`.
    ///
    /// - Throws: ``WormholeError/notificationFailed(name:reason:)`` if `notify_post` fails.
    public func post(_ notification: WormholeNotification) throws(WormholeError) {
        let name = try fullName(notification)
        let status = notify_post(name)
        guard status == 0 else {  // NOTIFY_STATUS_OK
            throw .notificationFailed(name: name, reason: "notify_post returned \(status)")
        }
    }

    /// Observes `notification` with `notify_register_dispatch`.
    ///
    /// - Throws: ``WormholeError/notificationFailed(name:reason:)`` if registration fails.
    public func observe(_ notification: WormholeNotification, handler: @escaping @Sendable () -> Void)
        throws(WormholeError) -> NotificationObservation
    {
        let name = try fullName(notification)
        var token: Int32 = 0
        let status = notify_register_dispatch(name, &token, queue) { _ in handler() }
        guard status == 0 else {  // NOTIFY_STATUS_OK
            throw .notificationFailed(name: name, reason: "notify_register_dispatch returned \(status)")
        }
        let registered = token
        return NotificationObservation { _ = notify_cancel(registered) }
    }
}
#endif

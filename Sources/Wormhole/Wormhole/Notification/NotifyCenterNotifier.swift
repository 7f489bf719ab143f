package import Dispatch

/// The four calls of the Darwin notification center (`notify(3)`), as a seam: the Apple adapter
/// (``DarwinNotifier``) makes them with `notify_*`; tests on any platform use a simulated center.
@available(OS2021, *)
package protocol NotifyCenter: Sendable {
    /// `notify_post`: the status (0 is `NOTIFY_STATUS_OK`).
    func post(_ name: String) -> UInt32

    /// `notify_register_dispatch`: the status and, when it is 0, the registration's token.
    func register(_ name: String, queue: DispatchQueue, handler: @escaping @Sendable () -> Void)
        -> (status: UInt32, token: Int32)

    /// `notify_cancel`: the status.
    @discardableResult
    func cancel(_ token: Int32) -> UInt32
}

/// Everything the Darwin notifier decides, over any ``NotifyCenter``: namespaced names, the meaning of each
/// status, and ending each registration exactly once.
///
/// Darwin notification names are global to the device, so names are namespaced: `wormhole.<namespace>.<name>`,
/// where the namespace is derived from the app group and directory (see ``Wormhole``), so unrelated apps using
/// the same identifiers never ring each other. Handlers run on a private serial queue.
@available(OS2021, *)
package final class NotifyCenterNotifier<Center: NotifyCenter>: WormholeNotifier {
    /// Prepended (with `wormhole.` and a dot) to every notification name.
    package let namespace: String

    private let center: Center
    private let queue = DispatchQueue(label: "Wormhole.DarwinNotifier")

    /// Creates a notifier whose notification names start with `wormhole.<namespace>.`.
    package init(namespace: String, center: Center) {
        self.namespace = namespace
        self.center = center
    }

    /// The name `notification` has in the notification center.
    ///
    /// - Throws: ``WormholeError/Code/invalidIdentifier``.
    package func fullName(_ notification: WormholeNotification) throws(WormholeError) -> String {
        "wormhole.\(namespace).\(try notification.name())"
    }

    /// Posts `notification`.
    ///
    /// - Throws: ``WormholeError/Code/notificationFailed`` if the center refuses it.
    package func post(_ notification: WormholeNotification) throws(WormholeError) {
        let name = try fullName(notification)
        if let error = Self.failure("notify_post", status: center.post(name), name: name) { throw error }
    }

    /// Observes `notification`; `handler` runs on the notifier's queue.
    ///
    /// - Throws: ``WormholeError/Code/notificationFailed`` if the center refuses the registration.
    package func observe(_ notification: WormholeNotification, handler: @escaping @Sendable () -> Void)
        throws(WormholeError) -> NotificationObservation
    {
        let name = try fullName(notification)
        let (status, token) = center.register(name, queue: queue, handler: handler)
        if let error = Self.failure("notify_register_dispatch", status: status, name: name) { throw error }
        return NotificationObservation { [center] in center.cancel(token) }
    }

    /// The error for a `notify_*` status, or `nil` for `NOTIFY_STATUS_OK` (0).
    package static func failure(_ call: String, status: UInt32, name: String) -> WormholeError? {
        guard status != 0 else { return nil }
        let meaning: String
        switch status {
        case 1: meaning = "invalid name"
        case 2: meaning = "invalid token"
        case 3: meaning = "invalid port"
        case 4: meaning = "invalid file"
        case 5: meaning = "invalid signal"
        case 6: meaning = "invalid request"
        case 7: meaning = "not authorized"
        case 8: meaning = "disabled by option"
        case 9: meaning = "notifyd not found (is the sandbox blocking it?)"
        case 10: meaning = "null input"
        case 1_000_000: meaning = "failed"
        default: meaning = "unknown status"
        }
        var error = WormholeError.notificationFailed(name: name, reason: "\(call) returned \(status) (\(meaning))")
        error.context.operation = call
        return error
    }
}

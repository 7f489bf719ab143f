import CourierPrimitives

/// A payload-less, cross-process notification: "something changed on this identifier" or "signal".
@available(OS2021, *)
public struct WormholeNotification: Hashable, Sendable {
    /// What the notification announces.
    public enum Kind: Hashable, Sendable {
        /// The stored message or queue of the identifier changed (written or cleared).
        case changed
        /// A signal sent with ``Wormhole/signal(_:)``.
        case signal
    }

    /// The identifier concerned.
    public var identifier: MessageIdentifier

    /// What the notification announces.
    public var kind: Kind

    /// Creates a notification.
    public init(identifier: MessageIdentifier, kind: Kind) {
        self.identifier = identifier
        self.kind = kind
    }

    /// The notification's name: the identifier's escaped name (``MessageIdentifier/fileSystemName()``), followed
    /// by `~signal` for signals. (`~` is always escaped in identifiers, so names never collide.)
    ///
    /// - Throws: ``WormholeError/invalidIdentifier(_:reason:)``.
    public func name() throws(WormholeError) -> String {
        let base = try identifier.fileSystemName()
        switch kind {
        case .changed: return base
        case .signal: return base + "~signal"
        }
    }
}

/// Tells other processes (and this one) that something happened on an identifier.
///
/// Notifications carry no payload and may coalesce: several posts can wake an observer once. Receivers therefore
/// read the stored state after waking rather than count notifications. Handlers run on a thread of the notifier's
/// choosing and must return quickly.
@available(OS2021, *)
public protocol WormholeNotifier: Sendable {
    /// Posts `notification` to every observer, in every process.
    ///
    /// - Throws: ``WormholeError/notificationFailed(name:reason:)`` or
    ///   ``WormholeError/invalidIdentifier(_:reason:)``.
    func post(_ notification: WormholeNotification) throws(WormholeError)

    /// Calls `handler` whenever `notification` is posted, until the returned observation is cancelled or released.
    ///
    /// - Throws: ``WormholeError/notificationFailed(name:reason:)`` or
    ///   ``WormholeError/invalidIdentifier(_:reason:)``.
    func observe(_ notification: WormholeNotification, handler: @escaping @Sendable () -> Void)
        throws(WormholeError) -> NotificationObservation
}

/// A registration with a ``WormholeNotifier``; cancelled by ``cancel()`` or when released.
@available(OS2021, *)
public final class NotificationObservation: Sendable {
    private let onCancel: Locked<(@Sendable () -> Void)?>

    /// Creates an observation that runs `onCancel` once, when cancelled or released.
    public init(onCancel: @escaping @Sendable () -> Void) {
        self.onCancel = Locked(onCancel)
    }

    /// Stops the observation. Calling it again does nothing.
    public func cancel() {
        let action = onCancel.withLock { state -> (@Sendable () -> Void)? in
            defer { state = nil }
            return state
        }
        action?()
    }

    deinit {
        cancel()
    }
}

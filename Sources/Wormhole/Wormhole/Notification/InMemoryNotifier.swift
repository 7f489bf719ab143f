/// Delivers notifications within this process only, synchronously on the posting thread.
///
/// Share one instance between wormholes (see ``Configuration/inMemory(transiting:notifier:)``) to connect them in
/// tests and previews.
@available(OS2021, *)
public final class InMemoryNotifier: WormholeNotifier {
    private let registry = HandlerRegistry()

    /// Creates a notifier with no observers.
    public init() {}

    /// Calls every observer of `notification` before returning.
    ///
    /// - Throws: ``WormholeError/invalidIdentifier(_:reason:)``.
    public func post(_ notification: WormholeNotification) throws(WormholeError) {
        registry.fire(try notification.name())
    }

    /// Observes `notification`.
    ///
    /// - Throws: ``WormholeError/invalidIdentifier(_:reason:)``.
    public func observe(_ notification: WormholeNotification, handler: @escaping @Sendable () -> Void)
        throws(WormholeError) -> NotificationObservation
    {
        let name = try notification.name()
        let id = registry.add(name, handler)
        return NotificationObservation { [registry] in registry.remove(name, id) }
    }
}

import CourierPrimitives

/// A registration returned by ``NetworkMonitor/observe(_:)``: the handler stays registered until ``cancel()`` is
/// called or the observation is released.
public final class NetworkObservation: Sendable {
    private let onCancel: Locked<(@Sendable () -> Void)?>

    init(onCancel: @escaping @Sendable () -> Void) {
        self.onCancel = Locked(onCancel)
    }

    /// Unregisters the handler. Calling it again does nothing.
    public func cancel() {
        let action = onCancel.withLock { action in
            defer { action = nil }
            return action
        }
        action?()
    }

    deinit {
        cancel()
    }
}

/// How an identifier keeps its messages.
@available(OS2021, *)
public struct DeliveryMode: Hashable, Sendable, CustomStringConvertible {
    private enum Storage: Hashable, Sendable {
        case latest
        case queue(capacity: Int)
    }

    private let storage: Storage

    /// Only the newest message is kept, as in MMWormhole. A receiver that falls behind sees the newest message,
    /// with ``Delivery/missedCount`` telling how many it skipped.
    public static let latest = DeliveryMode(storage: .latest)

    /// Every message is kept, in order, up to `capacity` messages; receivers read each one. Writers racing on
    /// one identifier, even from different processes, never overwrite each other.
    ///
    /// - Parameter capacity: How many messages the queue holds before the oldest are dropped (at least 1).
    public static func queue(capacity: Int = 1024) -> DeliveryMode {
        DeliveryMode(storage: .queue(capacity: max(1, capacity)))
    }

    /// The queue capacity, or `nil` in latest-value mode.
    public var queueCapacity: Int? {
        if case .queue(let capacity) = storage { return capacity }
        return nil
    }

    /// Whether messages are queued.
    public var isQueue: Bool { queueCapacity != nil }

    /// `latest` or `queue(capacity: N)`.
    public var description: String {
        switch storage {
        case .latest: return "latest"
        case .queue(let capacity): return "queue(capacity: \(capacity))"
        }
    }
}

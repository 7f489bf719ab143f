public import SundialKitCore

#if canImport(Combine)
public import Combine
#else
@preconcurrency public import OpenCombine
#endif

/// The `@Published` path values of a ``NetworkObserver``: its status, cost and constraint.
///
/// `NetworkObserver` inherits them from this non-generic class. `@Published` properties reach their storage
/// through key paths, and key paths into a generic class are built anew at every access; here they are built
/// once, so a path update costs about a microsecond instead of tens.
@available(OS2019, *)
public class NetworkPathObserver: ObservableObject, @unchecked Sendable {
    // Sendable: the properties are written only by the subclass's monitor deliveries, one at a time; see
    // `NetworkObserver` for the threads.

    /// The latest path status (`PathStatus.unknown` before the first path).
    @Published public private(set) var pathStatus: PathStatus
    /// Whether the latest path is expensive.
    @Published public private(set) var isExpensive: Bool
    /// Whether the latest path is constrained.
    @Published public private(set) var isConstrained: Bool

    init(state: NetworkState) {
        pathStatus = state.pathStatus
        isExpensive = state.isExpensive
        isConstrained = state.isConstrained
        // OpenCombine creates each `$property` publisher lazily, without a lock: create them now, before anything
        // is published, so that later subscriptions cannot race an update.
        _ = ($pathStatus, $isExpensive, $isConstrained)
    }

    /// Sets the properties whose values changed.
    final func publishPath(_ state: NetworkState) {
        if state.pathStatus != pathStatus { pathStatus = state.pathStatus }
        if state.isExpensive != isExpensive { isExpensive = state.isExpensive }
        if state.isConstrained != isConstrained { isConstrained = state.isConstrained }
    }
}

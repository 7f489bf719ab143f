import CourierPrimitives
import Foundation
import SundialKitCore

/// A `PathMonitor` a test drives: it delivers the paths the test sends, on the caller's thread, at once.
///
/// `send(_:)` calls the handler whether or not the monitor is started, as a late delivery from a real monitor
/// would; monitors built on it must drop paths that arrive while they are stopped.
public final class ScriptedPathMonitor: FailureReportingPathMonitor, Sendable {
    /// Paths are ``ScriptedPath``s.
    public typealias PathType = ScriptedPath

    private struct State {
        var handler: (@Sendable (ScriptedPath) -> Void)?
        var failureHandler: (@Sendable (NetworkError) -> Void)?
        var isRunning = false
        var startCount = 0
        var cancelCount = 0
        var queueLabel: String?
    }

    /// A start or a cancel.
    public enum LifecycleEvent: Equatable, Sendable {
        /// ``start(queue:)`` was called.
        case started
        /// ``cancel()`` was called.
        case cancelled
    }

    private let state = Locked(State())
    private let initialPath: ScriptedPath?
    private let lifecycle = Broadcast<LifecycleEvent>()

    /// Starts and cancels from now on, as they happen.
    public func lifecycleEvents() -> AsyncStream<LifecycleEvent> {
        lifecycle.subscribe()
    }

    /// Creates a monitor that delivers `initialPath` (if any) each time it starts, before `start` returns.
    public init(initialPath: ScriptedPath? = ScriptedPath(pathStatus: .satisfied(.wiredEthernet))) {
        self.initialPath = initialPath
    }

    /// Whether the monitor is started.
    public var isRunning: Bool { state.withLock { $0.isRunning } }
    /// How many times it was started.
    public var startCount: Int { state.withLock { $0.startCount } }
    /// How many times it was cancelled.
    public var cancelCount: Int { state.withLock { $0.cancelCount } }
    /// The label of the queue it was last started on.
    public var queueLabel: String? { state.withLock { $0.queueLabel } }

    /// Sets the path handler.
    public func onPathUpdate(_ handler: @escaping @Sendable (ScriptedPath) -> Void) {
        state.withLock { $0.handler = handler }
    }

    /// Sets the failure handler.
    public func onFailure(_ handler: @escaping @Sendable (NetworkError) -> Void) {
        state.withLock { $0.failureHandler = handler }
    }

    /// Starts; delivers the initial path, if any.
    public func start(queue: DispatchQueue) {
        let handler = state.withLock { state in
            state.isRunning = true
            state.startCount += 1
            state.queueLabel = queue.label
            return state.handler
        }
        lifecycle.send(.started)
        if let initialPath {
            handler?(initialPath)
        }
    }

    /// Stops.
    public func cancel() {
        state.withLock { state in
            state.isRunning = false
            state.cancelCount += 1
        }
        lifecycle.send(.cancelled)
    }

    /// Delivers a path to the handler, on the caller's thread, before returning.
    public func send(_ path: ScriptedPath) {
        state.withLock { $0.handler }?(path)
    }

    /// Delivers a path with this status (not expensive, not constrained).
    public func send(_ status: PathStatus) {
        send(ScriptedPath(pathStatus: status))
    }

    /// Reports a failure to the failure handler.
    public func fail(_ error: NetworkError) {
        state.withLock { $0.failureHandler }?(error)
    }
}

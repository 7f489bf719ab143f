import CourierPrimitives
public import Foundation
public import SundialKitCore

/// A `PathMonitor` a test drives: it delivers the paths the test sends, on the caller's thread, at once.
///
/// `send(_:)` calls the handler whether or not the monitor is started, as a late delivery from a real monitor
/// would; monitors built on it must drop paths that arrive while they are stopped.
///
/// Created with `isRestartable: false`, it behaves as `NWPathMonitor` does: once cancelled, it never delivers a
/// path again, even if started again. Use that to check that code creates a fresh monitor for every start.
@available(OS2019, *)
public final class ScriptedPathMonitor: FailureReportingPathMonitor, Sendable {
    /// Paths are ``ScriptedPath``s.
    public typealias PathType = ScriptedPath

    private struct State {
        var handler: (@Sendable (ScriptedPath) -> Void)?
        var failureHandler: (@Sendable (NetworkError) -> Void)?
        var isRunning = false
        var isCancelled = false
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
    private let isRestartable: Bool
    private let lifecycle = Broadcast<LifecycleEvent>()

    /// Starts and cancels from now on, as they happen.
    public func lifecycleEvents() -> AsyncStream<LifecycleEvent> {
        lifecycle.subscribe()
    }

    /// Creates a monitor that delivers `initialPath` (if any) each time it starts, before `start` returns.
    /// - Parameters:
    ///   - initialPath: The path delivered at each start.
    ///   - isRestartable: Whether it can be started again after ``cancel()``; `false` behaves as `NWPathMonitor`:
    ///     after a cancel it delivers nothing, ever.
    public init(
        initialPath: ScriptedPath? = ScriptedPath(pathStatus: .satisfied(.wiredEthernet)),
        isRestartable: Bool = true
    ) {
        self.initialPath = initialPath
        self.isRestartable = isRestartable
    }

    /// Whether it was cancelled while it cannot restart, so it delivers nothing any more.
    public var isDead: Bool { state.withLock { $0.isCancelled && !isRestartable } }

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
        let handler = state.withLock { state -> (@Sendable (ScriptedPath) -> Void)? in
            state.startCount += 1
            state.queueLabel = queue.label
            guard isRestartable || !state.isCancelled else { return nil }
            state.isRunning = true
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
            state.isCancelled = true
            state.cancelCount += 1
        }
        lifecycle.send(.cancelled)
    }

    /// Delivers a path to the handler, on the caller's thread, before returning.
    public func send(_ path: ScriptedPath) {
        state.withLock { state -> (@Sendable (ScriptedPath) -> Void)? in
            isRestartable || !state.isCancelled ? state.handler : nil
        }?(path)
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

/// The server's phases as a value: inputs (start, started, start failed, stop, stopped) return what the
/// driver, ``DurableStreamsServer``, must do. Generic over what a running server holds, so that it is tested
/// without sockets.
package struct ServerLifecycle<Running> {
    fileprivate enum Phase {
        case idle
        case starting(stopRequested: Bool)
        case running(Running)
        case stopping
        case stopped
    }

    /// What to do after the server has started.
    package enum AfterStart {
        /// Serve.
        case serve
        /// A stop was asked for while starting: stop now.
        case stop
    }

    private var phase = Phase.idle

    /// Creates the lifecycle of a server not yet started.
    package init() {}

    /// What the running server holds, while it runs.
    package var running: Running? {
        if case .running(let running) = phase { return running }
        return nil
    }

    /// Whether the server has stopped for good (a stopped server is not started again).
    package var isStopped: Bool {
        if case .stopped = phase { return true }
        return false
    }

    /// `start()` was called: `true` if it may proceed (only once, from idle).
    package mutating func startRequested() -> Bool {
        guard case .idle = phase else { return false }
        phase = .starting(stopRequested: false)
        return true
    }

    /// Starting succeeded.
    package mutating func started(_ running: Running) -> AfterStart {
        guard case .starting(let stopRequested) = phase else { return .stop }
        phase = .running(running)
        return stopRequested ? .stop : .serve
    }

    /// Starting failed: the server may be started again.
    package mutating func startFailed() {
        if case .starting = phase { phase = .idle }
    }

    /// `stop()` was called: what to stop, or `nil` if there is nothing to stop now (never started, already
    /// stopping or stopped; while starting, the stop happens once started).
    package mutating func stopRequested() -> Running? {
        switch phase {
        case .running(let running):
            phase = .stopping
            return running
        case .starting:
            phase = .starting(stopRequested: true)
            return nil
        case .idle, .stopping, .stopped:
            return nil
        }
    }

    /// The server has stopped.
    package mutating func stopped() {
        phase = .stopped
    }
}

extension ServerLifecycle: Sendable where Running: Sendable {}
extension ServerLifecycle.Phase: Sendable where Running: Sendable {}

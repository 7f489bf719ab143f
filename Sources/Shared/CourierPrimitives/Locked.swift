import Foundation

/// A value guarded by a lock.
///
/// The portable stand-in for `Synchronization.Mutex`, which needs macOS 15 / iOS 18 on Apple platforms.
/// Keep critical sections short and never call out to user code while holding the lock. A `Locked` is `Sendable`
/// only when its state is, so it can never smuggle a non-`Sendable` value across isolation domains.
package final class Locked<State> {
    private let lock = NSLock()
    private var state: State

    /// Creates a lock around an initial state.
    package init(_ initialState: State) {
        self.state = initialState
    }

    /// Runs `body` with exclusive access to the state.
    package func withLock<Result, Failure: Error>(
        _ body: (inout State) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }

    /// A copy of the current state.
    package var value: State {
        withLock { $0 }
    }
}

// The lock serializes every access to `state`, and only `Sendable` state may leave through `value` or `withLock`.
extension Locked: @unchecked Sendable where State: Sendable {}

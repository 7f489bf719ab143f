import Foundation

/// A value guarded by a lock (ClerkKit depends on Foundation only, so it keeps its own).
@available(OS2023, *)
final class Protected<State> {
    private let lock = NSLock()
    private var state: State

    init(_ initialState: State) {
        self.state = initialState
    }

    /// Runs `body` with exclusive access to the state. Never call out to user code inside.
    func withLock<Result, Failure: Error>(_ body: (inout State) throws(Failure) -> Result) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }

    /// A copy of the current state.
    var value: State { withLock { $0 } }
}

// Sendable because every access to `state` holds `lock`, and only for Sendable state: a guarded value never leaves
// the lock except as a copy that is itself safe to send.
@available(OS2023, *)
extension Protected: @unchecked Sendable where State: Sendable {}

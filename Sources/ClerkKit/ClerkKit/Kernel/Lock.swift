import Foundation

/// A value guarded by a lock (ClerkKit depends on Foundation only, so it keeps its own).
final class Protected<State>: @unchecked Sendable {
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

import CourierPrimitives

/// The single owner of something that takes one delegate, such as `WCSession.default`: the first live claimant.
///
/// A second claimant is refused with `ConnectivityError.sessionInUse` instead of silently taking the delegate
/// from the first; once the owner releases its claim or is deallocated, the next claim succeeds.
package final class ExclusiveClaim: Sendable {
    /// `@unchecked Sendable`: the weak reference is read and written only under the lock, and only compared by
    /// identity there.
    private struct Owner: @unchecked Sendable {
        weak var value: AnyObject?
    }

    private let owner = Locked(Owner())

    /// Creates a claim nobody holds.
    package init() {}

    /// Claims for `claimant`; claiming again for the current owner succeeds.
    /// - Throws: `ConnectivityError.sessionInUse` when another live object holds the claim.
    package func claim(for claimant: AnyObject) throws(ConnectivityError) {
        let granted = owner.withLock { owner -> Bool in
            if let current = owner.value, current !== claimant { return false }
            owner.value = claimant
            return true
        }
        guard granted else { throw .sessionInUse }
    }

    /// Gives the claim up if `claimant` holds it.
    package func release(from claimant: AnyObject) {
        owner.withLock { owner in
            if owner.value === claimant { owner.value = nil }
        }
    }

    /// Whether a live object holds the claim.
    package var isHeld: Bool { owner.withLock { $0.value != nil } }
}

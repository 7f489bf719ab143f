public import ClerkKit
import Foundation

/// Which device a ``WatchSyncState`` comes from.
@available(OS2023, *)
public enum WatchSyncSide: String, Sendable, Hashable, CaseIterable {
    /// The iPhone: its token wins ties.
    case phone
    /// The Apple Watch.
    case watch

    /// The other device.
    public var counterpart: WatchSyncSide { self == .phone ? .watch : .phone }
}

/// One device's whole auth state as the paired devices exchange it: the identity and the clear generation.
///
/// The clear generation counts clears (a device token removed): every local clear adds one and both devices keep
/// the highest they have seen, so an older snapshot can never bring back a cleared sign-in. The device token is a
/// secret; `description` never shows it.
@available(OS2023, *)
public struct WatchSyncState: Sendable, Hashable, CustomStringConvertible {
    /// The device token, the client and its server date.
    public var identity: ClerkIdentity
    /// How many clears this state accounts for (0 for a payload without one, as earlier SDKs send).
    public var clearGeneration: UInt64

    /// Creates a state.
    public init(identity: ClerkIdentity, clearGeneration: UInt64 = 0) {
        self.identity = identity
        self.clearGeneration = clearGeneration
    }

    /// The state without secrets.
    public var description: String {
        "WatchSyncState(token: \(identity.deviceToken == nil ? "none" : "set"), client: \(identity.client?.id ?? "none"), "
            + "signedIn: \(identity.isSignedIn), clearGeneration: \(clearGeneration))"
    }

    /// Whether this state, received from `sender`, should replace `held` on the other device.
    ///
    /// 1. Different clear generations: the higher wins, in either direction.
    /// 2. The same device token or the same client id: the newer snapshot wins (server date, then the client's
    ///    `updatedAt`); when both tie but the tokens differ, the phone's token wins.
    /// 3. Different identities at one generation: a tokenless state is not a new clear and never wins; a device
    ///    without a token accepts one; while either side's token waits for its client, the holder keeps its own;
    ///    otherwise a signed-in client beats one without a usable session, and then the phone wins.
    public func supersedes(_ held: WatchSyncState, from sender: WatchSyncSide) -> Bool {
        if clearGeneration != held.clearGeneration { return clearGeneration > held.clearGeneration }
        let mine = identity
        let theirs = held.identity
        let sameToken = mine.deviceToken != nil && mine.deviceToken == theirs.deviceToken
        let sameClient = mine.client != nil && mine.client?.id == theirs.client?.id
        if sameToken || sameClient {
            if let newer = Self.isNewer(mine, than: theirs) { return newer }
            return mine.deviceToken != theirs.deviceToken && mine.deviceToken != nil && sender == .phone
        }
        guard mine.deviceToken != nil else { return false }
        guard theirs.deviceToken != nil else { return true }
        guard mine.client != nil, theirs.client != nil else { return false }
        if mine.isSignedIn != theirs.isSignedIn { return mine.isSignedIn }
        return sender == .phone
    }

    /// `true` if `lhs` is the newer snapshot, `false` if `rhs` is, `nil` on a tie: the server date, then the
    /// client's `updatedAt`; a missing value is older than any.
    static func isNewer(_ lhs: ClerkIdentity, than rhs: ClerkIdentity) -> Bool? {
        if let order = compare(lhs.serverDate, rhs.serverDate) { return order }
        return compare(lhs.client?.updatedAt, rhs.client?.updatedAt)
    }

    private static func compare(_ lhs: Date?, _ rhs: Date?) -> Bool? {
        switch (lhs, rhs) {
        case (.some(let left), .some(let right)) where left != right: return left > right
        case (.some, nil): return true
        case (nil, .some): return false
        default: return nil
        }
    }
}

/// What a device does with a state received from its counterpart. Pure.
@available(OS2023, *)
enum WatchSyncDecision: Sendable, Hashable {
    /// Adopt the received identity and keep the higher clear generation.
    case adopt(WatchSyncState)
    /// Send the held state back: it would win on the sender's side.
    case reply
    /// Neither wins: nothing to do (an echo, or both sides waiting on a refresh).
    case ignore

    /// Decides for `receiver`, which holds `held`, about `incoming` from the counterpart. A reply is sent only
    /// when the held state would supersede the received one on the sender, so exchanges end.
    init(incoming: WatchSyncState, held: WatchSyncState, receiver: WatchSyncSide) {
        if incoming.supersedes(held, from: receiver.counterpart) {
            self = .adopt(incoming)
        } else if held.supersedes(incoming, from: receiver) {
            self = .reply
        } else {
            self = .ignore
        }
    }
}

@available(OS2023, *)
extension WatchSyncState {
    /// The state after a change made on this device: a removed device token is one more clear.
    func afterLocalChange(to identity: ClerkIdentity) -> WatchSyncState {
        let isClear = self.identity.deviceToken != nil && identity.deviceToken == nil
        let (next, overflow) = clearGeneration.addingReportingOverflow(isClear ? 1 : 0)
        return WatchSyncState(identity: identity, clearGeneration: overflow ? clearGeneration : next)
    }
}

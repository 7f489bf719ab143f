import Foundation

/// Chooses between a cached token and a newly received one, as clerk-ios 1.4.1 does. Pure.
///
/// The incoming token wins when it is for another session or organization. Otherwise: an unexpired token beats
/// an expired one; then the higher `oiat`; then the higher `iat`; on a full tie the incoming token wins. An
/// unreadable token never replaces a readable one.
@available(OS2023, *)
enum TokenFreshness {
    enum Choice: Equatable {
        case keepCurrent
        case takeIncoming
    }

    static func pick(current: String?, incoming: String, now: Date) -> Choice {
        guard let current, current != incoming else { return current == incoming ? .keepCurrent : .takeIncoming }
        let old = try? SessionJWT(current)
        guard let new = try? SessionJWT(incoming) else { return old == nil ? .takeIncoming : .keepCurrent }
        guard let old else { return .takeIncoming }
        if old.sessionId != new.sessionId || old.organizationId != new.organizationId { return .takeIncoming }
        let oldLive = old.expiresAt > now
        let newLive = new.expiresAt > now
        if oldLive != newLive { return newLive ? .takeIncoming : .keepCurrent }
        if let a = old.originIssuedAt, let b = new.originIssuedAt, a != b {
            return b > a ? .takeIncoming : .keepCurrent
        }
        if let a = old.issuedAt, let b = new.issuedAt, a != b { return b > a ? .takeIncoming : .keepCurrent }
        return .takeIncoming
    }
}

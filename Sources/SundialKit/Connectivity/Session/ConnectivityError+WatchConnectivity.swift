#if canImport(WatchConnectivity)
import Foundation
import WatchConnectivity

extension ConnectivityError {
    /// Maps an error reported by `WCSession` to a typed error.
    init(watchConnectivityError error: any Error) {
        guard let error = error as? WCError else {
            self = .deliveryFailed
            return
        }
        switch error.code {
        case .sessionNotSupported: self = .sessionNotSupported
        case .sessionMissingDelegate: self = .sessionMissingDelegate
        case .sessionNotActivated: self = .sessionNotActivated
        case .sessionInactive: self = .sessionInactive
        case .deviceNotPaired: self = .deviceNotPaired
        case .watchAppNotInstalled, .companionAppNotInstalled: self = .companionAppNotInstalled
        case .watchOnlyApp: self = .watchOnlyApp
        case .notReachable: self = .notReachable
        case .invalidParameter: self = .invalidParameter(error.localizedDescription)
        case .payloadTooLarge: self = .payloadTooLarge(size: -1, limit: ConnectivityManager.payloadLimit)
        case .payloadUnsupportedTypes: self = .payloadUnsupportedTypes(error.localizedDescription)
        case .messageReplyFailed: self = .messageReplyFailed
        case .messageReplyTimedOut: self = .messageReplyTimedOut
        case .fileAccessDenied: self = .fileAccessDenied
        case .deliveryFailed: self = .deliveryFailed
        case .insufficientSpace: self = .insufficientSpace
        case .transferTimedOut: self = .transferTimedOut
        default: self = .genericErrorCode(error.code.rawValue)
        }
    }
}
#endif

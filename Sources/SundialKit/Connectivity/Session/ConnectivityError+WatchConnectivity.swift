#if canImport(WatchConnectivity)
import Foundation
import WatchConnectivity

extension ConnectivityError {
    /// Maps an error reported by `WCSession` to a typed error (``WatchConnectivityErrorCode`` decides).
    init(watchConnectivityError error: any Error) {
        self = WatchConnectivityErrorCode.connectivityError(
            code: (error as? WCError)?.code.rawValue,
            description: error.localizedDescription,
            payloadLimit: ConnectivityManager.payloadLimit
        )
    }
}
#endif

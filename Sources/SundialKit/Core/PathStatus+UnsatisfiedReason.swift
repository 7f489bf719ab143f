extension PathStatus {
    /// Why a path is unsatisfied.
    public enum UnsatisfiedReason: Equatable, Hashable, Sendable {
        /// The user has disabled cellular data for the app.
        case cellularDenied
        /// The user has denied the app access to the local network.
        case localNetworkDenied
        /// No usable network is available.
        case notAvailable
        /// The user has disabled Wi-Fi for the app.
        case wifiDenied
        /// The path needs a VPN that is not active (reported by newer Apple platforms).
        case vpnInactive
        /// The platform gave a reason this version does not know.
        case unknown
        /// The platform does not report reasons.
        case unsupported
    }
}

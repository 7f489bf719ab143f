extension PathStatus {
    /// A path's status as a platform monitor reports it, before mapping (`NWPath.Status` on Apple platforms).
    package enum Report: Sendable, CaseIterable {
        /// Traffic can leave the device.
        case satisfied
        /// It cannot.
        case unsatisfied
        /// A new connection may make it possible.
        case requiresConnection
        /// A status this library does not know.
        case unknown
    }

    /// The status for a monitor's report, its reason (if the platform gives one) and its interface kinds: the
    /// decision the platform adapters delegate here.
    package init(report: Report, reason: UnsatisfiedReason?, interfaces: [Interface]) {
        switch report {
        case .satisfied:
            self = .satisfied(interfaces.reduce(into: []) { $0.insert($1) })
        case .unsatisfied:
            self = .unsatisfied(reason)
        case .requiresConnection:
            self = .requiresConnection
        case .unknown:
            self = .unknown
        }
    }
}

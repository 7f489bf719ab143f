#if canImport(Network)
public import Network
public import SundialKitCore

// `NWPathMonitor` exists from macOS 10.14, `NWPath.isConstrained` from 10.15; `NWPath.unsatisfiedReason` from iOS 14.2, macOS 11,
// watchOS 7.1 and tvOS 14.2. Every decision is `PathStatus(report:reason:interfaces:)`'s.

@available(OS2019, *)
extension NWPathMonitor: PathMonitor {
    /// Sets `pathUpdateHandler`.
    public func onPathUpdate(_ handler: @escaping @Sendable (NWPath) -> Void) {
        pathUpdateHandler = handler
    }
}

@available(OS2019, *)
extension NWPath: NetworkPath {
    /// The path's status, reason and interface kinds as a `PathStatus`. Where the system reports no reason
    /// (before iOS 14.2, watchOS 7.1 and tvOS 14.2) the reason is `.unknown`, as in SundialKit 1.0.
    public var pathStatus: PathStatus {
        let reason: PathStatus.UnsatisfiedReason =
            if #available(iOS 14.2, macOS 11.0, watchOS 7.1, tvOS 14.2, *) {
                PathStatus.UnsatisfiedReason(unsatisfiedReason)
            } else {
                .unknown
            }
        return PathStatus(status, reason: reason, interfaces: availableInterfaces.map(\.type))
    }
}

@available(OS2019, *)
extension PathStatus {
    /// Creates a status from `NWPath`'s status, unsatisfied reason and available interface types.
    @available(iOS 14.2, macOS 11.0, watchOS 7.1, tvOS 14.2, *)
    public init(_ status: NWPath.Status, reason: NWPath.UnsatisfiedReason, interfaces: [NWInterface.InterfaceType]) {
        self.init(status, reason: UnsatisfiedReason(reason), interfaces: interfaces)
    }

    /// Creates a status from `NWPath`'s status and unsatisfied reason and interfaces of any ``Interfaceable`` type
    /// (SundialKit 1.0's initializer).
    @available(iOS 14.2, macOS 11.0, watchOS 7.1, tvOS 14.2, *)
    @_disfavoredOverload
    public init(_ status: NWPath.Status, reason: NWPath.UnsatisfiedReason, interfaces: [any Interfaceable]) {
        self.init(
            report: Self.report(status), reason: UnsatisfiedReason(reason),
            interfaces: [Interface(interfaces: interfaces)])
    }

    init(_ status: NWPath.Status, reason: UnsatisfiedReason?, interfaces: [NWInterface.InterfaceType]) {
        self.init(report: Self.report(status), reason: reason, interfaces: interfaces.map(Interface.init))
    }

    private static func report(_ status: NWPath.Status) -> Report {
        switch status {
        case .satisfied: .satisfied
        case .unsatisfied: .unsatisfied
        case .requiresConnection: .requiresConnection
        @unknown default: .unknown
        }
    }
}

@available(iOS 14.2, macOS 11.0, watchOS 7.1, tvOS 14.2, *)
extension PathStatus.UnsatisfiedReason {
    /// Creates a reason from `NWPath`'s, including `vpnInactive` where the platform reports it.
    public init(_ reason: NWPath.UnsatisfiedReason) {
        switch reason {
        case .notAvailable: self = .notAvailable
        case .cellularDenied: self = .cellularDenied
        case .wifiDenied: self = .wifiDenied
        case .localNetworkDenied: self = .localNetworkDenied
        default: self = Self.newerReason(reason) ?? .unknown
        }
    }

    private static func newerReason(_ reason: NWPath.UnsatisfiedReason) -> Self? {
        if #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, *), reason == .vpnInactive {
            return .vpnInactive
        }
        return nil
    }
}

@available(OS2019, *)
extension NWInterface: Interfaceable {
    /// The `PathStatus.Interface` raw value of the interface's kind (SundialKit 1.0 API).
    public var typeValue: Int {
        type.value
    }
}

@available(OS2019, *)
extension NWInterface.InterfaceType {
    /// The `PathStatus.Interface` raw value of this kind (SundialKit 1.0's internal name).
    var value: Int {
        PathStatus.Interface(self).rawValue
    }
}

@available(OS2019, *)
extension PathStatus.Interface {
    /// Creates the interface kind of an `NWInterface` type.
    public init(_ type: NWInterface.InterfaceType) {
        switch type {
        case .cellular: self = .cellular
        case .wifi: self = .wifi
        case .wiredEthernet: self = .wiredEthernet
        case .loopback: self = .loopback
        case .other: self = .other
        @unknown default: self = .other
        }
    }
}
#endif

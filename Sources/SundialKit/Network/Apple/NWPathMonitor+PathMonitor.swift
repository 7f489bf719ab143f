#if canImport(Network)
import Network
import SundialKitCore

extension NWPathMonitor: PathMonitor {
    /// Sets `pathUpdateHandler`.
    public func onPathUpdate(_ handler: @escaping @Sendable (NWPath) -> Void) {
        pathUpdateHandler = handler
    }
}

extension NWPath: NetworkPath {
    /// The path's status, reason and interface kinds as a `PathStatus`.
    public var pathStatus: PathStatus {
        PathStatus(status, reason: unsatisfiedReason, interfaces: availableInterfaces.map(\.type))
    }
}

extension PathStatus {
    /// Creates a status from `NWPath`'s status, unsatisfied reason and available interface types.
    public init(_ status: NWPath.Status, reason: NWPath.UnsatisfiedReason, interfaces: [NWInterface.InterfaceType]) {
        switch status {
        case .satisfied:
            self = .satisfied(interfaces.reduce(into: []) { $0.insert(Interface($1)) })
        case .unsatisfied:
            self = .unsatisfied(UnsatisfiedReason(reason))
        case .requiresConnection:
            self = .requiresConnection
        @unknown default:
            self = .unknown
        }
    }
}

extension PathStatus.UnsatisfiedReason {
    /// Creates a reason from `NWPath`'s, including `vpnInactive` where the platform reports it.
    public init(_ reason: NWPath.UnsatisfiedReason) {
        switch reason {
        case .notAvailable:
            self = .notAvailable
        case .cellularDenied:
            self = .cellularDenied
        case .wifiDenied:
            self = .wifiDenied
        case .localNetworkDenied:
            self = .localNetworkDenied
        default:
            self = Self.newerReason(reason) ?? .unknown
        }
    }

    private static func newerReason(_ reason: NWPath.UnsatisfiedReason) -> Self? {
        #if compiler(>=6.0)
        if #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *), reason == .vpnInactive {
            return .vpnInactive
        }
        #endif
        return nil
    }
}

extension NWInterface {
    /// The `PathStatus.Interface` raw value of the interface's kind (SundialKit 1.0 API).
    public var typeValue: Int {
        PathStatus.Interface(type).rawValue
    }
}

extension PathStatus.Interface {
    /// Creates the interface kind of an `NWInterface` type.
    public init(_ type: NWInterface.InterfaceType) {
        switch type {
        case .cellular:
            self = .cellular
        case .wifi:
            self = .wifi
        case .wiredEthernet:
            self = .wiredEthernet
        case .loopback:
            self = .loopback
        case .other:
            self = .other
        @unknown default:
            self = .other
        }
    }
}
#endif

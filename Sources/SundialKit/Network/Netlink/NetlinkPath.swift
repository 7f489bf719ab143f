public import SundialKitCore

/// A network path on Linux, as ``NetlinkPathMonitor`` derives it from rtnetlink.
///
/// The path is satisfied when some interface is up with a carrier, has a routable address, and carries a default
/// route of that address's family in the main table; its kinds are those interfaces' kinds. It is expensive when
/// every such interface is cellular. Linux has no low-data mode, so it is never constrained.
public struct NetlinkPath: NetworkPath, Equatable, Hashable, Sendable {
    /// One network interface the kernel reports.
    public struct Interface: Equatable, Hashable, Sendable {
        /// The interface name, e.g. `eth0`.
        public var name: String
        /// The interface index.
        public var index: Int
        /// Its kind.
        public var kind: PathStatus.Interface
        /// Whether it is up with a carrier.
        public var isOperational: Bool
        /// Whether it carries a usable default route.
        public var hasDefaultRoute: Bool

        /// Creates an interface description.
        public init(name: String, index: Int, kind: PathStatus.Interface, isOperational: Bool, hasDefaultRoute: Bool) {
            self.name = name
            self.index = index
            self.kind = kind
            self.isOperational = isOperational
            self.hasDefaultRoute = hasDefaultRoute
        }
    }

    /// The status.
    public var pathStatus: PathStatus
    /// Whether every routed interface is cellular.
    public var isExpensive: Bool
    /// Always `false` on Linux.
    public var isConstrained: Bool
    /// Every interface the kernel reports, by index.
    public var interfaces: [Interface]

    /// Creates a path.
    public init(pathStatus: PathStatus, isExpensive: Bool, isConstrained: Bool, interfaces: [Interface]) {
        self.pathStatus = pathStatus
        self.isExpensive = isExpensive
        self.isConstrained = isConstrained
        self.interfaces = interfaces
    }
}

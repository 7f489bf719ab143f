/// A snapshot of a network path, as a ``PathMonitor`` reports it.
public protocol NetworkPath: SendableConformance {
    /// Whether the path is constrained (for example by a low-data mode).
    var isConstrained: Bool { get }
    /// Whether the path is expensive (for example cellular data or a personal hotspot).
    var isExpensive: Bool { get }
    /// The status of the path.
    var pathStatus: PathStatus { get }
}

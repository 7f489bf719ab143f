import SundialKitCore

/// A `NetworkPath` with the values a test chooses.
@available(OS2019, *)
public struct ScriptedPath: NetworkPath, Equatable, Hashable, Sendable {
    /// Whether the path is constrained.
    public var isConstrained: Bool
    /// Whether the path is expensive.
    public var isExpensive: Bool
    /// The path status.
    public var pathStatus: PathStatus

    /// Creates a path; by default not constrained, not expensive, status unknown.
    public init(isConstrained: Bool = false, isExpensive: Bool = false, pathStatus: PathStatus = .unknown) {
        self.isConstrained = isConstrained
        self.isExpensive = isExpensive
        self.pathStatus = pathStatus
    }
}

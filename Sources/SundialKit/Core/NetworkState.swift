/// The three facts a network monitor tracks, as one value.
public struct NetworkState: Equatable, Hashable, Sendable {
    /// The path status.
    public var pathStatus: PathStatus
    /// Whether the path is expensive.
    public var isExpensive: Bool
    /// Whether the path is constrained.
    public var isConstrained: Bool

    /// The state before any path has been seen: `.unknown`, not expensive, not constrained.
    public static let initial = NetworkState(pathStatus: .unknown, isExpensive: false, isConstrained: false)

    /// Creates a state from its three facts.
    public init(pathStatus: PathStatus, isExpensive: Bool, isConstrained: Bool) {
        self.pathStatus = pathStatus
        self.isExpensive = isExpensive
        self.isConstrained = isConstrained
    }

    /// Creates a state from a path.
    public init(path: some NetworkPath) {
        self.init(pathStatus: path.pathStatus, isExpensive: path.isExpensive, isConstrained: path.isConstrained)
    }

    /// The fields whose values differ between `self` and `other`.
    public func changedFields(from other: NetworkState) -> Fields {
        var fields: Fields = []
        if pathStatus != other.pathStatus { fields.insert(.pathStatus) }
        if isExpensive != other.isExpensive { fields.insert(.isExpensive) }
        if isConstrained != other.isConstrained { fields.insert(.isConstrained) }
        return fields
    }
}

extension NetworkState {
    /// A set of ``NetworkState`` fields, used to say which ones changed.
    public struct Fields: OptionSet, Hashable, Sendable {
        /// ``NetworkState/pathStatus``.
        public static let pathStatus = Fields(rawValue: 1 << 0)
        /// ``NetworkState/isExpensive``.
        public static let isExpensive = Fields(rawValue: 1 << 1)
        /// ``NetworkState/isConstrained``.
        public static let isConstrained = Fields(rawValue: 1 << 2)
        /// Every field.
        public static let all: Fields = [.pathStatus, .isExpensive, .isConstrained]

        /// The bit pattern.
        public let rawValue: UInt8

        /// Creates a set from its bit pattern.
        public init(rawValue: UInt8) {
            self.rawValue = rawValue
        }
    }
}

extension NetworkState: CustomStringConvertible {
    /// For example `satisfied(wifi) expensive: false constrained: false`.
    public var description: String {
        "\(pathStatus) expensive: \(isExpensive) constrained: \(isConstrained)"
    }
}

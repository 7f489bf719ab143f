/// Whether a Clerk instance is for development (`pk_test_`) or production (`pk_live_`).
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
public enum InstanceType: String, Sendable, Hashable, Codable {
    /// A development instance (`pk_test_…`).
    case development
    /// A production instance (`pk_live_…`).
    case production
}

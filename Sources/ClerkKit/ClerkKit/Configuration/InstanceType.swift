/// Whether a Clerk instance is for development (`pk_test_`) or production (`pk_live_`).
@available(OS2023, *)
public enum InstanceType: String, Sendable, Hashable, Codable {
    /// A development instance (`pk_test_…`).
    case development
    /// A production instance (`pk_live_…`).
    case production
}

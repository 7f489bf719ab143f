@available(OS2023, *)
extension ClerkEmulator.Configuration {
    /// The instance's organization settings (`organization_settings`): when off, the environment says so and
    /// creating an organization is refused as Clerk refuses it.
    public struct Organizations: Sendable, Hashable {
        /// Whether organizations are on (on by default).
        public var enabled: Bool
        /// How many organizations a user may belong to, as the environment advertises it (`max_allowed_memberships`;
        /// 0 means no limit). The emulator does not enforce it.
        public var maximumMemberships: Int
        /// Whether every session must have an active organization (Clerk's "force organization selection"): a
        /// session without one is `pending` with the `choose-organization` task until it selects or creates one.
        public var forceSelection: Bool = false

        /// Organization settings; on with five memberships by default.
        public init(enabled: Bool = true, maximumMemberships: Int = 5) {
            self.enabled = enabled
            self.maximumMemberships = maximumMemberships
        }
    }
}

@available(OS2023, *)
extension ClerkEmulator {
    /// How recent a session's verification must be before a sensitive account action: changing or removing
    /// the password, deleting the account, and changing second factors. Older sessions are refused with `403
    /// session_reverification_required`, carrying `meta.reverification.level` and `after_minutes`.
    public struct Reverification: Sendable, Hashable {
        /// Which factors the verification needs.
        public enum Level: String, Sendable, Hashable, CaseIterable {
            /// A first factor.
            case firstFactor = "first_factor"
            /// A second factor (a first factor for users without one).
            case secondFactor = "second_factor"
            /// A first factor, and a second one when the user has one.
            case multiFactor = "multi_factor"
        }

        /// The level asked for.
        public var level: Level
        /// How old the verification may be.
        public var maxAge: Duration

        /// Creates a policy.
        public init(level: Level = .firstFactor, maxAge: Duration = .seconds(600)) {
            self.level = level
            self.maxAge = maxAge
        }
    }
}

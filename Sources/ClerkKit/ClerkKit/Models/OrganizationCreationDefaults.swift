/// What to pre-fill when the user creates an organization (`GET /v1/me/organization_creation_defaults`).
@available(OS2023, *)
public struct OrganizationCreationDefaults: Codable, Sendable, Hashable {
    /// Suggested form values.
    public struct Form: Codable, Sendable, Hashable {
        /// A suggested name.
        public var name: String?
        /// A suggested logo URL.
        public var logo: String?
    }

    /// A message to show with the form.
    public struct Advisory: Codable, Sendable, Hashable {
        /// `warning`, `error` or `info`.
        public var type: String
        /// The message, for example that an organization for the user's domain exists.
        public var message: String
    }

    /// Suggested form values.
    public var form: Form?
    /// A message to show, if any.
    public var advisory: Advisory?
}

@available(OS2023, *)
extension OrganizationCreationDefaults: ClerkModel {}

/// One error object from the Frontend API's error body (`{"errors": [...], "clerk_trace_id": "..."}`).
///
/// ClerkKit surfaces the first entry of `errors`, as Clerk's own SDKs do, inside ``ClerkError`` with code
/// ``ClerkError/Code/api``.
@available(OS2023, *)
public struct ClerkAPIError: Sendable, Hashable, Codable {
    /// Clerk's machine-readable code, for example `form_password_incorrect`.
    public var code: String
    /// A short message for people.
    public var message: String
    /// A longer message for people, if the service sent one.
    public var longMessage: String?
    /// Extra detail, for example `{"param_name": "password"}`.
    public var meta: JSONValue?
    /// The trace id of the request that failed.
    public var clerkTraceId: String?

    /// Creates an API error.
    public init(
        code: String, message: String, longMessage: String? = nil, meta: JSONValue? = nil, clerkTraceId: String? = nil
    ) {
        self.code = code
        self.message = message
        self.longMessage = longMessage
        self.meta = meta
        self.clerkTraceId = clerkTraceId
    }

    /// The name of the request parameter the error is about (`meta.param_name`), if any.
    public var paramName: String? {
        if case .object(let meta) = meta, case .string(let name) = meta["param_name"] { return name }
        return nil
    }

    enum CodingKeys: String, CodingKey {
        case code, message
        case longMessage = "long_message"
        case meta
        case clerkTraceId = "clerk_trace_id"
    }
}

@available(OS2023, *)
extension ClerkAPIError {
    /// The code of a sensitive action refused until the session is verified again.
    static let reverificationRequiredCode = "session_reverification_required"
}

@available(OS2023, *)
extension ClerkError {
    /// What a ``Code/reverificationRequired`` refusal asks for (`meta.reverification` of the service's
    /// error), else `nil`.
    public var reverification: ReverificationRequirement? {
        guard let apiError, apiError.code == ClerkAPIError.reverificationRequiredCode else { return nil }
        guard case .object(let meta)? = apiError.meta, case .object(let details)? = meta["reverification"],
            case .string(let level)? = details["level"]
        else { return ReverificationRequirement(level: .multiFactor, afterMinutes: nil) }
        var minutes: Int?
        if case .number(let value)? = details["after_minutes"] { minutes = Int(exactly: value.rounded()) }
        return ReverificationRequirement(level: .parse(level), afterMinutes: minutes)
    }
}

/// How recently, and with which factors, a session must have verified the user for a sensitive action.
@available(OS2023, *)
public enum ReverificationLevel: OpenStringEnum {
    /// A first factor (password, email or SMS code).
    case firstFactor
    /// A second factor (authenticator app, SMS code, backup code).
    case secondFactor
    /// A first factor, then a second one when the user has one.
    case multiFactor
    /// A value this version does not know.
    case unknown(String)

    /// The known values.
    public static let knownCases: [(ReverificationLevel, String)] = [
        (.firstFactor, "first_factor"), (.secondFactor, "second_factor"), (.multiFactor, "multi_factor"),
    ]
    /// The raw value of ``unknown(_:)``.
    public var unknownRawValue: String? { if case .unknown(let raw) = self { raw } else { nil } }
}

/// Where a session's reverification stands.
@available(OS2023, *)
public enum SessionVerificationStatus: OpenStringEnum {
    /// A first factor must be verified next.
    case needsFirstFactor
    /// A second factor must be verified next.
    case needsSecondFactor
    /// The session is verified: retry the refused action.
    case complete
    /// A value this version does not know.
    case unknown(String)

    /// The known values.
    public static let knownCases: [(SessionVerificationStatus, String)] = [
        (.needsFirstFactor, "needs_first_factor"), (.needsSecondFactor, "needs_second_factor"),
        (.complete, "complete"),
    ]
    /// The raw value of ``unknown(_:)``.
    public var unknownRawValue: String? { if case .unknown(let raw) = self { raw } else { nil } }
}

/// A reverification of the current session (`POST /v1/client/sessions/{id}/verify`), and its factor steps.
@available(OS2023, *)
public struct SessionVerification: Codable, Sendable, Hashable {
    /// The level asked for.
    public var level: ReverificationLevel
    /// What is needed next.
    public var status: SessionVerificationStatus
    /// The first factors the user can verify with.
    @DefaultEmpty public var supportedFirstFactors: [SignInFactor] = []
    /// The second factors the user can verify with.
    @DefaultEmpty public var supportedSecondFactors: [SignInFactor] = []
    /// The first factor's verification, once started.
    public var firstFactorVerification: Verification?
    /// The second factor's verification, once started.
    public var secondFactorVerification: Verification?

    enum CodingKeys: String, CodingKey {
        case level, status
        case supportedFirstFactors = "supported_first_factors"
        case supportedSecondFactors = "supported_second_factors"
        case firstFactorVerification = "first_factor_verification"
        case secondFactorVerification = "second_factor_verification"
    }
}

/// What a refused sensitive action requires (``ClerkError/reverification``): verify the session at ``level``
/// with ``Auth/startVerification(level:)``, then retry.
@available(OS2023, *)
public struct ReverificationRequirement: Sendable, Hashable {
    /// The level the service asks for.
    public var level: ReverificationLevel
    /// How many minutes old the verification may be.
    public var afterMinutes: Int?
}

@available(OS2023, *)
extension SessionVerification: ClerkModel {}

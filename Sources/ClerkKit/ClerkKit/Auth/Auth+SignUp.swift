/// The fields of a sign-up; `nil` fields are not sent.
@available(OS2023, *)
public struct SignUpFields: Sendable, Hashable {
    /// The email address.
    public var emailAddress: String?
    /// The phone number, E.164.
    public var phoneNumber: String?
    /// The password.
    public var password: String?
    /// The first name.
    public var firstName: String?
    /// The last name.
    public var lastName: String?
    /// The username.
    public var username: String?
    /// Metadata for the new user, sent as a JSON string.
    public var unsafeMetadata: JSONValue?
    /// Whether the user accepted the legal terms.
    public var legalAccepted: Bool?

    /// Creates fields.
    public init(
        emailAddress: String? = nil, phoneNumber: String? = nil, password: String? = nil, firstName: String? = nil,
        lastName: String? = nil, username: String? = nil, unsafeMetadata: JSONValue? = nil, legalAccepted: Bool? = nil
    ) {
        self.emailAddress = emailAddress
        self.phoneNumber = phoneNumber
        self.password = password
        self.firstName = firstName
        self.lastName = lastName
        self.username = username
        self.unsafeMetadata = unsafeMetadata
        self.legalAccepted = legalAccepted
    }

    var parameters: AuthParameters.SignUpFields {
        AuthParameters.SignUpFields(
            emailAddress: emailAddress, phoneNumber: phoneNumber, password: password, firstName: firstName,
            lastName: lastName, username: username, unsafeMetadata: unsafeMetadata, legalAccepted: legalAccepted)
    }
}

@available(OS2023, *)
extension Auth {
    /// Starts a sign-up (`POST /v1/client/sign_ups`); verify its email address or phone number next.
    public func signUp(
        emailAddress: String? = nil, password: String? = nil, firstName: String? = nil, lastName: String? = nil,
        username: String? = nil, phoneNumber: String? = nil, unsafeMetadata: JSONValue? = nil,
        legalAccepted: Bool? = nil
    ) async throws(ClerkError) -> SignUp {
        try await signUp(
            SignUpFields(
                emailAddress: emailAddress, phoneNumber: phoneNumber, password: password, firstName: firstName,
                lastName: lastName, username: username, unsafeMetadata: unsafeMetadata, legalAccepted: legalAccepted))
    }

    /// Starts a sign-up with `fields`.
    public func signUp(_ fields: SignUpFields) async throws(ClerkError) -> SignUp {
        clerk.recordMethodInvoked("signUp")
        let request = try FAPIRequest("POST", "/v1/client/sign_ups", parameters: fields.parameters)
        return try await perform(request, as: SignUp.self)
    }

    /// Signs up with an invitation ticket.
    public func signUpWithTicket(_ ticket: String, fields: SignUpFields = SignUpFields()) async throws(ClerkError)
        -> SignUp
    {
        clerk.recordMethodInvoked("signUp")
        var parameters = fields.parameters
        parameters.ticket = ticket
        parameters.strategy = "ticket"
        return try await perform(
            try FAPIRequest("POST", "/v1/client/sign_ups", parameters: parameters), as: SignUp.self)
    }

    /// Adds or changes fields of a sign-up in progress (`PATCH /v1/client/sign_ups/{id}`).
    public func updateSignUp(_ signUp: SignUp, _ fields: SignUpFields) async throws(ClerkError) -> SignUp {
        let request = try FAPIRequest(
            "PATCH", "/v1/client/sign_ups/\(FAPIRequest.segment(signUp.id))", parameters: fields.parameters)
        return try await perform(request, as: SignUp.self)
    }

    /// Sends a verification code for the sign-up's email address (`.emailCode`) or phone number (`.phoneCode`).
    public func prepareVerification(_ signUp: SignUp, strategy: FactorStrategy) async throws(ClerkError) -> SignUp {
        let request = try FAPIRequest(
            "POST", "/v1/client/sign_ups/\(FAPIRequest.segment(signUp.id))/prepare_verification",
            parameters: AuthParameters.PrepareVerification(strategy: strategy.rawValue))
        return try await perform(request, as: SignUp.self)
    }

    /// Verifies the sign-up's email address or phone number with `code`.
    public func attemptVerification(_ signUp: SignUp, strategy: FactorStrategy, code: String) async throws(ClerkError)
        -> SignUp
    {
        let request = try FAPIRequest(
            "POST", "/v1/client/sign_ups/\(FAPIRequest.segment(signUp.id))/attempt_verification",
            parameters: AuthParameters.AttemptVerification(strategy: strategy.rawValue, code: code))
        return try await perform(request, as: SignUp.self)
    }

    /// Fetches the sign-up again.
    public func reload(_ signUp: SignUp) async throws(ClerkError) -> SignUp {
        try await perform(FAPIRequest("GET", "/v1/client/sign_ups/\(FAPIRequest.segment(signUp.id))"), as: SignUp.self)
    }
}

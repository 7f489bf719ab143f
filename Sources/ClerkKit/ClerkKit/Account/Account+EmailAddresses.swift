@available(OS2023, *)
extension Account {
    /// The user's email addresses (`GET /v1/me/email_addresses`).
    public func emailAddresses() async throws(ClerkError) -> [EmailAddress] {
        try await list(FAPIRequest("GET", "/v1/me/email_addresses"), as: [EmailAddress].self)
    }

    /// Adds an email address, unverified (`POST /v1/me/email_addresses`); verify it with
    /// ``prepareVerification(emailAddressId:)`` and ``attemptVerification(emailAddressId:code:)``.
    public func createEmailAddress(_ emailAddress: String) async throws(ClerkError) -> EmailAddress {
        let parameters = AccountParameters.CreateEmailAddress(emailAddress: emailAddress)
        return try await perform(
            FAPIRequest("POST", "/v1/me/email_addresses", parameters: parameters), as: EmailAddress.self)
    }

    /// Sends a verification code to the email address.
    @discardableResult
    public func prepareVerification(emailAddressId: String) async throws(ClerkError) -> EmailAddress {
        try await verificationStep(
            "POST", "/v1/me/email_addresses/\(FAPIRequest.segment(emailAddressId))/prepare_verification",
            AuthParameters.PrepareVerification(strategy: FactorStrategy.emailCode.rawValue), as: EmailAddress.self)
    }

    /// Verifies the email address with the code it received.
    @discardableResult
    public func attemptVerification(emailAddressId: String, code: String) async throws(ClerkError) -> EmailAddress {
        try await verificationStep(
            "POST", "/v1/me/email_addresses/\(FAPIRequest.segment(emailAddressId))/attempt_verification",
            AccountParameters.Code(code: code), as: EmailAddress.self)
    }

    /// Removes an email address; the primary one and the user's last identifier cannot be removed.
    @discardableResult
    public func deleteEmailAddress(_ emailAddressId: String) async throws(ClerkError) -> DeletedObject {
        try await perform(
            FAPIRequest("DELETE", "/v1/me/email_addresses/\(FAPIRequest.segment(emailAddressId))"),
            as: DeletedObject.self)
    }

    /// Sends one step of verifying an email address or phone number. Callers spell the method and the whole
    /// path, so the coverage check (which reads `"METHOD", "/v1/…"` in the sources) sees every operation.
    func verificationStep<Identifier: Decodable & Sendable>(
        _ method: String, _ path: String, _ parameters: some Encodable, as type: Identifier.Type
    ) async throws(ClerkError) -> Identifier {
        try await perform(try FAPIRequest(method, path, parameters: parameters), as: type)
    }

    /// Sends a bare-array read for the signed-in user and syncs the state.
    func list<Element: Decodable & Sendable>(_ request: FAPIRequest, as type: [Element].Type)
        async throws(ClerkError) -> [Element]
    {
        guard clerk.session != nil else { throw ClerkError(.notSignedIn, "There is no signed-in session.") }
        return try await clerk.core.fapi.send(request, as: type, wrapped: false)
    }
}

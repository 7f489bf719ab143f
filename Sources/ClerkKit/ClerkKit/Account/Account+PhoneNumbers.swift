@available(OS2023, *)
extension Account {
    /// The user's phone numbers (`GET /v1/me/phone_numbers`).
    public func phoneNumbers() async throws(ClerkError) -> [PhoneNumber] {
        try await list(FAPIRequest("GET", "/v1/me/phone_numbers"), as: [PhoneNumber].self)
    }

    /// Adds a phone number, unverified (`POST /v1/me/phone_numbers`), optionally kept for second-factor use
    /// only; verify it with ``prepareVerification(phoneNumberId:)`` and ``attemptVerification(phoneNumberId:code:)``.
    public func createPhoneNumber(_ phoneNumber: String, reservedForSecondFactor: Bool? = nil)
        async throws(ClerkError) -> PhoneNumber
    {
        let parameters = AccountParameters.CreatePhoneNumber(
            phoneNumber: phoneNumber, reservedForSecondFactor: reservedForSecondFactor)
        return try await perform(
            FAPIRequest("POST", "/v1/me/phone_numbers", parameters: parameters), as: PhoneNumber.self)
    }

    /// Sends a verification code to the phone number by SMS.
    @discardableResult
    public func prepareVerification(phoneNumberId: String) async throws(ClerkError) -> PhoneNumber {
        try await verificationStep(
            "POST", "/v1/me/phone_numbers/\(FAPIRequest.segment(phoneNumberId))/prepare_verification",
            AuthParameters.PrepareVerification(strategy: FactorStrategy.phoneCode.rawValue), as: PhoneNumber.self)
    }

    /// Verifies the phone number with the code it received.
    @discardableResult
    public func attemptVerification(phoneNumberId: String, code: String) async throws(ClerkError) -> PhoneNumber {
        try await verificationStep(
            "POST", "/v1/me/phone_numbers/\(FAPIRequest.segment(phoneNumberId))/attempt_verification",
            AccountParameters.Code(code: code), as: PhoneNumber.self)
    }

    /// Makes a verified phone number a second factor: reserved for it, and/or the default one.
    @discardableResult
    public func updatePhoneNumber(
        _ phoneNumberId: String, reservedForSecondFactor: Bool? = nil, defaultSecondFactor: Bool? = nil
    ) async throws(ClerkError) -> PhoneNumber {
        let parameters = AccountParameters.UpdatePhoneNumber(
            reservedForSecondFactor: reservedForSecondFactor, defaultSecondFactor: defaultSecondFactor)
        let request = try FAPIRequest(
            "PATCH", "/v1/me/phone_numbers/\(FAPIRequest.segment(phoneNumberId))", parameters: parameters)
        return try await perform(request, as: PhoneNumber.self)
    }

    /// Removes a phone number; the primary one and the user's last identifier cannot be removed.
    @discardableResult
    public func deletePhoneNumber(_ phoneNumberId: String) async throws(ClerkError) -> DeletedObject {
        try await perform(
            FAPIRequest("DELETE", "/v1/me/phone_numbers/\(FAPIRequest.segment(phoneNumberId))"),
            as: DeletedObject.self)
    }
}

@available(OS2023, *)
extension Auth {
    /// Starts verifying the current session again at `level`, before a sensitive action the service refused
    /// with ``ClerkError/Code/reverificationRequired`` (or to avoid the refusal). Continue with the factor
    /// steps below until ``SessionVerification/status`` is `.complete`.
    public func startVerification(level: ReverificationLevel) async throws(ClerkError) -> SessionVerification {
        let request = try FAPIRequest(
            "POST", "/v1/client/sessions/\(try currentSessionSegment())/verify",
            parameters: AuthParameters.Reverify(level: level.rawValue))
        return try await perform(request, as: SessionVerification.self)
    }

    /// Sends a first-factor code (`.emailCode` or `.phoneCode`) to the given, else the primary, identifier.
    public func prepareVerificationFirstFactor(
        strategy: FactorStrategy, emailAddressId: String? = nil, phoneNumberId: String? = nil
    ) async throws(ClerkError) -> SessionVerification {
        let user = clerk.user
        let parameters = AuthParameters.PrepareFactor(
            strategy: strategy.rawValue,
            emailAddressId: strategy == .emailCode ? emailAddressId ?? user?.primaryEmailAddressId : nil,
            phoneNumberId: strategy == .phoneCode ? phoneNumberId ?? user?.primaryPhoneNumberId : nil)
        let request = try FAPIRequest(
            "POST", "/v1/client/sessions/\(try currentSessionSegment())/verify/prepare_first_factor",
            parameters: parameters)
        return try await perform(request, as: SessionVerification.self)
    }

    /// Verifies the first factor with a code.
    public func attemptVerificationFirstFactor(strategy: FactorStrategy, code: String) async throws(ClerkError)
        -> SessionVerification
    {
        try await attemptFirstFactor(.init(strategy: strategy.rawValue, code: code))
    }

    /// Verifies the first factor with the password.
    public func attemptVerificationFirstFactor(password: String) async throws(ClerkError) -> SessionVerification {
        try await attemptFirstFactor(.init(strategy: "password", password: password))
    }

    private func attemptFirstFactor(_ parameters: AuthParameters.AttemptFactor) async throws(ClerkError)
        -> SessionVerification
    {
        let request = try FAPIRequest(
            "POST", "/v1/client/sessions/\(try currentSessionSegment())/verify/attempt_first_factor",
            parameters: parameters)
        return try await perform(request, as: SessionVerification.self)
    }

    /// Sends a second-factor SMS code; TOTP and backup codes need no preparation.
    public func prepareVerificationSecondFactor(phoneNumberId: String? = nil) async throws(ClerkError)
        -> SessionVerification
    {
        let parameters = AuthParameters.PrepareFactor(
            strategy: FactorStrategy.phoneCode.rawValue, phoneNumberId: phoneNumberId)
        let request = try FAPIRequest(
            "POST", "/v1/client/sessions/\(try currentSessionSegment())/verify/prepare_second_factor",
            parameters: parameters)
        return try await perform(request, as: SessionVerification.self)
    }

    /// Verifies the second factor: `.totp`, `.phoneCode` or `.backupCode`.
    public func attemptVerificationSecondFactor(strategy: FactorStrategy, code: String) async throws(ClerkError)
        -> SessionVerification
    {
        let request = try FAPIRequest(
            "POST", "/v1/client/sessions/\(try currentSessionSegment())/verify/attempt_second_factor",
            parameters: AuthParameters.AttemptFactor(strategy: strategy.rawValue, code: code))
        return try await perform(request, as: SessionVerification.self)
    }

    /// The current session's id as a path segment.
    func currentSessionSegment() throws(ClerkError) -> String {
        guard let session = clerk.session else { throw ClerkError(.notSignedIn, "There is no signed-in session.") }
        return FAPIRequest.segment(session.id)
    }
}

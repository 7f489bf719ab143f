/// Sign-in, sign-up, session and token flows of one ``Clerk``.
///
/// Each call sends its requests through the instance's injected services, keeps ``Clerk``'s state in sync
/// with every response, returns the updated model, throws only ``ClerkError``, and stops when its task is
/// cancelled.
@available(OS2023, *)
@MainActor
public struct Auth {
    let clerk: Clerk

    /// The sign-in in progress on this client.
    public var currentSignIn: SignIn? { clerk.client?.signIn }
    /// The sign-up in progress on this client.
    public var currentSignUp: SignUp? { clerk.client?.signUp }
    /// The sessions signed in on this client.
    public var sessions: [Session] { clerk.client?.signedInSessions ?? [] }

    /// Sends `request`, syncs the state, and decodes the resource.
    func perform<Resource: Decodable & Sendable>(
        _ request: FAPIRequest, as type: Resource.Type, wrapped: Bool = true
    ) async throws(ClerkError) -> Resource {
        try await clerk.core.fapi.send(request, as: type, wrapped: wrapped)
    }
}

// MARK: - Sign-in

@available(OS2023, *)
extension Auth {
    /// Signs in with an identifier (email address, phone number or username) and password, in one request.
    ///
    /// The result may be ignored: a completed sign-in is also ``Clerk/session``.
    @discardableResult
    public func signIn(identifier: String, password: String) async throws(ClerkError) -> SignIn {
        try await createSignIn(.init(strategy: "password", identifier: identifier, password: password))
    }

    /// Starts a sign-in by email code: the service sends the code; finish with
    /// ``attemptFirstFactor(_:strategy:code:)``.
    public func signInWithEmailCode(emailAddress: String) async throws(ClerkError) -> SignIn {
        try await signIn(identifier: emailAddress, strategy: .emailCode)
    }

    /// Starts a sign-in by SMS code: the service sends the code; finish with
    /// ``attemptFirstFactor(_:strategy:code:)``.
    public func signInWithPhoneCode(phoneNumber: String) async throws(ClerkError) -> SignIn {
        try await signIn(identifier: phoneNumber, strategy: .phoneCode)
    }

    /// Starts a sign-in with `identifier` and `strategy` (for example `.emailCode`, which also sends the code).
    public func signIn(identifier: String, strategy: FactorStrategy) async throws(ClerkError) -> SignIn {
        try await createSignIn(.init(strategy: strategy.rawValue, identifier: identifier))
    }

    /// Starts a sign-in with only an identifier; choose a factor from `supportedFirstFactors` next.
    public func signIn(identifier: String) async throws(ClerkError) -> SignIn {
        try await createSignIn(.init(identifier: identifier))
    }

    /// Signs in with a ticket (an invitation or a backend-issued sign-in token).
    public func signInWithTicket(_ ticket: String) async throws(ClerkError) -> SignIn {
        try await createSignIn(.init(strategy: "ticket", ticket: ticket))
    }

    private func createSignIn(_ parameters: AuthParameters.CreateSignIn) async throws(ClerkError) -> SignIn {
        clerk.recordMethodInvoked("signIn")
        let request = try FAPIRequest("POST", "/v1/client/sign_ins", parameters: parameters)
        return try await perform(request, as: SignIn.self)
    }

    /// Sends a first-factor code (or link) for `strategy`, to the factor's email address or phone number.
    ///
    /// The address defaults to the one the sign-in's identifier names. Use `.resetPasswordEmailCode` or
    /// `.resetPasswordPhoneCode` to start a password reset.
    public func prepareFirstFactor(
        _ signIn: SignIn, strategy: FactorStrategy, emailAddressId: String? = nil, phoneNumberId: String? = nil
    ) async throws(ClerkError) -> SignIn {
        let factor = signIn.firstFactor(strategy)
        let parameters = AuthParameters.PrepareFactor(
            strategy: strategy.rawValue, emailAddressId: emailAddressId ?? factor?.emailAddressId,
            phoneNumberId: phoneNumberId ?? factor?.phoneNumberId)
        let request = try FAPIRequest(
            "POST", "/v1/client/sign_ins/\(FAPIRequest.segment(signIn.id))/prepare_first_factor", parameters: parameters
        )
        return try await perform(request, as: SignIn.self)
    }

    /// Verifies a first factor with a code (`.emailCode`, `.phoneCode`, `.resetPasswordEmailCode`, …).
    public func attemptFirstFactor(_ signIn: SignIn, strategy: FactorStrategy, code: String) async throws(ClerkError)
        -> SignIn
    {
        try await attemptFirstFactor(signIn, .init(strategy: strategy.rawValue, code: code))
    }

    /// Verifies the password of a sign-in started with an identifier only.
    public func attemptFirstFactor(_ signIn: SignIn, password: String) async throws(ClerkError) -> SignIn {
        try await attemptFirstFactor(signIn, .init(strategy: "password", password: password))
    }

    private func attemptFirstFactor(_ signIn: SignIn, _ parameters: AuthParameters.AttemptFactor)
        async throws(ClerkError) -> SignIn
    {
        let request = try FAPIRequest(
            "POST", "/v1/client/sign_ins/\(FAPIRequest.segment(signIn.id))/attempt_first_factor", parameters: parameters
        )
        return try await perform(request, as: SignIn.self)
    }

    /// Sends a second-factor code (`.phoneCode` or `.emailCode`); TOTP and backup codes need no preparation.
    public func prepareSecondFactor(
        _ signIn: SignIn, strategy: FactorStrategy, phoneNumberId: String? = nil, emailAddressId: String? = nil
    ) async throws(ClerkError) -> SignIn {
        let factor = signIn.secondFactor(strategy)
        let parameters = AuthParameters.PrepareFactor(
            strategy: strategy.rawValue, emailAddressId: emailAddressId ?? factor?.emailAddressId,
            phoneNumberId: phoneNumberId ?? factor?.phoneNumberId)
        let request = try FAPIRequest(
            "POST", "/v1/client/sign_ins/\(FAPIRequest.segment(signIn.id))/prepare_second_factor",
            parameters: parameters)
        return try await perform(request, as: SignIn.self)
    }

    /// Verifies a second factor: `.totp`, `.phoneCode`, `.emailCode` or `.backupCode`.
    public func attemptSecondFactor(_ signIn: SignIn, strategy: FactorStrategy, code: String) async throws(ClerkError)
        -> SignIn
    {
        let parameters = AuthParameters.AttemptFactor(strategy: strategy.rawValue, code: code)
        let request = try FAPIRequest(
            "POST", "/v1/client/sign_ins/\(FAPIRequest.segment(signIn.id))/attempt_second_factor",
            parameters: parameters)
        return try await perform(request, as: SignIn.self)
    }

    /// Sets a new password after a reset code was verified (`status == .needsNewPassword`).
    public func resetPassword(_ signIn: SignIn, newPassword: String, signOutOfOtherSessions: Bool = true)
        async throws(ClerkError) -> SignIn
    {
        let parameters = AuthParameters.ResetPassword(
            password: newPassword, signOutOfOtherSessions: signOutOfOtherSessions)
        let request = try FAPIRequest(
            "POST", "/v1/client/sign_ins/\(FAPIRequest.segment(signIn.id))/reset_password", parameters: parameters)
        return try await perform(request, as: SignIn.self)
    }

    /// Fetches the sign-in again.
    public func reload(_ signIn: SignIn) async throws(ClerkError) -> SignIn {
        try await perform(FAPIRequest("GET", "/v1/client/sign_ins/\(FAPIRequest.segment(signIn.id))"), as: SignIn.self)
    }
}

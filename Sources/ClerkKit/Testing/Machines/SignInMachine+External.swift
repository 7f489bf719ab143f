/// Sign-in through a provider: OAuth and enterprise SSO (a browser round trip), ID tokens, and the transfer from
/// a sign-up whose provider account already has a user.
@available(OS2023, *)
extension SignInMachine {
    /// How long a provider step stays open.
    static let externalLifetime: Millis = 10 * 60 * 1000

    /// `oauth_<provider>` or `enterprise_sso` on create or `prepare_first_factor`: the first factor waits on
    /// the provider page at `url`. `user` is the one an identifier named (enterprise SSO), if any.
    mutating func startExternal(
        strategy: String, identifier: String?, user: UserRecord?, url: String, _ context: Context
    ) -> Result<[Action], FAPIError> {
        guard status == .needsIdentifier || status == .needsFirstFactor else {
            return .failure(.stateInvalid("The sign-in is not waiting for a first factor."))
        }
        if let identifier { self.identifier = identifier }
        if let user { userId = user.id }
        firstFactor = VerificationState(
            strategy: strategy, expireAt: context.now + Self.externalLifetime, externalURL: url)
        return .success([])
    }

    /// The provider vouched for `identity`, which belongs to `user` if anyone has it. Without a user the
    /// verification becomes `transferable` (a sign-up with `transfer=true` finishes it).
    mutating func externalVerified(
        _ identity: ProviderIdentity, user: UserRecord?, _ context: Context
    ) -> Result<[Action], FAPIError> {
        guard var verification = firstFactor, verification.status == .unverified,
            status == .needsIdentifier || status == .needsFirstFactor
        else { return .failure(.stateInvalid("The sign-in is not waiting for a provider.")) }
        if let expireAt = verification.expireAt, context.now > expireAt {
            verification.status = .expired
            firstFactor = verification
            return .failure(.verificationExpired)
        }
        guard let user else {
            verification.status = .transferable
            firstFactor = verification
            return .success([])
        }
        if let userId, userId != user.id {
            verification.status = .failed
            verification.error = Self.accountMismatch
            firstFactor = verification
            return .failure(Self.accountMismatch)
        }
        verification.status = .verified
        verification.attempts += 1
        firstFactor = verification
        identifier = identifier ?? identity.emailAddress
        userId = user.id
        status = .needsFirstFactor
        return .success(firstFactorPassed(user, strategy: verification.strategy, context))
    }

    /// The provider step failed (the person declined, or the provider answered with an error).
    mutating func externalFailed(_ error: FAPIError) {
        guard firstFactor?.status == .unverified else { return }
        firstFactor?.status = .failed
        firstFactor?.error = error
    }

    /// `strategy=oauth_token_<provider>`: the ID token (checked by the driver) proved `identity`.
    mutating func createWithIdentity(
        strategy: String, identity: ProviderIdentity, user: UserRecord?, _ context: Context
    ) -> Result<[Action], FAPIError> {
        guard status == .needsIdentifier, identifier == nil else {
            return .failure(.stateInvalid("This sign-in was already created."))
        }
        firstFactor = VerificationState(strategy: strategy, expireAt: context.now + Self.externalLifetime)
        return externalVerified(identity, user: user, context)
    }

    /// `transfer=true`: the client's sign-up proved an account through `strategy`, and it belongs to `user`.
    mutating func transfer(from strategy: String, user: UserRecord, _ context: Context) -> Result<[Action], FAPIError> {
        guard status == .needsIdentifier, identifier == nil else {
            return .failure(.stateInvalid("This sign-in was already created."))
        }
        identifier = user.displayIdentifier
        userId = user.id
        status = .needsFirstFactor
        firstFactor = VerificationState(
            strategy: strategy, status: .verified, attempts: 1, expireAt: context.now + Self.externalLifetime)
        return .success(firstFactorPassed(user, strategy: strategy, context))
    }

    /// Enterprise SSO vouched for someone other than the user the identifier named.
    static let accountMismatch = FAPIError(
        status: 422, code: "external_account_not_found", message: "External account not found",
        longMessage: "The account the provider signed in is not the one this sign-in is for.")
}

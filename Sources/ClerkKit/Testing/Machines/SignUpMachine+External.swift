/// Sign-up through a provider: OAuth and enterprise SSO (a browser round trip), ID tokens, and the transfer from
/// a sign-in whose provider account has no user yet.
@available(OS2023, *)
extension SignUpMachine {
    /// `create` with `oauth_<provider>` or `enterprise_sso`: `verifications.external_account` waits on the
    /// provider page at `url`.
    mutating func startExternal(strategy: String, url: String, _ context: Context) -> Result<[Action], FAPIError> {
        guard status == .missingRequirements, external == nil else {
            return .failure(.stateInvalid("This sign-up already has a provider step."))
        }
        configure(context.configuration)
        external = VerificationState(
            strategy: strategy, expireAt: context.now + SignInMachine.externalLifetime, externalURL: url)
        return .success([])
    }

    /// The provider vouched for `identity`. When someone already has that account the verification becomes
    /// `transferable` (a sign-in with `transfer=true` finishes it); otherwise its email address counts as
    /// verified and the sign-up completes unless a required field is still missing.
    mutating func externalVerified(
        _ identity: ProviderIdentity, existingUser: Bool, _ context: Context
    ) -> Result<[Action], FAPIError> {
        guard status == .missingRequirements, var verification = external, verification.status == .unverified else {
            return .failure(.stateInvalid("The sign-up is not waiting for a provider."))
        }
        if let expireAt = verification.expireAt, context.now > expireAt {
            verification.status = .expired
            external = verification
            return .failure(.verificationExpired)
        }
        externalIdentity = identity
        verification.attempts += 1
        if existingUser {
            verification.status = .transferable
            external = verification
            return .success([])
        }
        verification.status = .verified
        external = verification
        emailAddress = identity.emailAddress
        // SSO verifies the address as `enterprise_sso`; OAuth as `from_oauth_<provider>`.
        let emailStrategy = identity.provider == "enterprise_sso" ? "enterprise_sso" : "from_oauth_" + identity.provider
        emailVerification = VerificationState(strategy: emailStrategy, status: .verified)
        if firstName == nil { firstName = identity.firstName }
        if lastName == nil { lastName = identity.lastName }
        return .success(completeIfReady(context, strategy: verification.strategy))
    }

    /// The provider step failed.
    mutating func externalFailed(_ error: FAPIError) {
        guard external?.status == .unverified else { return }
        external?.status = .failed
        external?.error = error
    }

    /// `strategy=oauth_token_<provider>` on create, or `transfer=true` from a sign-in: the account is already
    /// proven, so the sign-up starts verified.
    mutating func createWithIdentity(
        strategy: String, identity: ProviderIdentity, existingUser: Bool, _ fields: Fields, _ context: Context
    ) -> Result<[Action], FAPIError> {
        guard status == .missingRequirements, external == nil else {
            return .failure(.stateInvalid("This sign-up already has a provider step."))
        }
        configure(context.configuration)
        if let first = fields.firstName { firstName = first }
        if let last = fields.lastName { lastName = last }
        if let metadata = fields.unsafeMetadata { unsafeMetadata = metadata }
        external = VerificationState(strategy: strategy, expireAt: context.now + SignInMachine.externalLifetime)
        return externalVerified(identity, existingUser: existingUser, context)
    }
}

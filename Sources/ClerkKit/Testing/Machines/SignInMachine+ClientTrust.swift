/// Client Trust (`ClerkEmulator.Configuration.clientTrust`): a password sign-in on a client new to the user waits,
/// as `needs_client_trust`, for a code sent to one of the user's addresses, verified as a second factor.
@available(OS2023, *)
extension SignInMachine {
    /// Where a client-trust code can go: the user's email addresses (`email_code`), then phone numbers
    /// (`phone_code`); primary ones are the default.
    static func clientTrustFactors(for user: UserRecord) -> [Factor] {
        let emails = user.emails.map { email in
            Factor(
                strategy: "email_code", safeIdentifier: email.address, emailAddressId: email.id,
                primary: email.id == user.primaryEmailId, isDefault: email.id == user.primaryEmailId)
        }
        let phones = user.phones.map { phone in
            Factor(
                strategy: "phone_code", safeIdentifier: phone.number, phoneNumberId: phone.id,
                primary: phone.id == user.primaryPhoneId, isDefault: emails.isEmpty && phone.id == user.primaryPhoneId)
        }
        return emails + phones
    }

    /// Sends the client-trust code of `strategy` to the address `targetId` names (an email address or phone
    /// number id), else to the default one.
    mutating func prepareClientTrust(
        _ strategy: String, targetId: String?, user: UserRecord, _ context: Context
    ) -> Result<[Action], FAPIError> {
        let factors = Self.clientTrustFactors(for: user).filter { $0.strategy == strategy }
        let chosen =
            targetId.map { id in factors.first { $0.emailAddressId == id || $0.phoneNumberId == id } }
            ?? (factors.first { $0.isDefault == true } ?? factors.first)
        guard let chosen, let address = chosen.safeIdentifier,
            let target = chosen.emailAddressId ?? chosen.phoneNumberId
        else { return .failure(.strategyInvalid(strategy)) }
        var verification = secondFactor
        let actions = startCode(
            strategy, to: address, targetId: target, strategy == "email_code" ? .email : .sms, &verification, context)
        secondFactor = verification
        return .success(actions)
    }
}

/// The factors a sign-in offers a user, from what the user has and what the instance enables.
@available(OS2023, *)
extension SignInMachine {
    /// A factor the sign-in offers.
    struct Factor: Sendable, Equatable {
        var strategy: String
        var safeIdentifier: String?
        var emailAddressId: String?
        var phoneNumberId: String?
        var primary: Bool?
        var isDefault: Bool?
    }

    /// The first factors `user` can use: enabled strategies for which the user has what they need.
    static func firstFactors(
        for user: UserRecord, identifier: String?, _ configuration: ClerkEmulator.Configuration
    ) -> [Factor] {
        var factors: [Factor] = []
        let enabled = configuration.firstFactors
        if enabled.contains(.password), user.password != nil { factors.append(Factor(strategy: "password")) }
        for email in user.emails where enabled.contains(.emailCode) {
            factors.append(
                Factor(
                    strategy: "email_code", safeIdentifier: email.address, emailAddressId: email.id,
                    primary: email.id == user.primaryEmailId))
        }
        for email in user.emails where enabled.contains(.emailLink) {
            factors.append(
                Factor(
                    strategy: "email_link", safeIdentifier: email.address, emailAddressId: email.id,
                    primary: email.id == user.primaryEmailId))
        }
        for phone in user.phones where enabled.contains(.phoneCode) {
            factors.append(
                Factor(
                    strategy: "phone_code", safeIdentifier: phone.number, phoneNumberId: phone.id,
                    primary: phone.id == user.primaryPhoneId, isDefault: phone.defaultSecondFactor))
        }
        if configuration.passkeyRelyingPartyID != nil, user.passkeys.contains(where: { !$0.credentialID.isEmpty }) {
            factors.append(Factor(strategy: "passkey"))
        }
        if enabled.contains(.password), user.password != nil {
            for email in user.emails {
                factors.append(
                    Factor(
                        strategy: "reset_password_email_code", safeIdentifier: email.address,
                        emailAddressId: email.id, primary: email.id == user.primaryEmailId))
            }
            for phone in user.phones {
                factors.append(
                    Factor(
                        strategy: "reset_password_phone_code", safeIdentifier: phone.number,
                        phoneNumberId: phone.id, primary: phone.id == user.primaryPhoneId,
                        isDefault: phone.defaultSecondFactor))
            }
        }
        return factors
    }

    /// The second factors `user` can use.
    static func secondFactors(for user: UserRecord, _ configuration: ClerkEmulator.Configuration) -> [Factor] {
        var factors: [Factor] = []
        let enabled = configuration.secondFactors
        if enabled.contains(.totp), user.totpSecret != nil { factors.append(Factor(strategy: "totp")) }
        for phone in user.mfaPhones where enabled.contains(.phoneCode) {
            factors.append(
                Factor(
                    strategy: "phone_code", safeIdentifier: phone.number, phoneNumberId: phone.id,
                    primary: phone.id == user.primaryPhoneId, isDefault: phone.defaultSecondFactor))
        }
        if enabled.contains(.backupCode), !user.backupCodes.isEmpty { factors.append(Factor(strategy: "backup_code")) }
        if enabled.contains(.passkey), configuration.passkeyRelyingPartyID != nil, user.hasRegisteredPasskey {
            factors.append(Factor(strategy: "passkey"))
        }
        return factors
    }
}

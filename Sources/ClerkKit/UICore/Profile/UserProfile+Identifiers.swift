public import ClerkKit

/// One email address or phone number as the profile lists it.
public struct IdentifierRow: Hashable, Sendable, Identifiable {
    /// The identifier's id (`idn_…`).
    public var id: String
    /// The address or number.
    public var value: String
    /// Whether it is the user's primary one.
    public var isPrimary: Bool
    /// Whether it is verified.
    public var isVerified: Bool
    /// Whether it receives SMS second-factor codes (phone numbers only).
    public var isSecondFactor: Bool

    /// The badges to show next to the value (primary, unverified).
    public var badges: [UIText] {
        (isPrimary ? [.localized(.profilePrimary)] : []) + (isVerified ? [] : [.localized(.profileUnverified)])
    }
}

@available(OS2023, *)
extension UserProfile {
    /// The user's email addresses, the primary first.
    public var emailAddresses: [IdentifierRow] {
        guard let user else { return [] }
        return user.emailAddresses.map {
            IdentifierRow(
                id: $0.id, value: $0.emailAddress, isPrimary: $0.id == user.primaryEmailAddressId,
                isVerified: $0.verification?.status == .verified, isSecondFactor: false)
        }.sorted { $0.isPrimary && !$1.isPrimary }
    }

    /// The user's phone numbers, the primary first.
    public var phoneNumbers: [IdentifierRow] {
        guard let user else { return [] }
        return user.phoneNumbers.map {
            IdentifierRow(
                id: $0.id, value: $0.phoneNumber, isPrimary: $0.id == user.primaryPhoneNumberId,
                isVerified: $0.verification?.status == .verified, isSecondFactor: $0.reservedForSecondFactor ?? false)
        }.sorted { $0.isPrimary && !$1.isPrimary }
    }

    /// The prompt of a verification screen, naming where the code went.
    public var verificationPrompt: UIText? {
        switch path.last {
        case .verifyEmailAddress(let id):
            emailAddresses.first { $0.id == id }.map {
                .localized(.profileVerifyIdentifier, arguments: ["identifier": $0.value])
            }
        case .verifyPhoneNumber(let id):
            phoneNumbers.first { $0.id == id }.map {
                .localized(.profileVerifyIdentifier, arguments: ["identifier": $0.value])
            }
        default: nil
        }
    }

    /// The label of the resend button on a verification screen.
    public static let resendLabel = UIText.localized(.profileResendCode)

    /// Adds the typed email address and sends it a code; opens its verification screen.
    public func addEmailAddress() async {
        guard screen.validate([.emailAddress: EmailValidation.problem(with: newIdentifier)]) else { return }
        let address = newIdentifier.trimmedForInput
        let added = await perform { () async throws(ClerkError) in
            let created = try await clerk.account.createEmailAddress(address)
            return try await clerk.account.prepareVerification(emailAddressId: created.id)
        }
        if let added { replaceTop(with: .verifyEmailAddress(id: added.id)) }
    }

    /// Adds the typed phone number (E.164, checked against the country table) and sends it a code.
    public func addPhoneNumber() async {
        guard screen.validate([.phoneNumber: E164PhoneNumber.problem(with: newIdentifier)]),
            case .success(let number) = E164PhoneNumber.parse(newIdentifier)
        else { return }
        let added = await perform { () async throws(ClerkError) in
            let created = try await clerk.account.createPhoneNumber(number.e164)
            return try await clerk.account.prepareVerification(phoneNumberId: created.id)
        }
        if let added { replaceTop(with: .verifyPhoneNumber(id: added.id)) }
    }

    /// Sends a new code to the identifier on the verification screen.
    public func resendCode() async {
        switch path.last {
        case .verifyEmailAddress(let id):
            _ = await perform { () async throws(ClerkError) in
                try await clerk.account.prepareVerification(emailAddressId: id)
            }
        case .verifyPhoneNumber(let id):
            _ = await perform { () async throws(ClerkError) in
                try await clerk.account.prepareVerification(phoneNumberId: id)
            }
        default: break
        }
    }

    /// Checks the typed code for the identifier on the verification screen; closes the screen when verified.
    public func verifyCode() async {
        guard screen.validate([.code: FieldValidation.code(code)]) else { return }
        let typed = code.filter { !$0.isWhitespace }
        let verified: Bool?
        switch path.last {
        case .verifyEmailAddress(let id):
            verified = await perform { () async throws(ClerkError) in
                try await clerk.account.attemptVerification(emailAddressId: id, code: typed).verification?.status
                    == .verified
            }
        case .verifyPhoneNumber(let id):
            verified = await perform { () async throws(ClerkError) in
                try await clerk.account.attemptVerification(phoneNumberId: id, code: typed).verification?.status
                    == .verified
            }
        default: return
        }
        if verified == true { back() }
    }

    /// Removes an email address.
    public func removeEmailAddress(_ id: String) async {
        _ = await perform { () async throws(ClerkError) in try await clerk.account.deleteEmailAddress(id) }
    }

    /// Removes a phone number.
    public func removePhoneNumber(_ id: String) async {
        _ = await perform { () async throws(ClerkError) in try await clerk.account.deletePhoneNumber(id) }
    }

    /// Makes a verified email address the primary one.
    public func setPrimaryEmailAddress(_ id: String) async {
        _ = await perform { () async throws(ClerkError) in
            try await clerk.account.update(UserUpdate(primaryEmailAddressId: id))
        }
    }

    /// Makes a verified phone number the primary one.
    public func setPrimaryPhoneNumber(_ id: String) async {
        _ = await perform { () async throws(ClerkError) in
            try await clerk.account.update(UserUpdate(primaryPhoneNumberId: id))
        }
    }

    /// The user's connected (OAuth) accounts.
    public var connectedAccounts: [ExternalAccount] { user?.externalAccounts ?? [] }

    /// Disconnects an OAuth account.
    public func removeConnectedAccount(_ id: String) async {
        _ = await perform { () async throws(ClerkError) in try await clerk.account.deleteExternalAccount(id) }
    }
}

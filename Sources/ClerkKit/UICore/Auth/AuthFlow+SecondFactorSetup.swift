public import ClerkKit

/// The `setup-mfa` session task: an authenticator app or SMS codes, then the backup codes issued with it.
@available(OS2023, *)
extension AuthFlow {
    /// The second factors the task can set up, as the instance allows them: an authenticator app, SMS codes.
    public var secondFactorSetupChoices: [FactorStrategy] {
        let enabled = environment?.authConfig?.secondFactors ?? []
        return [FactorStrategy.totp, .phoneCode].filter { enabled.contains($0.rawValue) }
    }

    /// Starts setting up `strategy` (from ``AuthDestination/setUpSecondFactor``).
    public func chooseSecondFactorSetup(_ strategy: FactorStrategy) async {
        await step { [self] in await startSecondFactorSetup(strategy) }
    }

    /// An authenticator app gets a new secret (``pendingTOTP``); SMS codes ask for the phone number first.
    func startSecondFactorSetup(_ strategy: FactorStrategy) async {
        guard secondFactorSetupChoices.contains(strategy) else {
            screen.errorMessage = .localized(.methodUnavailable)
            return
        }
        screen.clearErrors()
        guard strategy == .totp else {
            push(.setUpPhoneNumber)
            return
        }
        let account = clerk.account
        guard let created = await perform({ () async throws(ClerkError) in try await account.createTOTP() }) else {
            return
        }
        pendingTOTP = created
        push(.setUpAuthenticatorApp)
    }

    /// Checks the authenticator app's ``code``; on success shows the backup codes, or the next task.
    func verifyAuthenticatorApp() async {
        let typed = code.filter { !$0.isWhitespace }
        guard screen.validate([.code: FieldValidation.code(typed, length: 6)]) else { return }
        let account = clerk.account
        await step { [self] in
            guard
                let verified = await perform({ () async throws(ClerkError) in
                    try await account.verifyTOTP(code: typed)
                })
            else { return }
            pendingTOTP = nil
            await secondFactorEnrolled(backupCodes: verified.backupCodes ?? [])
        }
    }

    /// Sends a code to ``phoneNumber`` (international, or national in ``defaultPhoneCountry``), adding the number to
    /// the account unless it is already one of the user's verified numbers.
    public func submitSecondFactorPhoneNumber() async {
        let typed = phoneNumber.trimmedForInput
        let problem =
            FieldValidation.required(typed) ?? E164PhoneNumber.problem(with: typed, defaultCountry: defaultPhoneCountry)
        guard screen.validate([.phoneNumber: problem]),
            case .success(let number) = E164PhoneNumber.parse(typed, defaultCountry: defaultPhoneCountry)
        else { return }
        let account = clerk.account
        let existing = clerk.user?.phoneNumbers.first { $0.phoneNumber == number.e164 }
        await step { [self] in
            if let existing, existing.verification?.status == .verified {
                setupPhone = existing
                await reservePhoneNumber(existing.id)
                return
            }
            let phone = await perform { () async throws(ClerkError) -> PhoneNumber in
                var phone = existing
                if phone == nil { phone = try await account.createPhoneNumber(number.e164) }
                guard let phone else { throw ClerkError(.invalidState, "The phone number was not added.") }
                return try await account.prepareVerification(phoneNumberId: phone.id)
            }
            guard let phone else { return }
            setupPhone = phone
            codeSent()
            push(.setUpPhoneCode)
        }
    }

    /// Checks the code sent to the new number, then makes it the second factor.
    func verifySecondFactorPhoneNumber() async {
        let typed = code.filter { !$0.isWhitespace }
        guard screen.validate([.code: FieldValidation.code(typed, length: 6)]), let phoneId = setupPhone?.id else {
            return
        }
        let account = clerk.account
        await step { [self] in
            guard
                await perform({ () async throws(ClerkError) in
                    try await account.attemptVerification(phoneNumberId: phoneId, code: typed)
                }) != nil
            else { return }
            await reservePhoneNumber(phoneId)
        }
    }

    /// Makes the verified number the default second factor; new backup codes come with it when the instance uses
    /// them and the user has none.
    func reservePhoneNumber(_ phoneId: String) async {
        let account = clerk.account
        let wantsBackupCodes =
            environment?.authConfig?.secondFactors.contains(FactorStrategy.backupCode.rawValue) == true
            && clerk.user?.backupCodeEnabled != true
        let codes = await perform { () async throws(ClerkError) -> [String] in
            try await account.updatePhoneNumber(phoneId, reservedForSecondFactor: true, defaultSecondFactor: true)
            return wantsBackupCodes ? try await account.createBackupCodes().codes : []
        }
        guard let codes else { return }
        setupPhone = nil
        await secondFactorEnrolled(backupCodes: codes)
    }

    /// A second factor was set up: shows its backup codes once, or goes on to the next task.
    func secondFactorEnrolled(backupCodes codes: [String]) async {
        code = ""
        guard codes.isEmpty else {
            backupCodes = codes
            push(.backupCodes)
            return
        }
        await finish()
    }

    /// Leaves the backup codes (the person saved them) and continues with the next task, or ends the flow.
    public func acknowledgeBackupCodes() async {
        guard destination == .backupCodes else { return }
        await step { [self] in
            backupCodes = []
            await finish()
        }
    }
}

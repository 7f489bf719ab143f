public import ClerkKit

@available(OS2023, *)
extension UserProfile {
    // MARK: Password

    /// Whether the user has a password (the screen asks for the current one, and says "change" not "set").
    public var hasPassword: Bool { user?.passwordEnabled ?? false }

    /// The password row's action.
    public var passwordActionLabel: UIText {
        hasPassword ? .localized(.profileChangePassword) : .localized(.profileSetPassword)
    }

    /// Sets or changes the password after checking the instance's rules and the confirmation.
    public func savePassword() async {
        let rules = PasswordRules(environment: clerk.environment)
        let checks: [FormField: UIText?] = [
            .password: rules.problem(with: newPassword),
            .confirmPassword: newPassword == confirmPassword ? nil : .localized(.passwordsDoNotMatch),
        ]
        let current = hasPassword ? currentPassword : nil
        guard screen.validate(checks) else { return }
        if hasPassword, let problem = FieldValidation.required(currentPassword) {
            // The current password has no field of its own in the shared form fields: the screen shows it.
            screen.errorMessage = problem
            return
        }
        let (new, signOut) = (newPassword, signOutOfOtherDevices)
        let saved = await perform { () async throws(ClerkError) in
            try await clerk.account.changePassword(
                currentPassword: current, newPassword: new, signOutOfOtherSessions: signOut)
        }
        if saved != nil {
            (currentPassword, newPassword, confirmPassword) = ("", "", "")
            back()
        }
    }

    // MARK: Two-step verification

    /// Whether an authenticator app is enrolled.
    public var hasAuthenticatorApp: Bool { user?.totpEnabled ?? false }

    /// Starts enrolling an authenticator app: ``pendingTOTP`` holds the secret and URI; opens the set-up screen.
    public func startAuthenticatorApp() async {
        let created = await perform { () async throws(ClerkError) in try await clerk.account.createTOTP() }
        guard let created else { return }
        pendingTOTP = created
        code = ""
        path.append(.setUpAuthenticatorApp)
    }

    /// The set-up screen's instructions with the secret to type.
    public var authenticatorInstructions: UIText? {
        pendingTOTP?.secret.map { .localized(.profileAuthenticatorInstructions, arguments: ["secret": $0]) }
    }

    /// Checks the authenticator's code; on success shows the backup codes the service issued (if any).
    public func verifyAuthenticatorApp() async {
        guard screen.validate([.code: FieldValidation.code(code)]) else { return }
        let typed = code.filter { !$0.isWhitespace }
        let verified = await perform { () async throws(ClerkError) in try await clerk.account.verifyTOTP(code: typed) }
        guard let verified else { return }
        pendingTOTP = nil
        backupCodes = verified.backupCodes ?? []
        if backupCodes.isEmpty { back() } else { replaceTop(with: .backupCodes) }
    }

    /// Removes the authenticator app.
    public func removeAuthenticatorApp() async {
        _ = await perform { () async throws(ClerkError) in try await clerk.account.disableTOTP() }
    }

    /// Makes a verified phone number receive SMS second-factor codes, or stops it.
    public func setSMSSecondFactor(_ phoneNumberId: String, enabled: Bool) async {
        _ = await perform { () async throws(ClerkError) in
            try await clerk.account.updatePhoneNumber(phoneNumberId, reservedForSecondFactor: enabled)
        }
    }

    /// The label of the SMS second-factor action of a phone number row.
    public func smsSecondFactorLabel(_ row: IdentifierRow) -> UIText {
        row.isSecondFactor ? .localized(.profileStopSMSCode) : .localized(.profileUseSMSCode)
    }

    /// Generates new backup codes and opens the screen that shows them once.
    public func generateBackupCodes() async {
        let codes = await perform { () async throws(ClerkError) in try await clerk.account.createBackupCodes() }
        guard let codes else { return }
        backupCodes = codes.codes
        path.append(.backupCodes)
    }

    /// The text shown with the backup codes.
    public static let backupCodesInstructions = UIText.localized(.profileBackupCodesInstructions)
    /// The label of the action that makes new backup codes.
    public static let generateBackupCodesLabel = UIText.localized(.profileGenerateBackupCodes)

    /// Leaves the backup-codes screen and forgets the codes.
    public func dismissBackupCodes() {
        backupCodes = []
        back()
    }

    // MARK: Passkeys

    /// The user's passkeys.
    public var passkeys: [Passkey] { user?.passkeys ?? [] }

    /// Registers a passkey with `authenticator` (the system's on Apple platforms).
    public func addPasskey(using authenticator: any PasskeyAuthenticator) async {
        _ = await perform { () async throws(ClerkError) in try await clerk.account.createPasskey(using: authenticator) }
        _ = try? await clerk.account.reload()
    }

    /// Renames a passkey; the name must not be empty.
    public func renamePasskey(_ id: String, to name: String) async {
        guard screen.validate([.username: FieldValidation.required(name)]) else { return }
        let trimmed = name.trimmedForInput
        _ = await perform { () async throws(ClerkError) in try await clerk.account.renamePasskey(id, to: trimmed) }
        _ = try? await clerk.account.reload()
    }

    /// Removes a passkey.
    public func removePasskey(_ id: String) async {
        _ = await perform { () async throws(ClerkError) in try await clerk.account.deletePasskey(id) }
        _ = try? await clerk.account.reload()
    }

    /// The label of the action that registers a passkey.
    public static let addPasskeyLabel = UIText.localized(.profileAddPasskey)
    /// The label of the action that renames a passkey.
    public static let renamePasskeyLabel = UIText.localized(.profileRename)

    // MARK: Devices

    /// Fetches the user's sessions on every device into ``activeDevices``.
    public func loadActiveDevices() async {
        let sessions = await perform { () async throws(ClerkError) in try await clerk.auth.activeSessions() }
        if let sessions { activeDevices = sessions }
    }

    /// Whether `session` is the one on this device.
    public func isThisDevice(_ session: Session) -> Bool { session.id == clerk.session?.id }

    /// The badge of this device's session.
    public static let thisDeviceLabel = UIText.localized(.profileThisDevice)
    /// The label of the action that signs another device out.
    public static let revokeDeviceLabel = UIText.localized(.profileRevokeDevice)

    /// Signs out another device's session and refreshes the list.
    public func revokeDevice(_ sessionId: String) async {
        let revoked = await perform { () async throws(ClerkError) in try await clerk.auth.revokeSession(sessionId) }
        if revoked != nil { activeDevices.removeAll { $0.id == sessionId } }
    }
}

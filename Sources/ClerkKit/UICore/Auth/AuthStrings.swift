public import ClerkKit

/// The texts of the sign-in and sign-up screens, so views and the terminal show the same words.
@available(OS2023, *)
extension AuthFlow {
    /// The title of the screen on top.
    public var title: UIText {
        guard let destination else {
            if mode == .signUp { return .localized(.titleSignUp) }
            let name = environment?.displayConfig?.applicationName ?? ""
            return .localized(.titleSignIn, arguments: ["application": name])
        }
        return switch destination {
        case .signInFactorOne(.password): .localized(.titlePassword)
        case .signInFactorOne(.phoneCode), .resetPasswordCode(.resetPasswordPhoneCode), .signInFactorTwo(.phoneCode):
            .localized(.titleCheckPhone)
        case .signInFactorOne, .resetPasswordCode, .signInFactorTwo(.emailCode): .localized(.titleCheckEmail)
        case .signInFactorTwo(.backupCode): .localized(.titleBackupCode)
        case .signInFactorTwo(.passkey): .localized(.titlePasskey)
        case .signInFactorTwo: .localized(.titleTwoStep)
        case .signInFactorOneChoice, .signInFactorTwoChoice: .localized(.titleChooseMethod)
        case .forgotPassword: .localized(.titleForgotPassword)
        case .newPassword: .localized(.titleNewPassword)
        case .signUp: .localized(.titleSignUp)
        case .signUpVerifyEmail: .localized(.titleVerifyEmail)
        case .signUpVerifyPhone: .localized(.titleVerifyPhone)
        case .signUpCompleteProfile: .localized(.titleCompleteProfile)
        case .chooseOrganization: .localized(.titleChooseOrganization)
        case .createOrganization: .localized(.titleCreateOrganization)
        case .setUpSecondFactor: .localized(.titleSetUpTwoStep)
        case .setUpAuthenticatorApp: .localized(.profileAddAuthenticatorApp)
        case .setUpPhoneNumber: .localized(.profileAddPhoneNumber)
        case .setUpPhoneCode: .localized(.titleCheckPhone)
        case .backupCodes: .localized(.profileBackupCodes)
        case .done: .localized(.titleDone)
        }
    }

    /// The line under the title of a screen waiting for a sent code ("Enter the code sent to …"), if any; none
    /// on the password, authenticator-app and backup-code screens, where nothing was sent.
    public var subtitle: UIText? {
        switch destination {
        case .signInFactorOne(.emailLink)?:
            codeDestination.map { .localized(.linkSentTo, arguments: ["destination": $0]) }
        case .newPassword? where pendingTasks.first == .resetPassword && signIn?.status != .needsNewPassword:
            .localized(.passwordResetRequired)
        case .signInFactorTwo(.passkey)?: .localized(.passkeyInstructions)
        case .setUpSecondFactor?: .localized(.twoStepSetupRequired)
        case .setUpAuthenticatorApp?:
            pendingTOTP?.secret.map { .localized(.profileAuthenticatorInstructions, arguments: ["secret": $0]) }
        case .backupCodes?: .localized(.profileBackupCodesInstructions)
        default:
            offersResend ? codeDestination.map { .localized(.codeSentTo, arguments: ["destination": $0]) } : nil
        }
    }

    /// The identifier field's label, from the kinds the instance accepts.
    public var identifierLabel: UIText {
        let kinds = allowedIdentifiers
        guard kinds.count == 1, let kind = kinds.first else { return .localized(.labelIdentifier) }
        return AuthFlow.label(for: kind.field)
    }

    /// A field's label.
    public static func label(for field: FormField) -> UIText {
        switch field {
        case .identifier: .localized(.labelIdentifier)
        case .emailAddress: .localized(.labelEmailAddress)
        case .phoneNumber: .localized(.labelPhoneNumber)
        case .username: .localized(.labelUsername)
        case .password: .localized(.labelPassword)
        case .confirmPassword: .localized(.labelConfirmPassword)
        case .code: .localized(.labelCode)
        case .firstName: .localized(.labelFirstName)
        case .lastName: .localized(.labelLastName)
        case .legalAccepted: .localized(.labelLegalConsent)
        case .organizationName, .organizationSlug: .localized(.labelOrganizationName)
        }
    }

    /// A factor's label in a list of methods.
    public static func label(for strategy: FactorStrategy) -> UIText {
        switch strategy {
        case .password: .localized(.factorPassword)
        case .emailCode: .localized(.factorEmailCode)
        case .emailLink: .localized(.factorEmailLink)
        case .phoneCode: .localized(.factorPhoneCode)
        case .totp: .localized(.factorTOTP)
        case .backupCode: .localized(.factorBackupCode)
        case .resetPasswordEmailCode: .localized(.factorResetByEmail)
        case .resetPasswordPhoneCode: .localized(.factorResetByPhone)
        case .passkey: .localized(.factorPasskey)
        case .trustedDevice: .localized(.factorTrustedDevice)
        default: .verbatim(strategy.rawValue)
        }
    }

    /// The badge next to the method used last, for `strategy`.
    public func badge(for strategy: FactorStrategy) -> UIText? {
        strategy == lastUsedStrategy ? .localized(.badgeLastUsed) : nil
    }

    /// The texts of the buttons and links.
    public enum Action: Sendable, CaseIterable {
        /// The main button.
        case `continue`
        /// "Use another method".
        case useAnotherMethod
        /// "Forgot password?".
        case forgotPassword
        /// From sign-in to sign-up.
        case signUpInstead
        /// From sign-up to sign-in.
        case signInInstead
        /// Cancel.
        case cancel
        /// Create an organization.
        case createOrganization

        /// The text.
        public var text: UIText {
            switch self {
            case .continue: .localized(.actionContinue)
            case .useAnotherMethod: .localized(.actionUseAnotherMethod)
            case .forgotPassword: .localized(.titleForgotPassword)
            case .signUpInstead: .localized(.actionSignUpInstead)
            case .signInInstead: .localized(.actionSignInInstead)
            case .cancel: .localized(.actionCancel)
            case .createOrganization: .localized(.titleCreateOrganization)
            }
        }
    }
}

@available(OS2023, *)
extension IdentifierKind {
    /// The form field of this kind.
    public var field: FormField {
        switch self {
        case .emailAddress: .emailAddress
        case .phoneNumber: .phoneNumber
        case .username: .username
        }
    }
}

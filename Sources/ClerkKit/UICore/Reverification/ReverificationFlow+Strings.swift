import ClerkKit

/// The texts of the reverification screens, so views and other front ends show the same words.
@available(OS2023, *)
extension ReverificationFlow {
    /// The title of the screen on top.
    public var title: UIText {
        switch destination {
        case .firstFactor(.password)?: .localized(.titlePassword)
        case .firstFactor(.passkey)?, .secondFactor(.passkey)?: .localized(.titlePasskey)
        case .firstFactor(.emailCode)?: .localized(.titleCheckEmail)
        case .firstFactor(.phoneCode)?, .secondFactor(.phoneCode)?: .localized(.titleCheckPhone)
        case .secondFactor(.totp)?: .localized(.titleTwoStep)
        case .secondFactor(.backupCode)?: .localized(.titleBackupCode)
        case .choice?: .localized(.titleChooseMethod)
        case .firstFactor?, .secondFactor?, .done?, nil: .localized(.titleReverify)
        }
    }

    /// The line under the title.
    public var subtitle: UIText {
        switch destination {
        case .firstFactor(.passkey)?, .secondFactor(.passkey)?: .localized(.passkeyInstructions)
        case .firstFactor(.trustedDevice)?: .localized(.trustedDeviceInstructions)
        case .done?: .localized(.reverificationDone)
        default: .localized(.reverificationRequired)
        }
    }

    /// Whether the screen on top asks for a typed code (and `submitCode()` applies).
    public var asksForCode: Bool {
        guard let strategy = destination?.strategy else { return false }
        return ![.password, .passkey, .trustedDevice].contains(strategy)
    }
}

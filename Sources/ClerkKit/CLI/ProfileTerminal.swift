import ClerkKit
import ClerkKitTesting
import ClerkKitUICore
import Foundation

/// Shows a `UserProfile` in the terminal: the account, its errors, then a menu of the profile's actions; each
/// action walks the model's screens (forms, code verification, backup codes) and comes back to the menu.
@MainActor
@available(OS2023, *)
final class ProfileTerminal {
    /// What the menu offers, in order; only what applies to the account is listed.
    enum Action: CaseIterable {
        case editProfile, addEmailAddress, addPhoneNumber, setPrimaryEmailAddress, removeIdentifier, password
        case authenticatorApp, backupCodes, activeDevices, signOut, deleteAccount
    }

    let profile: UserProfile
    let localizer: Localizer
    let interactive: Bool
    let emulator: ClerkEmulator?
    private var steps = 0

    init(profile: UserProfile, localizer: Localizer, interactive: Bool, emulator: ClerkEmulator?) {
        self.profile = profile
        self.localizer = localizer
        self.interactive = interactive
        self.emulator = emulator
    }

    /// Shows the menu until `/done`, the end of input, or signing out or deleting the account.
    func run() async throws(ClerkError) {
        while !profile.isFinished {
            steps += 1
            guard steps < 200 else { throw ClerkError(.invalidState, "the profile did not finish") }
            render()
            let actions = available
            for (index, action) in actions.enumerated() { Prompt.say("  \(index + 1). \(string(label(action)))") }
            guard let typed = try await ask(.verbatim("1-\(actions.count), /done"), endsQuietly: true),
                typed != "/done"
            else { return }
            guard let number = Int(typed), (1...actions.count).contains(number) else { continue }
            try await perform(actions[number - 1])
            settle()
        }
    }

    /// The actions that apply to the account now.
    var available: [Action] {
        let hasSecondaryEmail = profile.emailAddresses.contains { !$0.isPrimary && $0.isVerified }
        let hasIdentifiers = !(profile.emailAddresses.isEmpty && profile.phoneNumbers.isEmpty)
        return Action.allCases.filter { action in
            switch action {
            case .setPrimaryEmailAddress: hasSecondaryEmail
            case .removeIdentifier: hasIdentifiers
            case .backupCodes: profile.hasAuthenticatorApp
            case .deleteAccount: profile.sections.contains(.deleteAccount)
            default: true
            }
        }
    }

    func label(_ action: Action) -> UIText {
        switch action {
        case .editProfile: .localized(.profileEditProfile)
        case .addEmailAddress: .localized(.profileAddEmailAddress)
        case .addPhoneNumber: .localized(.profileAddPhoneNumber)
        case .setPrimaryEmailAddress: .localized(.profileSetPrimary)
        case .removeIdentifier: .localized(.profileRemove)
        case .password: profile.passwordActionLabel
        case .authenticatorApp:
            profile.hasAuthenticatorApp ? ProfileText.removeAuthenticatorApp : ProfileText.addAuthenticatorApp
        case .backupCodes: UserProfile.generateBackupCodesLabel
        case .activeDevices: .localized(.profileActiveDevices)
        case .signOut: ProfileText.signOut
        case .deleteAccount: .localized(.profileDeleteAccount)
        }
    }

    private func render() {
        Prompt.say("")
        Prompt.say("== " + string(ProfileText.title) + " ==")
        if let display = profile.display { Prompt.say(display.name + (display.identifier.map { " <\($0)>" } ?? "")) }
        for (title, rows) in [
            (UserProfileSection.emailAddresses.title, profile.emailAddresses),
            (UserProfileSection.phoneNumbers.title, profile.phoneNumbers),
        ] where !rows.isEmpty {
            Prompt.say(string(title) + ":")
            for row in rows {
                let badges = row.badges.map(string).joined(separator: ", ")
                Prompt.say("  " + row.value + (badges.isEmpty ? "" : " (\(badges))"))
            }
        }
        Prompt.say(string(ProfileText.twoStepVerification) + ": " + (profile.hasAuthenticatorApp ? "TOTP" : "-"))
        showErrors()
    }

    private func perform(_ action: Action) async throws(ClerkError) {
        switch action {
        case .editProfile:
            profile.open(.editProfile)
            profile.firstName = try await require(ProfileText.firstName, current: profile.firstName)
            profile.lastName = try await require(ProfileText.lastName, current: profile.lastName)
            await profile.saveProfile()
        case .addEmailAddress:
            profile.open(.addEmailAddress)
            profile.newIdentifier = try await require(ProfileText.emailAddress)
            await profile.addEmailAddress()
            try await verifyIdentifier()
        case .addPhoneNumber:
            profile.open(.addPhoneNumber)
            profile.newIdentifier = try await require(ProfileText.phoneNumber)
            await profile.addPhoneNumber()
            try await verifyIdentifier()
        case .setPrimaryEmailAddress:
            let rows = profile.emailAddresses.filter { !$0.isPrimary && $0.isVerified }
            if let row = try await choose(rows.map(\.value)).map({ rows[$0] }) {
                await profile.setPrimaryEmailAddress(row.id)
            }
        case .removeIdentifier:
            let rows = profile.emailAddresses + profile.phoneNumbers
            guard let index = try await choose(rows.map(\.value)) else { return }
            if index < profile.emailAddresses.count {
                await profile.removeEmailAddress(rows[index].id)
            } else {
                await profile.removePhoneNumber(rows[index].id)
            }
        case .password:
            profile.open(.password)
            if profile.hasPassword {
                profile.currentPassword = try await require(ProfileText.currentPassword, secret: true)
            }
            profile.newPassword = try await require(ProfileText.newPassword, secret: true)
            profile.confirmPassword = try await require(ProfileText.confirmPassword, secret: true)
            await profile.savePassword()
        case .authenticatorApp:
            guard !profile.hasAuthenticatorApp else { return await profile.removeAuthenticatorApp() }
            await profile.startAuthenticatorApp()
            try await verifyAuthenticator()
        case .backupCodes:
            await profile.generateBackupCodes()
            showBackupCodes()
        case .activeDevices:
            try await manageDevices()
        case .signOut:
            await profile.signOut()
        case .deleteAccount:
            profile.open(.deleteAccount)
            Prompt.say(string(profile.deleteAccountWarning))
            profile.deleteConfirmation = try await require(.verbatim(UserProfile.deleteConfirmationPhrase))
            await profile.deleteAccount()
        }
    }

    /// The verification screen after adding an address or number: codes until it is verified or left.
    private func verifyIdentifier() async throws(ClerkError) {
        while case .verify? = screenKind, steps < 200 {
            steps += 1
            showErrors()
            if let prompt = profile.verificationPrompt { Prompt.say(string(prompt)) }
            let typed = try await require(ProfileText.verificationCode, preset: await sentCode(), commands: true)
            switch typed {
            case "/resend": await profile.resendCode()
            case "/back": profile.back()
            default:
                profile.code = typed
                await profile.verifyCode()
            }
        }
    }

    private func verifyAuthenticator() async throws(ClerkError) {
        guard profile.path.last == .setUpAuthenticatorApp else { return }
        if let instructions = profile.authenticatorInstructions { Prompt.say(string(instructions)) }
        if let uri = profile.pendingTOTP?.uri { Prompt.say(uri) }
        let typed = try await require(ProfileText.verificationCode, commands: true)
        guard typed != "/back" else { return profile.back() }
        profile.code = typed
        await profile.verifyAuthenticatorApp()
        showBackupCodes()
    }

    private func showBackupCodes() {
        guard profile.path.last == .backupCodes else { return }
        Prompt.say(string(UserProfile.backupCodesInstructions))
        for code in profile.backupCodes { Prompt.say("  " + code) }
        profile.dismissBackupCodes()
    }

    private func manageDevices() async throws(ClerkError) {
        await profile.loadActiveDevices()
        let sessions = profile.activeDevices
        let labels = sessions.map { session in
            session.id + (profile.isThisDevice(session) ? " (\(string(UserProfile.thisDeviceLabel)))" : "")
        }
        Prompt.say(string(UserProfile.revokeDeviceLabel) + ":")
        guard let index = try await choose(labels), !profile.isThisDevice(sessions[index]) else { return }
        await profile.revokeDevice(sessions[index].id)
    }

    private enum ScreenKind { case verify, other }

    private var screenKind: ScreenKind? {
        switch profile.path.last {
        case .verifyEmailAddress?, .verifyPhoneNumber?: .verify
        case nil: nil
        default: .other
        }
    }

    /// Shows what went wrong on the screen left open, then closes every screen back to the menu.
    private func settle() {
        showErrors()
        while !profile.path.isEmpty { profile.back() }
    }

    private func showErrors() {
        if let message = profile.screen.errorMessage { Prompt.say("! " + string(message)) }
        for field in FormField.allCases {
            if let error = profile.screen.fieldErrors[field] { Prompt.say("! " + string(error)) }
        }
    }

    /// A code the embedded emulator sent for the identifier being verified, when there is no terminal.
    private func sentCode() async -> String? {
        guard !interactive, let emulator else { return nil }
        let id: String? =
            switch profile.path.last {
            case .verifyEmailAddress(let id)?, .verifyPhoneNumber(let id)?: id
            default: nil
            }
        guard let row = (profile.emailAddresses + profile.phoneNumbers).first(where: { $0.id == id }) else {
            return nil
        }
        return await emulator.latestCode(for: row.value)
    }

    /// One choice among `labels` (numbered from 1); nil for `/back`.
    private func choose(_ labels: [String]) async throws(ClerkError) -> Int? {
        guard !labels.isEmpty else { return nil }
        for (index, label) in labels.enumerated() { Prompt.say("  \(index + 1). \(label)") }
        while true {
            let typed = try await require(.verbatim("1-\(labels.count), /back"))
            if typed == "/back" { return nil }
            if let number = Int(typed), (1...labels.count).contains(number) { return number - 1 }
        }
    }

    /// An answer that must come: the end of input here cancels with an error.
    private func require(
        _ label: UIText, current: String = "", preset: String? = nil, commands: Bool = false, secret: Bool = false
    ) async throws(ClerkError) -> String {
        guard let answer = try await ask(label, current: current, preset: preset, commands: commands, secret: secret)
        else {
            throw ClerkError(.cancelled, "the input ended before the profile screen finished")
        }
        return answer
    }

    /// One line (with a prompt on a terminal); an empty line keeps `current`, or takes `preset`. Nil at the end
    /// of input.
    private func ask(
        _ label: UIText, current: String = "", preset: String? = nil, commands: Bool = false,
        endsQuietly: Bool = false, secret: Bool = false
    ) async throws(ClerkError) -> String? {
        var prompt: String?
        if interactive {
            let hint = commands ? " (/resend, /back)" : ""
            let shown = current.isEmpty ? "" : " [\(current)]"
            prompt = string(label) + hint + shown + ": "
        }
        guard let line = await Prompt.nextLine(prompt: prompt, secret: secret && interactive) else {
            return nil
        }
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty, let preset { return preset }
        return trimmed.isEmpty && !current.isEmpty ? current : trimmed
    }

    private func string(_ text: UIText) -> String { localizer.string(text) }

}

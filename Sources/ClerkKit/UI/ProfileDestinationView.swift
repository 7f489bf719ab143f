#if canImport(SwiftUI)
import ClerkKit
import ClerkKitUICore
import SwiftUI

/// The form of one profile screen; every field and button binds to the model.
@available(OS2023, *)
struct ProfileDestinationView: View {
    @Bindable var model: UserProfile
    let destination: UserProfileDestination

    var body: some View {
        Form {
            fields
            ScreenMessage(screen: model.screen)
            ActionButton(
                label: destination.submitLabel, isLoading: model.screen.isLoading,
                role: destination == .deleteAccount ? .destructive : nil,
                identifier: destination.accessibilityIdentifier + ".submit"
            ) { await submit() }
        }
    }

    @ViewBuilder private var fields: some View {
        let errors = model.screen.fieldErrors
        switch destination {
        case .editProfile:
            ClerkField(
                label: ProfileText.firstName, text: $model.firstName, error: errors[.firstName],
                identifier: "profile.first-name")
            ClerkField(
                label: ProfileText.lastName, text: $model.lastName, error: errors[.lastName],
                identifier: "profile.last-name")
            ClerkField(
                label: ProfileText.username, text: $model.username, error: errors[.username],
                identifier: "profile.username")
        case .addEmailAddress:
            ClerkField(
                label: ProfileText.emailAddress, text: $model.newIdentifier, error: errors[.emailAddress],
                identifier: "profile.email")
        case .addPhoneNumber:
            ClerkField(
                label: ProfileText.phoneNumber, text: $model.newIdentifier, error: errors[.phoneNumber],
                identifier: "profile.phone")
        case .verifyEmailAddress, .verifyPhoneNumber, .setUpAuthenticatorApp:
            if let prompt = model.verificationPrompt ?? model.authenticatorInstructions { ClerkText(prompt) }
            ClerkField(
                label: ProfileText.verificationCode, text: $model.code, error: errors[.code], identifier: "profile.code"
            )
            if destination != .setUpAuthenticatorApp {
                ActionButton(
                    label: UserProfile.resendLabel, isLoading: model.screen.isLoading, identifier: "profile.code.resend"
                ) {
                    await model.resendCode()
                }
            }
        case .password:
            if model.hasPassword {
                ClerkField(
                    label: ProfileText.currentPassword, text: $model.currentPassword, isSecure: true,
                    identifier: "profile.password.current")
            }
            ClerkField(
                label: ProfileText.newPassword, text: $model.newPassword, error: errors[.password], isSecure: true,
                identifier: "profile.password.new")
            ClerkField(
                label: ProfileText.confirmPassword, text: $model.confirmPassword, error: errors[.confirmPassword],
                isSecure: true, identifier: "profile.password.confirm")
            Toggle(isOn: $model.signOutOfOtherDevices) { ClerkText(ProfileText.signOutOfOtherDevices) }
        case .backupCodes:
            ClerkText(UserProfile.backupCodesInstructions)
            ForEach(model.backupCodes, id: \.self) { Text(verbatim: $0).monospaced() }
        case .activeDevices:
            ForEach(model.activeDevices) { session in
                HStack {
                    Text(verbatim: session.lastActiveAt?.formatted() ?? session.id)
                    Spacer()
                    if model.isThisDevice(session) {
                        ClerkText(UserProfile.thisDeviceLabel).font(.caption)
                    } else {
                        ActionButton(
                            label: UserProfile.revokeDeviceLabel, isLoading: model.screen.isLoading,
                            identifier: "profile.device.revoke"
                        ) {
                            await model.revokeDevice(session.id)
                        }
                    }
                }
            }
            .task { await model.loadActiveDevices() }
        case .deleteAccount:
            ClerkText(model.deleteAccountWarning)
            ClerkField(
                label: .verbatim(UserProfile.deleteConfirmationPhrase), text: $model.deleteConfirmation,
                identifier: "profile.delete.confirmation")
        }
    }

    private func submit() async {
        switch destination {
        case .editProfile: await model.saveProfile()
        case .addEmailAddress: await model.addEmailAddress()
        case .addPhoneNumber: await model.addPhoneNumber()
        case .verifyEmailAddress, .verifyPhoneNumber: await model.verifyCode()
        case .password: await model.savePassword()
        case .setUpAuthenticatorApp: await model.verifyAuthenticatorApp()
        case .backupCodes: model.dismissBackupCodes()
        case .activeDevices: model.back()
        case .deleteAccount: await model.deleteAccount()
        }
    }
}
#endif

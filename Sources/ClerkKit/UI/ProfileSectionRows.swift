#if canImport(SwiftUI)
import ClerkKit
import ClerkKitUICore
import SwiftUI

/// The rows of one section of the profile's root.
@available(OS2023, *)
struct ProfileSectionRows: View {
    let model: UserProfile
    let section: UserProfileSection

    var body: some View {
        switch section {
        case .emailAddresses:
            ForEach(model.emailAddresses) { row in
                IdentifierRowView(row: row, model: model, isEmail: true)
            }
            Button {
                model.open(.addEmailAddress)
            } label: {
                ClerkText(ProfileText.emailAddress)
            }
        case .phoneNumbers:
            ForEach(model.phoneNumbers) { row in
                IdentifierRowView(row: row, model: model, isEmail: false)
            }
            Button {
                model.open(.addPhoneNumber)
            } label: {
                ClerkText(ProfileText.phoneNumber)
            }
        case .connectedAccounts:
            ForEach(model.connectedAccounts) { account in
                HStack {
                    Text(verbatim: [account.provider, account.emailAddress].compactMap { $0 }.joined(separator: " · "))
                    Spacer()
                    ActionButton(
                        label: ProfileText.remove, isLoading: model.screen.isLoading, identifier: "profile.oauth.remove"
                    ) {
                        await model.removeConnectedAccount(account.id)
                    }
                }
            }
        case .security:
            Button {
                model.open(.password)
            } label: {
                ClerkText(model.passwordActionLabel)
            }
            if model.hasAuthenticatorApp {
                ActionButton(
                    label: ProfileText.removeAuthenticatorApp, isLoading: model.screen.isLoading,
                    identifier: "profile.totp.remove"
                ) {
                    await model.removeAuthenticatorApp()
                }
                ActionButton(
                    label: UserProfile.generateBackupCodesLabel, isLoading: model.screen.isLoading,
                    identifier: "profile.backup-codes.generate"
                ) {
                    await model.generateBackupCodes()
                }
            } else {
                ActionButton(
                    label: ProfileText.addAuthenticatorApp, isLoading: model.screen.isLoading,
                    identifier: "profile.totp.add"
                ) {
                    await model.startAuthenticatorApp()
                }
            }
        case .passkeys:
            ForEach(model.passkeys) { passkey in
                HStack {
                    Text(verbatim: passkey.name)
                    Spacer()
                    ActionButton(
                        label: ProfileText.remove, isLoading: model.screen.isLoading,
                        identifier: "profile.passkey.remove"
                    ) {
                        await model.removePasskey(passkey.id)
                    }
                }
            }
        case .activeDevices:
            Button {
                model.open(.activeDevices)
            } label: {
                ClerkText(UserProfileSection.activeDevices.title)
            }
        case .deleteAccount:
            Button(role: .destructive) {
                model.open(.deleteAccount)
            } label: {
                ClerkText(section.title)
            }
        }
    }
}
#endif

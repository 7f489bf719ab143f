#if canImport(SwiftUI)
import ClerkKit
import ClerkKitUICore
import SwiftUI

/// One email address or phone number with its badges and actions.
@available(OS2023, *)
struct IdentifierRowView: View {
    let row: IdentifierRow
    let model: UserProfile
    let isEmail: Bool

    var body: some View {
        HStack {
            Text(verbatim: row.value)
            ForEach(row.badges, id: \.self) { ClerkText($0).font(.caption) }
            Spacer()
            Menu {
                if row.isVerified && !row.isPrimary {
                    ActionButton(
                        label: ProfileText.setPrimary, isLoading: model.screen.isLoading,
                        identifier: "profile.identifier.primary"
                    ) {
                        if isEmail {
                            await model.setPrimaryEmailAddress(row.id)
                        } else {
                            await model.setPrimaryPhoneNumber(row.id)
                        }
                    }
                }
                if !isEmail && row.isVerified {
                    ActionButton(
                        label: model.smsSecondFactorLabel(row), isLoading: model.screen.isLoading,
                        identifier: "profile.phone.sms"
                    ) {
                        await model.setSMSSecondFactor(row.id, enabled: !row.isSecondFactor)
                    }
                }
                ActionButton(
                    label: ProfileText.remove, isLoading: model.screen.isLoading, role: .destructive,
                    identifier: "profile.identifier.remove"
                ) {
                    if isEmail { await model.removeEmailAddress(row.id) } else { await model.removePhoneNumber(row.id) }
                }
            } label: {
                Image(systemName: "ellipsis")
            }
            .accessibilityIdentifier("profile.identifier.menu")
        }
    }
}
#endif

#if canImport(SwiftUI)
import ClerkKit
import ClerkKitUICore
public import SwiftUI

/// The signed-in user's profile: names, email addresses, phone numbers, connected accounts, security, passkeys,
/// devices, account deletion and sign-out. It acts on the environment's Clerk (`\.clerk`).
@available(OS2023, *)
public struct UserProfileView: View {
    @Environment(\.clerk) private var clerk
    @Environment(\.dismiss) private var dismiss
    private let isDismissable: Bool

    /// A profile; `isDismissable` shows a close button (when presented in a sheet).
    public init(isDismissable: Bool = true) {
        self.isDismissable = isDismissable
    }

    /// The view.
    public var body: some View {
        if let clerk {
            UserProfileContent(model: UserProfile(clerk: clerk), isDismissable: isDismissable, dismiss: dismiss)
        } else {
            ClerkText(UserProfile.notSignedInMessage)
        }
    }
}

/// The profile's root list and its navigation path.
@available(OS2023, *)
struct UserProfileContent: View {
    @State var model: UserProfile
    let isDismissable: Bool
    let dismiss: DismissAction
    @Environment(\.clerkLocalizer) private var localizer

    var body: some View {
        NavigationStack(path: $model.path) {
            List {
                if let display = model.display {
                    HStack {
                        AvatarView(display: display, size: 56)
                        VStack(alignment: .leading) {
                            Text(verbatim: display.name).font(.headline)
                            if let identifier = display.identifier { Text(verbatim: identifier).font(.subheadline) }
                        }
                        Spacer()
                        Button {
                            model.open(.editProfile)
                        } label: {
                            ClerkText(UserProfileDestination.editProfile.title)
                        }
                        .accessibilityIdentifier("profile.edit.open")
                    }
                }
                ForEach(model.sections, id: \.self) { section in
                    Section {
                        ProfileSectionRows(model: model, section: section)
                    } header: {
                        ClerkText(section.title)
                    }
                }
                Section {
                    ActionButton(
                        label: ProfileText.signOut, isLoading: model.screen.isLoading, role: .destructive,
                        identifier: "profile.sign-out"
                    ) { await model.signOut() }
                    ScreenMessage(screen: model.screen)
                }
            }
            .navigationTitle(localizer.string(ProfileText.title))
            .navigationDestination(for: UserProfileDestination.self) { destination in
                ProfileDestinationView(model: model, destination: destination)
                    .navigationTitle(localizer.string(destination.title))
                    .accessibilityIdentifier(destination.accessibilityIdentifier)
            }
            .toolbar {
                if isDismissable {
                    Button {
                        dismiss()
                    } label: {
                        ClerkText(UserProfile.cancelLabel)
                    }
                    .accessibilityIdentifier("profile.close")
                }
            }
        }
        .onChange(of: model.isFinished) { _, finished in if finished { dismiss() } }
    }
}
#endif

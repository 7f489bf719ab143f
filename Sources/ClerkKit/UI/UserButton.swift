#if canImport(SwiftUI)
import ClerkKit
import ClerkKitUICore
public import SwiftUI

/// The signed-in user's picture or initials; tapping it opens the account menu (manage account, the other
/// signed-in accounts, add account, sign out). It shows nothing when no one is signed in.
///
/// "Add account" calls `onAddAccount`, where the app presents its sign-in screen.
@available(OS2023, *)
public struct UserButton: View {
    @Environment(\.clerk) private var clerk
    private let onAddAccount: (@MainActor () -> Void)?

    /// A user button; `onAddAccount` (optional) presents sign-in for another account.
    public init(onAddAccount: (@MainActor () -> Void)? = nil) {
        self.onAddAccount = onAddAccount
    }

    /// The view.
    public var body: some View {
        if let clerk {
            UserButtonContent(model: UserButtonModel(clerk: clerk), onAddAccount: onAddAccount)
        }
    }
}

/// The button and its menu, bound to a ``UserButtonModel``.
@available(OS2023, *)
struct UserButtonContent: View {
    @State var model: UserButtonModel
    let onAddAccount: (@MainActor () -> Void)?
    @Environment(\.clerkLocalizer) private var localizer

    var body: some View {
        if let display = model.display {
            Menu {
                Button {
                    model.manageAccount()
                } label: {
                    ClerkText(ProfileText.manageAccount)
                }
                .accessibilityIdentifier("user-button.manage")
                if model.allowsMultipleSessions {
                    ForEach(model.otherSessions) { session in
                        if let row = model.display(for: session) {
                            Button {
                                Task { await model.switchTo(session.id) }
                            } label: {
                                Text(verbatim: row.display.name)
                            }
                            .accessibilityLabel(Text(verbatim: localizer.string(row.label)))
                        }
                    }
                    Button {
                        model.addAccount()
                        onAddAccount?()
                    } label: {
                        ClerkText(ProfileText.addAccount)
                    }
                }
                Button(role: .destructive) {
                    Task { await model.signOut() }
                } label: {
                    ClerkText(ProfileText.signOut)
                }
                .accessibilityIdentifier("user-button.sign-out")
                if model.allowsMultipleSessions && !model.otherSessions.isEmpty {
                    Button(role: .destructive) {
                        Task { await model.signOutAll() }
                    } label: {
                        ClerkText(ProfileText.signOutAll)
                    }
                }
            } label: {
                AvatarView(display: display)
            }
            .accessibilityLabel(Text(verbatim: localizer.string(model.accessibilityLabel)))
            .accessibilityIdentifier(UserButtonModel.accessibilityIdentifier)
            .sheet(isPresented: $model.isProfilePresented) {
                UserProfileView(isDismissable: true)
            }
        }
    }
}
#endif

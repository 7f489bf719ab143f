#if canImport(SwiftUI)
import ClerkKit
import ClerkKitUI
import ClerkKitUICore
import SwiftUI

// The Swift blocks of Sources/ClerkKit/UI/README.md, compiled on Apple platforms.

@available(OS2023, *)
struct SignInGate: View {
    let clerk: Clerk
    @State private var showsAuth = false

    var body: some View {
        Button("Sign in") { showsAuth = true }
            .sheet(isPresented: $showsAuth) {
                AuthView(mode: .signInOrUp)
                    .clerk(clerk)
            }
    }
}

@available(OS2023, *)
struct EmailLinkSignIn: View {
    var body: some View {
        AuthView(mode: .signIn, emailLinkRedirectURL: "myapp://email-link")
    }
}

@available(OS2023, *)
struct HomeScreen: View {
    let clerk: Clerk

    var body: some View {
        NavigationStack {
            Text("Home")
                .toolbar { UserButton() }
        }
        .clerk(clerk)
    }
}

@available(OS2023, *)
@MainActor
func themedProfile(clerk: Clerk) -> some View {
    var theme = ClerkTheme.default
    theme.colors.primary = ColorPair(ThemeColor(hex: 0x6C47FF))
    let strings = Localizer(table: .french).overriding(.profileTitle, with: .text("Mon compte"))
    return UserProfileView(isDismissable: false)
        .clerk(clerk, theme: theme, localizer: strings)
}

@available(OS2023, *)
struct ProfileScreen_Previews: PreviewProvider {
    static var previews: some View {
        UserProfileView(isDismissable: false)
            .clerk(try? PreviewClerk.clerk())
    }
}
#endif

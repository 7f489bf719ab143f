#if canImport(SwiftUI)
import ClerkKit
import ClerkKitUICore
import SwiftUI

/// The first screen: the identifier (email address, phone number or username), or the way to sign up.
@available(OS2023, *)
struct AuthIdentifierScreen: View {
    @Bindable var flow: AuthFlow

    var body: some View {
        Form {
            ClerkField(
                label: flow.identifierLabel, text: $flow.identifier, error: flow.screen.fieldErrors[.identifier],
                identifier: "auth.identifier")
            ActionButton(
                label: AuthFlow.Action.continue.text, isLoading: flow.screen.isLoading, identifier: "auth.continue"
            ) { await flow.submitIdentifier() }
            ScreenMessage(screen: flow.screen)
            if flow.mode == .signInOrUp {
                Button {
                    flow.switchToSignUp()
                } label: {
                    ClerkText(AuthFlow.Action.signUpInstead.text)
                }
                .accessibilityIdentifier("auth.sign-up-instead")
            }
        }
    }
}
#endif

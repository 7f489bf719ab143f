#if canImport(SwiftUI)
import ClerkKit
import ClerkKitUICore
import SwiftUI

/// The screen for one ``AuthDestination``.
@available(OS2023, *)
struct AuthDestinationView: View {
    @Bindable var flow: AuthFlow
    let destination: AuthDestination

    var body: some View {
        Form {
            switch destination {
            case .signInFactorOne(.password):
                AuthPasswordScreen(flow: flow)
            case .signInFactorOne(.emailLink):
                AuthEmailLinkScreen(flow: flow)
            case .signInFactorTwo(.passkey):
                AuthPasskeyScreen(flow: flow)
            case .signInFactorOne, .signInFactorTwo, .resetPasswordCode, .signUpVerifyEmail, .signUpVerifyPhone,
                .setUpPhoneCode:
                AuthCodeScreen(flow: flow, destination: destination)
            case .signInFactorOneChoice:
                AuthChoiceList(flow: flow, choices: flow.firstFactorChoices) { await flow.chooseFirstFactor($0) }
            case .signInFactorTwoChoice:
                AuthChoiceList(flow: flow, choices: flow.secondFactorChoices) { await flow.chooseSecondFactor($0) }
            case .forgotPassword:
                AuthChoiceList(flow: flow, choices: flow.resetPasswordChoices) { await flow.chooseResetPassword($0) }
            case .newPassword:
                if let subtitle = flow.subtitle { ClerkText(subtitle) }
                AuthFieldsForm(flow: flow, fields: [.password, .confirmPassword]) { await flow.submitNewPassword() }
            case .setUpSecondFactor:
                if let subtitle = flow.subtitle { ClerkText(subtitle) }
                AuthChoiceList(flow: flow, choices: flow.secondFactorSetupChoices) {
                    await flow.chooseSecondFactorSetup($0)
                }
            case .setUpAuthenticatorApp, .setUpPhoneNumber, .backupCodes:
                AuthSecondFactorSetupScreen(flow: flow, destination: destination)
            case .signUp, .signUpCompleteProfile:
                AuthSignUpScreen(flow: flow)
            case .chooseOrganization:
                AuthOrganizationChoice(flow: flow)
            case .createOrganization:
                AuthFieldsForm(flow: flow, fields: [.organizationName]) { await flow.submitOrganization() }
            case .done:
                ClerkText(flow.title).accessibilityIdentifier("auth.done")
            }
            ScreenMessage(screen: flow.screen)
        }
    }
}

/// A field per ``FormField`` bound to the flow, with its error, and the continue button.
@available(OS2023, *)
struct AuthFieldsForm: View {
    @Bindable var flow: AuthFlow
    let fields: [FormField]
    let submit: @MainActor () async -> Void

    var body: some View {
        ForEach(fields, id: \.self) { field in
            ClerkField(
                label: AuthFlow.label(for: field), text: $flow[text: field], error: flow.screen.fieldErrors[field],
                isSecure: AuthFlow.isSecure(field), identifier: "auth.\(field.rawValue)")
        }
        ActionButton(
            label: AuthFlow.Action.continue.text, isLoading: flow.screen.isLoading, identifier: "auth.continue",
            action: submit)
    }
}

/// A list of methods (factors, ways to reset), the last used one marked.
@available(OS2023, *)
struct AuthChoiceList: View {
    let flow: AuthFlow
    let choices: [FactorStrategy]
    let choose: @MainActor (FactorStrategy) async -> Void

    var body: some View {
        ForEach(choices, id: \.self) { strategy in
            Button {
                Task { await choose(strategy) }
            } label: {
                HStack {
                    ClerkText(AuthFlow.label(for: strategy))
                    if let badge = flow.badge(for: strategy) { ClerkText(badge).font(.caption) }
                }
            }
            .disabled(flow.screen.isLoading)
            .accessibilityIdentifier("auth.choice.\(strategy.rawValue)")
        }
    }
}
#endif

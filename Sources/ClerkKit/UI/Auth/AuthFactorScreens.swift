#if canImport(SwiftUI)
import ClerkKit
import ClerkKitUICore
import SwiftUI

/// The password step, with "Forgot password?" and "Use another method".
@available(OS2023, *)
struct AuthPasswordScreen: View {
    @Bindable var flow: AuthFlow

    var body: some View {
        AuthFieldsForm(flow: flow, fields: [.password]) { await flow.submitPassword() }
        if flow.canResetPassword {
            ActionButton(
                label: AuthFlow.Action.forgotPassword.text, isLoading: flow.screen.isLoading,
                identifier: "auth.forgot-password"
            ) { await flow.forgotPassword() }
        }
        Button {
            flow.useAnotherMethod()
        } label: {
            ClerkText(AuthFlow.Action.useAnotherMethod.text)
        }
        .accessibilityIdentifier("auth.use-another-method")
    }
}

/// A code step (sign-in factors, reset codes, sign-up verification), with the resend countdown.
@available(OS2023, *)
struct AuthCodeScreen: View {
    @Bindable var flow: AuthFlow
    let destination: AuthDestination

    var body: some View {
        if let subtitle = flow.subtitle { ClerkText(subtitle) }
        AuthFieldsForm(flow: flow, fields: [.code]) { await flow.submitCode() }
        if flow.offersResend {
            ActionButton(label: flow.resendLabel, isLoading: false, identifier: "auth.resend", action: flow.resendCode)
                .disabled(!flow.canResendCode)
        }
        if case .signInFactorOne = destination {
            Button {
                flow.useAnotherMethod()
            } label: {
                ClerkText(AuthFlow.Action.useAnotherMethod.text)
            }
            .accessibilityIdentifier("auth.use-another-method")
        }
    }
}

/// The passkey second factor: the system's passkey sheet signs when the person taps the button.
@available(OS2023, *)
struct AuthPasskeyScreen: View {
    let flow: AuthFlow

    var body: some View {
        if let subtitle = flow.subtitle { ClerkText(subtitle) }
        ActionButton(
            label: AuthFlow.label(for: .passkey), isLoading: flow.screen.isLoading, identifier: "auth.passkey"
        ) { await flow.submitPasskey() }
        if flow.secondFactorChoices.count > 1 {
            Button {
                flow.useAnotherMethod()
            } label: {
                ClerkText(AuthFlow.Action.useAnotherMethod.text)
            }
            .accessibilityIdentifier("auth.use-another-method")
        }
    }
}

/// The sign-up form (or the fields a sign-up still misses), with legal consent and the way back to sign-in.
@available(OS2023, *)
struct AuthSignUpScreen: View {
    @Bindable var flow: AuthFlow

    var body: some View {
        let fields = flow.signUpFields.map(\.field)
        AuthFieldsForm(flow: flow, fields: fields.filter { $0 != .legalAccepted }) { await flow.submitSignUp() }
        if fields.contains(.legalAccepted) {
            Toggle(isOn: $flow.legalAccepted) { ClerkText(AuthFlow.label(for: .legalAccepted)) }
                .accessibilityIdentifier("auth.legalAccepted")
            if let error = flow.screen.fieldErrors[.legalAccepted] { ClerkText(error) }
        }
        if flow.mode == .signInOrUp {
            Button {
                flow.switchToSignIn()
            } label: {
                ClerkText(AuthFlow.Action.signInInstead.text)
            }
            .accessibilityIdentifier("auth.sign-in-instead")
        }
    }
}

/// The choose-organization session task.
@available(OS2023, *)
struct AuthOrganizationChoice: View {
    let flow: AuthFlow

    var body: some View {
        ForEach(flow.organizationChoices, id: \.id) { organization in
            Button(organization.name) { Task { await flow.selectOrganization(organization.id) } }
                .disabled(flow.screen.isLoading)
                .accessibilityIdentifier("auth.organization.\(organization.id)")
        }
        Button {
            flow.showCreateOrganization()
        } label: {
            ClerkText(AuthFlow.Action.createOrganization.text)
        }
        .accessibilityIdentifier("auth.create-organization")
    }
}
#endif

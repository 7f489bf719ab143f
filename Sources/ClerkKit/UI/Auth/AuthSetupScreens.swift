#if canImport(SwiftUI)
import ClerkKit
import ClerkKitUICore
import SwiftUI

/// The email-link step: where the link went, resend with its countdown, and "use another method". The flow
/// continues when the app is opened with the link (``AuthFlowView`` passes it to ``AuthFlow/handle(_:)``).
@available(OS2023, *)
struct AuthEmailLinkScreen: View {
    let flow: AuthFlow

    var body: some View {
        if let subtitle = flow.subtitle { ClerkText(subtitle) }
        ActionButton(label: flow.resendLabel, isLoading: flow.screen.isLoading, identifier: "auth.resend") {
            await flow.resendCode()
        }
        .disabled(!flow.canResendCode)
        Button {
            flow.useAnotherMethod()
        } label: {
            ClerkText(AuthFlow.Action.useAnotherMethod.text)
        }
        .accessibilityIdentifier("auth.use-another-method")
    }
}

/// The setup-mfa task's screens: the authenticator app's secret and code, the phone number for SMS codes, and the
/// backup codes issued with the new factor.
@available(OS2023, *)
struct AuthSecondFactorSetupScreen: View {
    @Bindable var flow: AuthFlow
    let destination: AuthDestination

    var body: some View {
        if let subtitle = flow.subtitle { ClerkText(subtitle).textSelection(.enabled) }
        switch destination {
        case .setUpAuthenticatorApp:
            if let uri = flow.pendingTOTP?.uri, let url = URL(string: uri) {
                Link(destination: url) { ClerkText(flow.title) }.accessibilityIdentifier("auth.totp-uri")
            }
            AuthFieldsForm(flow: flow, fields: [.code]) { await flow.submitCode() }
        case .setUpPhoneNumber:
            AuthFieldsForm(flow: flow, fields: [.phoneNumber]) { await flow.submitSecondFactorPhoneNumber() }
        default:
            ForEach(flow.backupCodes, id: \.self) { code in
                Text(code).font(.body.monospaced()).textSelection(.enabled)
            }
            ActionButton(
                label: AuthFlow.Action.continue.text, isLoading: flow.screen.isLoading, identifier: "auth.continue"
            ) { await flow.acknowledgeBackupCodes() }
        }
    }
}
#endif

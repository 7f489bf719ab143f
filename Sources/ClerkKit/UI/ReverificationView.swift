#if canImport(SwiftUI)
public import ClerkKit
import ClerkKitUICore
public import SwiftUI

/// Verifies the signed-in session again after a sensitive action was refused with
/// ``ClerkKit/ClerkError/Code/reverificationRequired``: this device's biometrics, a passkey, the password or a code,
/// as the service offers. `onVerified` runs once the session is verified (retry the action there).
///
/// ```swift
/// .sheet(item: $refusal) { error in
///     ReverificationView(refusal: error, passkeyAuthenticator: ASPasskeyAuthenticator()) { await retry() }
/// }
/// ```
@available(OS2023, *)
public struct ReverificationView: View {
    @Environment(\.clerk) private var clerk
    @Environment(\.clerkLocalizer) private var localizer
    @Environment(\.dismiss) private var dismiss
    private let level: ReverificationLevel
    private let passkeyAuthenticator: (any PasskeyAuthenticator)?
    private let onVerified: @MainActor () async -> Void

    /// A reverification at `level`.
    public init(
        level: ReverificationLevel, passkeyAuthenticator: (any PasskeyAuthenticator)? = nil,
        onVerified: @escaping @MainActor () async -> Void
    ) {
        self.level = level
        self.passkeyAuthenticator = passkeyAuthenticator
        self.onVerified = onVerified
    }

    /// A reverification at the level `refusal` asks for (multi-factor when it names none).
    public init(
        refusal: ClerkError, passkeyAuthenticator: (any PasskeyAuthenticator)? = nil,
        onVerified: @escaping @MainActor () async -> Void
    ) {
        self.init(
            level: refusal.reverification?.level ?? .multiFactor, passkeyAuthenticator: passkeyAuthenticator,
            onVerified: onVerified)
    }

    /// The view.
    public var body: some View {
        if let clerk {
            ReverificationContent(
                flow: ReverificationFlow(
                    clerk: clerk, level: level, localizer: localizer, passkeyAuthenticator: passkeyAuthenticator),
                onVerified: onVerified, dismiss: dismiss)
        } else {
            ClerkText(.localized(.errorUnexpected))
        }
    }
}

/// The flow's current screen, drawn from ``ReverificationFlow/destination``.
@available(OS2023, *)
struct ReverificationContent: View {
    @State var flow: ReverificationFlow
    let onVerified: @MainActor () async -> Void
    let dismiss: DismissAction

    var body: some View {
        Form {
            ClerkText(flow.subtitle)
            switch flow.destination {
            case .firstFactor(.password)?:
                ClerkField(
                    label: .localized(.labelPassword), text: $flow.password,
                    error: flow.screen.fieldErrors[.password], isSecure: true, identifier: "reverify.password")
                ActionButton(
                    label: .localized(.actionContinue), isLoading: flow.screen.isLoading,
                    identifier: "reverify.continue"
                ) { await flow.submitPassword() }
            case .firstFactor(.passkey)?, .secondFactor(.passkey)?:
                ActionButton(
                    label: .localized(.factorPasskey), isLoading: flow.screen.isLoading, identifier: "reverify.passkey"
                ) { await flow.usePasskey() }
            case .firstFactor(.trustedDevice)?:
                ActionButton(
                    label: .localized(.factorTrustedDevice), isLoading: flow.screen.isLoading,
                    identifier: "reverify.trusted-device"
                ) { await flow.useTrustedDevice() }
            case .firstFactor?, .secondFactor?:
                ClerkField(
                    label: .localized(.labelCode), text: $flow.code, error: flow.screen.fieldErrors[.code],
                    identifier: "reverify.code")
                ActionButton(
                    label: .localized(.actionContinue), isLoading: flow.screen.isLoading,
                    identifier: "reverify.continue"
                ) { await flow.submitCode() }
            case .choice?:
                ForEach(flow.choices, id: \.self) { strategy in
                    Button {
                        Task { await flow.choose(strategy) }
                    } label: {
                        ClerkText(AuthFlow.label(for: strategy))
                    }
                    .disabled(flow.screen.isLoading)
                    .accessibilityIdentifier("reverify.choice.\(strategy.rawValue)")
                }
            case .done?, nil:
                EmptyView()
            }
            if flow.destination != .choice, flow.destination != .done, flow.choices.count > 1 {
                Button {
                    flow.useAnotherMethod()
                } label: {
                    ClerkText(AuthFlow.Action.useAnotherMethod.text)
                }
                .accessibilityIdentifier("reverify.use-another-method")
            }
            ScreenMessage(screen: flow.screen)
        }
        .navigationTitle(flow.string(flow.title))
        .accessibilityIdentifier("reverify.\(flow.destination?.accessibilityIdentifier ?? "start")")
        .task { await flow.start() }
        .onChange(of: flow.isComplete) { _, isComplete in
            guard isComplete else { return }
            Task {
                await onVerified()
                dismiss()
            }
        }
    }
}
#endif

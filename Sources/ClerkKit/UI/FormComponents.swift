#if canImport(SwiftUI)
import ClerkKitUICore
import SwiftUI

/// A labelled text field with the error the model shows under it.
@available(OS2023, *)
struct ClerkField: View {
    @Environment(\.clerkLocalizer) private var localizer
    @Environment(\.clerkTheme) private var theme
    @Environment(\.colorScheme) private var scheme
    let label: UIText
    @Binding var text: String
    var error: UIText?
    var isSecure = false
    var identifier: String

    var body: some View {
        VStack(alignment: .leading, spacing: theme.spacing.extraSmall) {
            Group {
                if isSecure {
                    SecureField(localizer.string(label), text: $text)
                } else {
                    TextField(localizer.string(label), text: $text)
                }
            }
            .font(theme.fonts.body.font)
            .accessibilityIdentifier(identifier)
            if let error {
                Text(verbatim: localizer.string(error))
                    .font(theme.fonts.caption.font)
                    .foregroundStyle(theme.colors.danger.color(scheme))
                    .accessibilityIdentifier(identifier + ".error")
            }
        }
    }
}

/// The screen's message (an error for the whole screen), when there is one.
@available(OS2023, *)
struct ScreenMessage: View {
    @Environment(\.clerkLocalizer) private var localizer
    @Environment(\.clerkTheme) private var theme
    @Environment(\.colorScheme) private var scheme
    let screen: ScreenState

    var body: some View {
        if let message = screen.errorMessage {
            Text(verbatim: localizer.string(message))
                .font(theme.fonts.caption.font)
                .foregroundStyle(theme.colors.danger.color(scheme))
                .accessibilityIdentifier("clerk.screen-error")
        }
    }
}

/// A button that runs a model action, disabled with a spinner while the screen is loading.
@available(OS2023, *)
struct ActionButton: View {
    @Environment(\.clerkTheme) private var theme
    let label: UIText
    let isLoading: Bool
    var role: ButtonRole?
    var identifier: String
    let action: @MainActor () async -> Void

    var body: some View {
        Button(role: role) {
            Task { await action() }
        } label: {
            HStack {
                ClerkText(label).font(theme.fonts.button.font)
                if isLoading { ProgressView() }
            }
        }
        .disabled(isLoading)
        .accessibilityIdentifier(identifier)
    }
}
#endif

// The Swift blocks of the ClerkKitUICore section of Sources/ClerkKit/README.md, word for word
// (scripts/readme-snippets checks it), compiled and run here.
import ClerkKit
import ClerkKitUICore
import Foundation
import Testing

/// README: driving the sign-in model.
@MainActor
@available(OS2023, *)
func signInWithTheModel(_ clerk: Clerk) async -> AuthFlow {
    let flow = AuthFlow(clerk: clerk, localizer: Localizer(preferredLanguages: Locale.preferredLanguages))
    flow.identifier = "ada@example.com"
    await flow.submitIdentifier()
    if flow.destination == .signInFactorOne(.password) {
        flow.password = "analytical-engine-1843"
        await flow.submitPassword()
    }
    print(flow.string(flow.title), flow.isComplete)
    return flow
}

/// README: a theme and a localizer.
func customisedLook() -> (ClerkTheme, Localizer) {
    var theme = ClerkTheme.default
    theme.colors.primary = ColorPair(light: ThemeColor(hex: 0x6C47FF), dark: ThemeColor(hex: 0x8C6CFF))
    theme.spacing = theme.spacing.scaled(by: 1.25)
    let french = Localizer(table: .french).overriding(.titleSignUp, with: .text("Rejoignez-nous"))
    return (theme, french)
}

@Suite("ClerkKitUICore: README") @MainActor
struct ReadmeSnippetTests {
    @available(OS2023, *)
    @Test func theQuickStartSignsIn() async throws {
        try await withUIHarness(.passwordOnly) { harness in
            try await harness.emulator.createUser(emailAddress: "ada@example.com", password: UIHarness.password)
            let flow = await signInWithTheModel(harness.clerk)
            #expect(flow.isComplete)
        }
    }

    @Test func theThemeAndStrings() {
        let (theme, french) = customisedLook()
        #expect(theme.colors.primary.resolved(for: .dark) == ThemeColor(hex: 0x8C6CFF))
        #expect(theme.spacing.medium == 20)
        #expect(french.string(.titleSignUp) == "Rejoignez-nous")
        #expect(french.string(.titleSignIn, arguments: ["application": "Courier"]) == "Se connecter à Courier")
    }
}

import ClerkKitUICore
import Testing

@Suite("ClerkKitUICore: theme")
struct ThemeTests {
    @Test(arguments: ThemeAppearance.allCases)
    func defaultTextIsReadableInBothAppearances(_ scheme: ThemeAppearance) {
        let colors = ClerkTheme.default.colors
        let background = colors.background.resolved(for: scheme)
        #expect(colors.foreground.resolved(for: scheme).contrastRatio(with: background) >= 7)
        #expect(colors.mutedForeground.resolved(for: scheme).contrastRatio(with: background) >= 4.5)
        #expect(colors.danger.resolved(for: scheme).contrastRatio(with: background) >= 4.5)
        #expect(colors.success.resolved(for: scheme).contrastRatio(with: background) >= 4.5)
        #expect(
            colors.primaryForeground.resolved(for: scheme).contrastRatio(with: colors.primary.resolved(for: scheme))
                >= 4.5)
    }

    @Test func lightAndDarkDiffer() {
        let colors = ClerkTheme.default.colors
        #expect(colors.background.light != colors.background.dark)
        #expect(colors.background.resolved(for: .light).relativeLuminance > 0.9)
        #expect(colors.background.resolved(for: .dark).relativeLuminance < 0.05)
    }

    @Test func colorsFromHexAndContrastExtremes() {
        let white = ThemeColor(hex: 0xFFFFFF)
        let black = ThemeColor(hex: 0x000000)
        #expect(abs(white.contrastRatio(with: black) - 21) < 0.001)
        #expect(white.contrastRatio(with: white) == 1)
        #expect(ThemeColor(hex: 0x6C47FF) == ThemeColor(red: 108 / 255, green: 71 / 255, blue: 1))
        #expect(ThemeColor(red: 2, green: -1, blue: 0.5).red == 1)
    }

    @Test func themesAreEditableValues() {
        var theme = ClerkTheme.default
        theme.colors.primary = ColorPair(ThemeColor(hex: 0x6C47FF))
        theme.fonts = theme.fonts.withFamily("Inter")
        theme.spacing = theme.spacing.scaled(by: 2)
        #expect(theme != ClerkTheme.default)
        #expect(theme.colors.primary.resolved(for: .dark) == ThemeColor(hex: 0x6C47FF))
        #expect(theme.fonts.title.family == "Inter")
        #expect(theme.fonts.code.family == nil)
        #expect(theme.fonts.code.monospaced)
        #expect(theme.spacing.medium == 32)
        #expect(theme.radius.small < theme.radius.medium && theme.radius.medium < theme.radius.large)
        #expect(FontWeight.bold > FontWeight.regular)
    }
}

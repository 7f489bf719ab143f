/// Spacing steps in points.
public struct ThemeSpacing: Hashable, Sendable {
    /// 4 by default.
    public var extraSmall: Double = 4
    /// 8 by default.
    public var small: Double = 8
    /// 16 by default.
    public var medium: Double = 16
    /// 24 by default.
    public var large: Double = 24
    /// 32 by default.
    public var extraLarge: Double = 32

    /// The default steps.
    public init() {}

    /// Every step multiplied by `factor` (a denser or airier layout).
    public func scaled(by factor: Double) -> ThemeSpacing {
        var copy = self
        for path in [\ThemeSpacing.extraSmall, \.small, \.medium, \.large, \.extraLarge] {
            copy[keyPath: path] *= factor
        }
        return copy
    }
}

/// Corner radii in points.
public struct ThemeRadius: Hashable, Sendable {
    /// Small controls (badges, code cells): 4 by default.
    public var small: Double = 4
    /// Fields and buttons: 8 by default.
    public var medium: Double = 8
    /// Cards and sheets: 12 by default.
    public var large: Double = 12

    /// The default radii.
    public init() {}
}

/// The look of the prebuilt screens as plain values: colors for light and dark, fonts, spacing and radii.
///
/// ```swift
/// var theme = ClerkTheme.default
/// theme.colors.primary = ColorPair(ThemeColor(hex: 0x6C47FF))
/// let buttonColor = theme.colors.primary.resolved(for: .dark)
/// ```
public struct ClerkTheme: Hashable, Sendable {
    /// Colors.
    public var colors: ThemeColors
    /// Text styles.
    public var fonts: ThemeFonts
    /// Spacing steps.
    public var spacing: ThemeSpacing
    /// Corner radii.
    public var radius: ThemeRadius

    /// A theme; each part defaults to the default theme's.
    public init(
        colors: ThemeColors = ThemeColors(), fonts: ThemeFonts = ThemeFonts(), spacing: ThemeSpacing = ThemeSpacing(),
        radius: ThemeRadius = ThemeRadius()
    ) {
        self.colors = colors
        self.fonts = fonts
        self.spacing = spacing
        self.radius = radius
    }

    /// The default theme.
    public static let `default` = ClerkTheme()
}

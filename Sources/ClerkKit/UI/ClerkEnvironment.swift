#if canImport(SwiftUI)
public import ClerkKit
public import ClerkKitUICore
public import SwiftUI

@available(OS2023, *)
private struct ClerkKey: EnvironmentKey {
    static let defaultValue: Clerk? = nil
}

@available(OS2023, *)
private struct ClerkThemeKey: EnvironmentKey {
    static let defaultValue = ClerkTheme.default
}

@available(OS2023, *)
private struct ClerkLocalizerKey: EnvironmentKey {
    static let defaultValue = Localizer(preferredLanguages: Locale.preferredLanguages)
}

@available(OS2023, *)
private struct ClerkImageLoaderKey: EnvironmentKey {
    static let defaultValue: any ImageLoading = CachingImageLoader.shared
}

@available(OS2023, *)
extension EnvironmentValues {
    /// The Clerk instance the prebuilt views act on: `.environment(\.clerk, clerk)`.
    public var clerk: Clerk? {
        get { self[ClerkKey.self] }
        set { self[ClerkKey.self] = newValue }
    }

    /// The theme the prebuilt views draw with: `.environment(\.clerkTheme, theme)`.
    public var clerkTheme: ClerkTheme {
        get { self[ClerkThemeKey.self] }
        set { self[ClerkThemeKey.self] = newValue }
    }

    /// The strings the prebuilt views show (by default the first preferred language with a built-in table).
    public var clerkLocalizer: Localizer {
        get { self[ClerkLocalizerKey.self] }
        set { self[ClerkLocalizerKey.self] = newValue }
    }

    /// How the prebuilt views load profile pictures and logos.
    public var clerkImageLoader: any ImageLoading {
        get { self[ClerkImageLoaderKey.self] }
        set { self[ClerkImageLoaderKey.self] = newValue }
    }
}

@available(OS2023, *)
extension View {
    /// Gives the prebuilt views below this one a Clerk instance, and optionally a theme, strings and image loader.
    public func clerk(
        _ clerk: Clerk?, theme: ClerkTheme = .default, localizer: Localizer? = nil,
        imageLoader: (any ImageLoading)? = nil
    ) -> some View {
        self.environment(\.clerk, clerk)
            .environment(\.clerkTheme, theme)
            .transformEnvironment(\.clerkLocalizer) { if let localizer { $0 = localizer } }
            .transformEnvironment(\.clerkImageLoader) { if let imageLoader { $0 = imageLoader } }
    }
}

/// Resolves the environment's strings and theme for the views of this module.
@available(OS2023, *)
struct ClerkText: View {
    @Environment(\.clerkLocalizer) private var localizer
    let text: UIText

    init(_ text: UIText) { self.text = text }

    var body: some View { Text(verbatim: localizer.string(text)) }
}

@available(OS2023, *)
extension ThemeColor {
    /// The SwiftUI color.
    var color: Color { Color(.sRGB, red: red, green: green, blue: blue, opacity: alpha) }
}

@available(OS2023, *)
extension ColorPair {
    /// The color for SwiftUI's current appearance.
    func color(_ scheme: SwiftUI.ColorScheme) -> Color {
        resolved(for: scheme == .dark ? .dark : .light).color
    }
}

@available(OS2023, *)
extension FontStyle {
    /// The SwiftUI font.
    var font: Font {
        let weight: Font.Weight =
            switch self.weight {
            case .light: .light
            case .regular: .regular
            case .medium: .medium
            case .semibold: .semibold
            case .bold: .bold
            }
        let base = family.map { Font.custom($0, size: size) } ?? .system(size: size)
        return monospaced ? base.weight(weight).monospaced() : base.weight(weight)
    }
}
#endif

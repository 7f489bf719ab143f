import Foundation

/// An sRGB color as plain numbers (0…1), so a view layer can build its own color type from it.
public struct ThemeColor: Hashable, Sendable {
    /// Red, 0…1.
    public var red: Double
    /// Green, 0…1.
    public var green: Double
    /// Blue, 0…1.
    public var blue: Double
    /// Opacity, 0…1.
    public var alpha: Double

    /// A color from components in 0…1 (values outside are clamped).
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = min(max(red, 0), 1)
        self.green = min(max(green, 0), 1)
        self.blue = min(max(blue, 0), 1)
        self.alpha = min(max(alpha, 0), 1)
    }

    /// A color from `0xRRGGBB`.
    public init(hex: UInt32, alpha: Double = 1) {
        self.init(
            red: Double((hex >> 16) & 0xFF) / 255, green: Double((hex >> 8) & 0xFF) / 255,
            blue: Double(hex & 0xFF) / 255, alpha: alpha)
    }

    /// WCAG relative luminance (0 for black, 1 for white), ignoring opacity.
    public var relativeLuminance: Double {
        func linear(_ channel: Double) -> Double {
            channel <= 0.04045 ? channel / 12.92 : pow((channel + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// The WCAG contrast ratio with `other`, from 1 to 21 (4.5 is the minimum for body text).
    public func contrastRatio(with other: ThemeColor) -> Double {
        let (lighter, darker) = (
            max(relativeLuminance, other.relativeLuminance), min(relativeLuminance, other.relativeLuminance)
        )
        return (lighter + 0.05) / (darker + 0.05)
    }
}

/// Light or dark appearance.
public enum ThemeAppearance: String, Sendable, Hashable, CaseIterable {
    /// Dark text on a light background.
    case light
    /// Light text on a dark background.
    case dark
}

/// A color for each appearance.
public struct ColorPair: Hashable, Sendable {
    /// The color in light appearance.
    public var light: ThemeColor
    /// The color in dark appearance.
    public var dark: ThemeColor

    /// A pair of colors.
    public init(light: ThemeColor, dark: ThemeColor) {
        self.light = light
        self.dark = dark
    }

    /// The same color in both appearances.
    public init(_ color: ThemeColor) {
        self.init(light: color, dark: color)
    }

    /// The color for `scheme`.
    public func resolved(for scheme: ThemeAppearance) -> ThemeColor {
        scheme == .light ? light : dark
    }
}

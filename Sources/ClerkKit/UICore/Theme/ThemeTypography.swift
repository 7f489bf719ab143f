/// A font weight, from thin to black.
public enum FontWeight: Int, Sendable, Hashable, CaseIterable, Comparable {
    /// 300.
    case light = 300
    /// 400.
    case regular = 400
    /// 500.
    case medium = 500
    /// 600.
    case semibold = 600
    /// 700.
    case bold = 700

    /// Orders weights from light to bold.
    public static func < (lhs: FontWeight, rhs: FontWeight) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A text style as values: the family (nil for the system font), size in points, weight and line height.
public struct FontStyle: Hashable, Sendable {
    /// The font family, or nil for the platform's system font.
    public var family: String?
    /// The size in points.
    public var size: Double
    /// The weight.
    public var weight: FontWeight
    /// The line height as a multiple of the size.
    public var lineHeight: Double
    /// Whether every glyph has the same width (codes, backup codes).
    public var monospaced: Bool

    /// A text style.
    public init(
        family: String? = nil, size: Double, weight: FontWeight = .regular, lineHeight: Double = 1.3,
        monospaced: Bool = false
    ) {
        self.family = family
        self.size = size
        self.weight = weight
        self.lineHeight = lineHeight
        self.monospaced = monospaced
    }
}

/// The text styles of the prebuilt screens.
public struct ThemeFonts: Hashable, Sendable {
    /// Screen titles.
    public var title = FontStyle(size: 24, weight: .bold, lineHeight: 1.2)
    /// Subtitles under the title.
    public var subtitle = FontStyle(size: 16, weight: .regular)
    /// Field labels and body text.
    public var body = FontStyle(size: 15, weight: .regular)
    /// Hints and error messages under fields.
    public var caption = FontStyle(size: 13, weight: .regular)
    /// Buttons.
    public var button = FontStyle(size: 15, weight: .semibold)
    /// Verification codes.
    public var code = FontStyle(size: 22, weight: .medium, lineHeight: 1, monospaced: true)

    /// The default text styles (the system font).
    public init() {}

    /// Every style in `family`, keeping sizes and weights.
    public func withFamily(_ family: String?) -> ThemeFonts {
        var copy = self
        for path in [\ThemeFonts.title, \.subtitle, \.body, \.caption, \.button] {
            copy[keyPath: path].family = family
        }
        return copy
    }
}

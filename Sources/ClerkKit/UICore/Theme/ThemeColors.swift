/// The colors of the prebuilt screens, each for light and dark appearance.
public struct ThemeColors: Hashable, Sendable {
    /// Buttons and links.
    public var primary: ColorPair
    /// Text and icons on ``primary``.
    public var primaryForeground: ColorPair
    /// The screen's background.
    public var background: ColorPair
    /// Text on ``background``.
    public var foreground: ColorPair
    /// Secondary text (hints, captions).
    public var mutedForeground: ColorPair
    /// Text fields' background.
    public var inputBackground: ColorPair
    /// Borders and separators.
    public var border: ColorPair
    /// Errors.
    public var danger: ColorPair
    /// Success messages.
    public var success: ColorPair
    /// Warnings.
    public var warning: ColorPair

    /// Colors; each defaults to Clerk-like neutral values.
    public init(
        primary: ColorPair = ColorPair(light: ThemeColor(hex: 0x2F3037), dark: ThemeColor(hex: 0xFAFAFB)),
        primaryForeground: ColorPair = ColorPair(light: ThemeColor(hex: 0xFFFFFF), dark: ThemeColor(hex: 0x131316)),
        background: ColorPair = ColorPair(light: ThemeColor(hex: 0xFFFFFF), dark: ThemeColor(hex: 0x131316)),
        foreground: ColorPair = ColorPair(light: ThemeColor(hex: 0x212126), dark: ThemeColor(hex: 0xFFFFFF)),
        mutedForeground: ColorPair = ColorPair(light: ThemeColor(hex: 0x5E5F6E), dark: ThemeColor(hex: 0xB7B8C2)),
        inputBackground: ColorPair = ColorPair(light: ThemeColor(hex: 0xFFFFFF), dark: ThemeColor(hex: 0x1E1E22)),
        border: ColorPair = ColorPair(light: ThemeColor(hex: 0xD9D9DE), dark: ThemeColor(hex: 0x3A3A40)),
        danger: ColorPair = ColorPair(light: ThemeColor(hex: 0xC81E1E), dark: ThemeColor(hex: 0xFF8A80)),
        success: ColorPair = ColorPair(light: ThemeColor(hex: 0x0E7A3A), dark: ThemeColor(hex: 0x5EE39A)),
        warning: ColorPair = ColorPair(light: ThemeColor(hex: 0x9A5B00), dark: ThemeColor(hex: 0xFFC25C))
    ) {
        self.primary = primary
        self.primaryForeground = primaryForeground
        self.background = background
        self.foreground = foreground
        self.mutedForeground = mutedForeground
        self.inputBackground = inputBackground
        self.border = border
        self.danger = danger
        self.success = success
        self.warning = warning
    }
}

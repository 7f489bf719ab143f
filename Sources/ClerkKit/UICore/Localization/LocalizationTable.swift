/// One entry of a table: a plain string, or a string per plural category.
///
/// Strings may hold `{count}` and named placeholders such as `{characters}`.
public enum LocalizedEntry: Hashable, Sendable {
    /// The same text whatever the count.
    case text(String)
    /// Text chosen by the count's plural category.
    case plural(one: String, other: String)

    /// The text for a plural category.
    public func text(for category: PluralCategory) -> String {
        switch self {
        case .text(let text): text
        case .plural(let one, let other): category == .one ? one : other
        }
    }

    /// Every variant of the entry.
    public var variants: [String] {
        switch self {
        case .text(let text): [text]
        case .plural(let one, let other): [one, other]
        }
    }
}

/// The strings of one language, with its plural rule.
public struct LocalizationTable: Sendable {
    /// The BCP 47 language code, for example `en`.
    public let languageCode: String
    /// How counts choose a plural form.
    public let pluralRule: PluralRule
    /// The entries by key. A key missing here falls back to English.
    public var entries: [UIStringKey: LocalizedEntry]

    /// Creates a table from an entry per key.
    public init(languageCode: String, pluralRule: PluralRule, entries: [UIStringKey: LocalizedEntry]) {
        self.languageCode = languageCode
        self.pluralRule = pluralRule
        self.entries = entries
    }

    /// Creates a complete table from a function that has an entry for every key.
    public init(languageCode: String, pluralRule: PluralRule, entry: (UIStringKey) -> LocalizedEntry) {
        var entries: [UIStringKey: LocalizedEntry] = [:]
        for key in UIStringKey.allCases { entries[key] = entry(key) }
        self.init(languageCode: languageCode, pluralRule: pluralRule, entries: entries)
    }

    /// The built-in tables: English, French and German.
    public static let builtIn: [LocalizationTable] = [.english, .french, .german]

    /// The built-in table whose language best matches a locale identifier (`fr_CA`, `de-AT`, `en`), if any.
    public static func builtIn(for localeIdentifier: String) -> LocalizationTable? {
        let language = localeIdentifier.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map {
            $0.lowercased()
        }
        return builtIn.first { $0.languageCode == language }
    }
}

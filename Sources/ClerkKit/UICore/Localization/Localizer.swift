import Foundation

/// Resolves ``UIText`` into the strings of one language.
///
/// ```swift
/// let french = Localizer(table: .french)
/// french.string(.localized(.errorRateLimited, count: 2))  // "Trop de tentatives. Réessayez dans 2 secondes."
/// ```
///
/// An app can replace any string with ``overriding(_:with:)``; keys a custom table lacks fall back to English.
public struct Localizer: Sendable {
    /// The language's table.
    public var table: LocalizationTable

    /// A localizer for `table` (English by default).
    public init(table: LocalizationTable = .english) {
        self.table = table
    }

    /// A localizer for the first of `preferredLanguages` (for example `Locale.preferredLanguages`) that has a
    /// built-in table; English when none has.
    public init(preferredLanguages: [String]) {
        self.init(table: preferredLanguages.lazy.compactMap(LocalizationTable.builtIn(for:)).first ?? .english)
    }

    /// This localizer with the entry for `key` replaced.
    public func overriding(_ key: UIStringKey, with entry: LocalizedEntry) -> Localizer {
        var copy = self
        copy.table.entries[key] = entry
        return copy
    }

    /// The string for `text`.
    public func string(_ text: UIText) -> String {
        switch text {
        case .verbatim(let message):
            return message
        case .localized(let key, let count, let arguments):
            let entry = table.entries[key] ?? LocalizationTable.english.entries[key] ?? .text(key.rawValue)
            let category = count.map(table.pluralRule.category(for:)) ?? .other
            var result = entry.text(for: category)
            if let count { result = result.replacingPlaceholder("count", with: String(count)) }
            for (name, value) in arguments { result = result.replacingPlaceholder(name, with: value) }
            return result
        }
    }

    /// The string for `key` with an optional count and arguments.
    public func string(_ key: UIStringKey, count: Int? = nil, arguments: [String: String] = [:]) -> String {
        string(.localized(key, count: count, arguments: arguments))
    }
}

extension String {
    /// `self` with every `{name}` replaced by `value`.
    func replacingPlaceholder(_ name: String, with value: String) -> String {
        let token = "{" + name + "}"
        var result = ""
        var rest = Substring(self)
        while let range = rest.range(of: token) {
            result += rest[..<range.lowerBound]
            result += value
            rest = rest[range.upperBound...]
        }
        return result + rest
    }

    /// The names of the `{placeholders}` in `self`.
    var placeholderNames: Set<String> {
        var names: Set<String> = []
        var rest = Substring(self)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            names.insert(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return names
    }
}

/// CLDR plural categories that the built-in languages use.
public enum PluralCategory: String, Sendable, Hashable, CaseIterable {
    /// One (English and German: 1; French: 0 and 1).
    case one
    /// Everything else.
    case other
}

/// How a language chooses a plural category for a whole number.
public struct PluralRule: Sendable {
    private let choose: @Sendable (Int) -> PluralCategory

    /// A rule from a function of the count.
    public init(_ choose: @escaping @Sendable (Int) -> PluralCategory) {
        self.choose = choose
    }

    /// The category for `count`.
    public func category(for count: Int) -> PluralCategory { choose(count) }

    /// English, German, Dutch, Italian, Spanish…: `one` for exactly 1.
    public static let oneForOne = PluralRule { $0 == 1 ? .one : .other }
    /// French and Portuguese (Brazil): `one` for 0 and 1.
    public static let oneForZeroAndOne = PluralRule { $0 == 0 || $0 == 1 ? .one : .other }
}

/// A piece of text to show: a localised string with its count and arguments, or the server's message as sent.
///
/// Models keep `UIText`, not `String`, so tests can assert on the key and views resolve it in the language of
/// their ``Localizer``.
public enum UIText: Hashable, Sendable {
    /// A string from the table: `count` picks the plural form and fills `{count}`; `arguments` fill `{name}`.
    case localized(UIStringKey, count: Int? = nil, arguments: [String: String] = [:])
    /// Text shown as is (the service's own message, already in the person's language when the service localises).
    case verbatim(String)

    /// The key, when this is a localised string.
    public var key: UIStringKey? {
        if case .localized(let key, _, _) = self { return key }
        return nil
    }
}

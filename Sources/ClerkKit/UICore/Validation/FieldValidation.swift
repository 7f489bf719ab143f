/// Small checks shared by the forms.
public enum FieldValidation {
    /// `.fieldRequired` when `value` is empty or only spaces.
    public static func required(_ value: String) -> UIText? {
        value.trimmedForInput.isEmpty ? .localized(.fieldRequired) : nil
    }

    /// The problem with a one-time code: empty, or not exactly `length` ASCII digits (spaces are ignored).
    public static func code(_ value: String, length: Int = 6) -> UIText? {
        let digits = value.filter { !$0.isWhitespace }
        if digits.isEmpty { return .localized(.fieldRequired) }
        guard digits.count == length, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            return .localized(.codeInvalid, count: length)
        }
        return nil
    }
}

/// Checks an email address before it is sent: one `@`, a local part, and a domain of at least two labels whose
/// last is letters only. Deliberately permissive (the service has the last word), but it catches typing slips.
public enum EmailValidation {
    /// The problem with `input` (trimmed of surrounding spaces), or nil when it looks like an address.
    public static func problem(with input: String) -> UIText? {
        let address = input.trimmedForInput
        guard !address.isEmpty else { return .localized(.fieldRequired) }
        return isValid(address) ? nil : .localized(.emailInvalid)
    }

    /// Whether `address` looks like an email address.
    public static func isValid(_ address: String) -> Bool {
        let parts = address.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, address.count <= 254 else { return false }
        let (local, domain) = (parts[0], parts[1])
        guard !local.isEmpty, local.utf8.count <= 64, !local.hasPrefix("."), !local.hasSuffix("."),
            !local.contains(".."), local.allSatisfy(isLocalCharacter)
        else { return false }
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, let last = labels.last, last.count >= 2, last.allSatisfy(\.isLetter) else {
            return false
        }
        return labels.allSatisfy { label in
            !label.isEmpty && label.count <= 63 && !label.hasPrefix("-") && !label.hasSuffix("-")
                && label.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" }
        }
    }

    private static func isLocalCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || "!#$%&'*+-/=?^_`{|}~.".contains(character)
    }
}

extension String {
    /// The text with surrounding spaces and newlines removed.
    var trimmedForInput: String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}

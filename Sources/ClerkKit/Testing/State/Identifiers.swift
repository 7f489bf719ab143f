/// Clerk's test-mode identifiers: `+clerk_test` email addresses and `+1 XXX 555 01XX` phone numbers, which
/// verify with `424242` and are never sent anything.
@available(OS2023, *)
enum TestMode {
    static let code = "424242"

    static func isTestIdentifier(_ identifier: String) -> Bool {
        let lowered = identifier.lowercased()
        if lowered.contains("@") {
            let local = lowered.split(separator: "@").first ?? ""
            return local.contains("+clerk_test")
        }
        let digits = identifier.filter(\.isNumber)
        // +1 XXX 555 01XX: country code 1, exchange 555, line 0100-0199.
        guard digits.count == 11, digits.first == "1" else { return false }
        let characters = Array(digits)
        return String(characters[4..<7]) == "555" && String(characters[7..<9]) == "01"
    }
}

/// Normalizes identifiers for lookups: emails and usernames lowercased, phone numbers to `+digits`.
@available(OS2023, *)
enum IdentifierKind: Sendable, Equatable {
    case emailAddress, phoneNumber, username

    init(classifying identifier: String) {
        if identifier.contains("@") {
            self = .emailAddress
        } else if identifier.hasPrefix("+")
            || (identifier.first?.isNumber == true && identifier.allSatisfy({ "0123456789 -().".contains($0) }))
        {
            self = .phoneNumber
        } else {
            self = .username
        }
    }

    var setting: ClerkEmulator.Identifier {
        switch self {
        case .emailAddress: .emailAddress
        case .phoneNumber: .phoneNumber
        case .username: .username
        }
    }

    static func normalizedPhone(_ number: String) -> String {
        "+" + number.filter(\.isNumber)
    }
}

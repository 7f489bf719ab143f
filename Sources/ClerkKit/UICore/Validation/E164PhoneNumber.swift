/// A phone number in E.164 form (`+` and at most 15 digits), with the country its calling code names.
public struct E164PhoneNumber: Hashable, Sendable {
    /// The country (the first in ``PhoneCountry/all`` with the calling code, unless the input named one).
    public var country: PhoneCountry
    /// The digits after the calling code.
    public var nationalNumber: String

    /// The E.164 form, for example `+33612345678`.
    public var e164: String { "+" + country.callingCode + nationalNumber }

    /// Parses what a person typed: `+` (or `00`) and the calling code, or a national number when a country is
    /// given. Spaces, dots, dashes and parentheses are ignored; anything else is an error.
    ///
    /// ```swift
    /// let number = try E164PhoneNumber.parse("06 12 34 56 78", defaultCountry: .region("FR")).get()
    /// // number.e164 == "+33612345678"
    /// ```
    public static func parse(_ input: String, defaultCountry: PhoneCountry? = nil) -> Result<
        E164PhoneNumber, PhoneNumberError
    > {
        let text = input.trimmedForInput
        guard !text.isEmpty else { return .failure(.empty) }
        var international = false
        var digits = ""
        for (offset, character) in text.enumerated() {
            if character == "+", offset == 0 {
                international = true
            } else if let digit = character.wholeNumberValue, character.isASCII {
                digits.append(String(digit))
            } else if !" .-()\u{00A0}".contains(character) {
                return .failure(.invalidCharacters)
            }
        }
        if !international, digits.hasPrefix("00") {
            international = true
            digits.removeFirst(2)
        }
        if international {
            return parseInternational(digits)
        }
        guard let country = defaultCountry else { return .failure(.missingCountryCode) }
        if country.hasTrunkPrefix, digits.hasPrefix("0") { digits.removeFirst() }
        return make(country, digits)
    }

    /// A `UIText` for the problem with `input`, or nil when it is a valid number.
    public static func problem(with input: String, defaultCountry: PhoneCountry? = nil) -> UIText? {
        switch parse(input, defaultCountry: defaultCountry) {
        case .success: nil
        case .failure(.empty): .localized(.fieldRequired)
        case .failure(.unknownCountryCode): .localized(.phoneCountryUnknown)
        case .failure: .localized(.phoneInvalid)
        }
    }

    private static func parseInternational(_ digits: String) -> Result<E164PhoneNumber, PhoneNumberError> {
        for length in 1...3 where digits.count > length {
            let code = String(digits.prefix(length))
            if let country = PhoneCountry.all.first(where: { $0.callingCode == code }) {
                return make(country, String(digits.dropFirst(length)))
            }
        }
        return .failure(digits.isEmpty ? .tooShort : .unknownCountryCode)
    }

    private static func make(_ country: PhoneCountry, _ national: String) -> Result<E164PhoneNumber, PhoneNumberError> {
        if national.count < country.nationalLengths.lowerBound { return .failure(.tooShort) }
        if national.count > country.nationalLengths.upperBound || country.callingCode.count + national.count > 15 {
            return .failure(.tooLong)
        }
        return .success(E164PhoneNumber(country: country, nationalNumber: national))
    }
}

/// Why a phone number could not be read.
public enum PhoneNumberError: Error, Hashable, Sendable {
    /// Nothing was typed.
    case empty
    /// A character that is neither a digit nor a separator.
    case invalidCharacters
    /// A national number with no country to read it in.
    case missingCountryCode
    /// The calling code is not in ``PhoneCountry/all``.
    case unknownCountryCode
    /// Too few digits for the country.
    case tooShort
    /// Too many digits for the country (or for E.164).
    case tooLong
}

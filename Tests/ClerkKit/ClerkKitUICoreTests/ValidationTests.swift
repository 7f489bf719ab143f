import ClerkKit
import ClerkKitUICore
import Testing

@Suite("ClerkKitUICore: validation")
struct ValidationTests {
    @Test(arguments: ["ada@example.com", " ada.lovelace+clerk@mail.example.co.uk ", "o'brien@example.ie", "x@b.io"])
    func acceptsAddresses(_ address: String) {
        #expect(EmailValidation.problem(with: address) == nil)
    }

    @Test(arguments: [
        "ada", "ada@", "@example.com", "ada@example", "ada@@example.com", "ada @example.com", "ada@exa mple.com",
        ".ada@example.com", "ada.@example.com", "a..da@example.com", "ada@-example.com", "ada@example.c0m",
        "ada@example.c", "ada@example..com",
    ])
    func rejectsMalformedAddresses(_ address: String) {
        #expect(EmailValidation.problem(with: address) == .localized(.emailInvalid))
    }

    @Test func anEmptyAddressIsRequired() {
        #expect(EmailValidation.problem(with: "  ") == .localized(.fieldRequired))
    }

    @Test(
        arguments: [
            ("+1 (415) 555-0100", nil, "+14155550100", "US"),
            ("0033 6 12 34 56 78", nil, "+33612345678", "FR"),
            ("06 12 34 56 78", "FR", "+33612345678", "FR"),
            ("+44 20 7946 0958", nil, "+442079460958", "GB"),
            ("020 7946 0958", "GB", "+442079460958", "GB"),
            ("612 345 678", "ES", "+34612345678", "ES"),
            ("+353 85 123 4567", nil, "+353851234567", "IE"),
            ("415.555.0100", "us", "+14155550100", "US"),
        ] as [(String, String?, String, String)])
    func readsNumbersIntoE164(_ input: String, _ region: String?, _ e164: String, _ country: String) throws {
        let number = try E164PhoneNumber.parse(input, defaultCountry: region.flatMap(PhoneCountry.region)).get()
        #expect(number.e164 == e164)
        #expect(number.country.regionCode == country)
    }

    @Test(
        arguments: [
            ("", PhoneNumberError.empty), ("+1 415 555 01x0", .invalidCharacters),
            ("415 555 0100", .missingCountryCode),
            ("+999 1234 5678", .unknownCountryCode), ("+1 415 555", .tooShort), ("+33 6 12 34 56 78 9", .tooLong),
            ("+", .tooShort), ("1+415", .invalidCharacters),
        ] as [(String, PhoneNumberError)])
    func rejectsWhatIsNotANumber(_ input: String, _ expected: PhoneNumberError) {
        #expect(throws: expected) { try E164PhoneNumber.parse(input).get() }
    }

    @Test func phoneProblemsAreLocalisedKeys() {
        #expect(E164PhoneNumber.problem(with: "") == .localized(.fieldRequired))
        #expect(E164PhoneNumber.problem(with: "+999 123456") == .localized(.phoneCountryUnknown))
        #expect(E164PhoneNumber.problem(with: "12") == .localized(.phoneInvalid))
        #expect(E164PhoneNumber.problem(with: "+15555550100") == nil)
    }

    @Test func theCountryTableIsConsistent() {
        #expect(Set(PhoneCountry.all.map(\.regionCode)).count == PhoneCountry.all.count)
        for country in PhoneCountry.all {
            #expect((1...3).contains(country.callingCode.count))
            #expect(country.callingCode.allSatisfy { $0.isNumber })
            #expect(country.callingCode.count + country.nationalLengths.upperBound <= 15)
        }
    }

    @available(OS2023, *)
    @Test func passwordRulesListEveryBrokenRule() {
        let rules = PasswordRules(
            settings: .init(
                minLength: 10, maxLength: 20, requireSpecialChar: true, requireNumbers: true, requireUppercase: true,
                requireLowercase: true, allowedSpecialCharacters: "!?"))
        #expect(
            rules.problems(with: "abc") == [
                .localized(.passwordTooShort, count: 10), .localized(.passwordNeedsNumber),
                .localized(.passwordNeedsUppercase),
                .localized(.passwordNeedsSpecialCharacter, arguments: ["characters": "!?"]),
            ])
        #expect(rules.problems(with: "ABCDEFGHIJ1!") == [.localized(.passwordNeedsLowercase)])
        #expect(rules.problems(with: String(repeating: "aA1!", count: 6)) == [.localized(.passwordTooLong, count: 20)])
        #expect(rules.problem(with: "Abcdefgh1!") == nil)
        #expect(rules.problem(with: "Abcdefgh1!", confirmation: "Abcdefgh1?") == .localized(.passwordsDoNotMatch))
        #expect(rules.problem(with: "") == .localized(.fieldRequired))
    }

    @available(OS2023, *)
    @Test func passwordRulesDefaultWhenTheInstanceSaysNothing() {
        let rules = PasswordRules(environment: nil)
        #expect(rules.minimumLength == 8 && rules.maximumLength == 72)
        #expect(rules.problems(with: "12345678").isEmpty)
    }

    @Test func codesAreDigitsOfTheRightLength() {
        #expect(FieldValidation.code("424 242") == nil)
        #expect(FieldValidation.code("") == .localized(.fieldRequired))
        #expect(FieldValidation.code("42424") == .localized(.codeInvalid, count: 6))
        #expect(FieldValidation.code("42424a") == .localized(.codeInvalid, count: 6))
        #expect(FieldValidation.code("١٢٣٤٥٦") == .localized(.codeInvalid, count: 6))
        #expect(FieldValidation.required(" \n") == .localized(.fieldRequired))
        #expect(FieldValidation.required("Ada") == nil)
    }
}

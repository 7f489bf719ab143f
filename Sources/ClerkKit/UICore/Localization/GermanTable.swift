extension LocalizationTable {
    /// German.
    public static let german = LocalizationTable(languageCode: "de", pluralRule: .oneForOne) { key in
        switch key {
        case .fieldRequired: .text("Dieses Feld ist erforderlich.")
        case .emailInvalid: .text("Geben Sie eine gültige E-Mail-Adresse ein.")
        case .phoneInvalid: .text("Geben Sie eine gültige Telefonnummer mit + und Ländervorwahl ein.")
        case .phoneCountryUnknown: .text("Diese Ländervorwahl wird nicht unterstützt.")
        case .passwordTooShort:
            .plural(
                one: "Ihr Passwort muss mindestens {count} Zeichen enthalten.",
                other: "Ihr Passwort muss mindestens {count} Zeichen enthalten.")
        case .passwordTooLong:
            .plural(
                one: "Ihr Passwort darf höchstens {count} Zeichen enthalten.",
                other: "Ihr Passwort darf höchstens {count} Zeichen enthalten.")
        case .passwordNeedsNumber: .text("Ihr Passwort muss eine Ziffer enthalten.")
        case .passwordNeedsUppercase: .text("Ihr Passwort muss einen Großbuchstaben enthalten.")
        case .passwordNeedsLowercase: .text("Ihr Passwort muss einen Kleinbuchstaben enthalten.")
        case .passwordNeedsSpecialCharacter: .text("Ihr Passwort muss eines dieser Zeichen enthalten: {characters}.")
        case .passwordsDoNotMatch: .text("Die Passwörter stimmen nicht überein.")
        case .codeInvalid: .text("Geben Sie den {count}-stelligen Code ein.")
        case .errorConnection:
            .text("Der Server ist nicht erreichbar. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.")
        case .errorServerUnavailable:
            .text("Der Dienst ist derzeit nicht verfügbar. Bitte versuchen Sie es später erneut.")
        case .errorRateLimited:
            .plural(
                one: "Zu viele Versuche. Versuchen Sie es in {count} Sekunde erneut.",
                other: "Zu viele Versuche. Versuchen Sie es in {count} Sekunden erneut.")
        case .errorUnexpected: .text("Etwas ist schiefgelaufen. Bitte versuchen Sie es erneut.")
        }
    }
}

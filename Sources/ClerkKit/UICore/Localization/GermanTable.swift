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
        case .identifierNotSupported: .text("Mit dieser Art von Kennung ist hier keine Anmeldung möglich.")
        case .methodUnavailable: .text("Diese Methode ist nicht verfügbar. Wählen Sie eine andere.")
        case .signInExpired: .text("Dieser Versuch ist abgelaufen. Bitte beginnen Sie erneut.")
        case .codeTooManyAttempts: .text("Zu viele falsche Codes. Fordern Sie einen neuen Code an.")
        case .codeExpired: .text("Dieser Code ist abgelaufen. Fordern Sie einen neuen Code an.")
        case .legalConsentRequired: .text("Sie müssen die Bedingungen akzeptieren, um fortzufahren.")
        case .resendCode: .text("Code erneut senden")
        case .resendCodeIn:
            .plural(
                one: "Erneut senden in {count} Sekunde",
                other: "Erneut senden in {count} Sekunden")
        case .codeSentTo: .text("Geben Sie den an {destination} gesendeten Code ein.")
        case .titleSignIn: .text("Bei {application} anmelden")
        case .titleSignUp: .text("Konto erstellen")
        case .titlePassword: .text("Geben Sie Ihr Passwort ein")
        case .titleCheckEmail: .text("Prüfen Sie Ihre E-Mails")
        case .titleCheckPhone: .text("Prüfen Sie Ihr Telefon")
        case .titleTwoStep: .text("Zwei-Schritt-Verifizierung")
        case .titleBackupCode: .text("Geben Sie einen Backup-Code ein")
        case .titleChooseMethod: .text("Andere Methode verwenden")
        case .titleForgotPassword: .text("Passwort vergessen?")
        case .titleNewPassword: .text("Neues Passwort festlegen")
        case .titleVerifyEmail: .text("E-Mail bestätigen")
        case .titleVerifyPhone: .text("Telefonnummer bestätigen")
        case .titleCompleteProfile: .text("Profil vervollständigen")
        case .titleChooseOrganization: .text("Organisation auswählen")
        case .titleCreateOrganization: .text("Organisation erstellen")
        case .titleDone: .text("Sie sind angemeldet")
        case .labelIdentifier: .text("E-Mail-Adresse, Telefonnummer oder Benutzername")
        case .labelEmailAddress: .text("E-Mail-Adresse")
        case .labelPhoneNumber: .text("Telefonnummer")
        case .labelUsername: .text("Benutzername")
        case .labelPassword: .text("Passwort")
        case .labelConfirmPassword: .text("Passwort bestätigen")
        case .labelCode: .text("Bestätigungscode")
        case .labelFirstName: .text("Vorname")
        case .labelLastName: .text("Nachname")
        case .labelLegalConsent: .text("Ich stimme den Nutzungsbedingungen und der Datenschutzerklärung zu")
        case .labelOrganizationName: .text("Name der Organisation")
        case .actionContinue: .text("Weiter")
        case .actionUseAnotherMethod: .text("Andere Methode verwenden")
        case .actionSignUpInstead: .text("Noch kein Konto? Registrieren")
        case .actionSignInInstead: .text("Schon ein Konto? Anmelden")
        case .actionCancel: .text("Abbrechen")
        case .factorPassword: .text("Mit Passwort anmelden")
        case .factorEmailCode: .text("Code per E-Mail senden")
        case .factorPhoneCode: .text("Code per SMS senden")
        case .factorTOTP: .text("Authenticator-App verwenden")
        case .factorBackupCode: .text("Backup-Code verwenden")
        case .factorResetByEmail: .text("Per E-Mail zurücksetzen")
        case .factorResetByPhone: .text("Per SMS zurücksetzen")
        case .badgeLastUsed: .text("Zuletzt verwendet")
        }
    }
}

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
        // MARK: Profile
        case .profileTitle: .text("Profil")
        case .profileManageAccount: .text("Konto verwalten")
        case .profileEmailAddresses: .text("E-Mail-Adressen")
        case .profilePhoneNumbers: .text("Telefonnummern")
        case .profileConnectedAccounts: .text("Verbundene Konten")
        case .profileSecurity: .text("Sicherheit")
        case .profilePasskeys: .text("Passkeys")
        case .profileActiveDevices: .text("Aktive Geräte")
        case .profileEditProfile: .text("Profil bearbeiten")
        case .profileFirstName: .text("Vorname")
        case .profileLastName: .text("Nachname")
        case .profileUsername: .text("Benutzername")
        case .profileSave: .text("Speichern")
        case .profileCancel: .text("Abbrechen")
        case .profileAddEmailAddress: .text("E-Mail-Adresse hinzufügen")
        case .profileAddPhoneNumber: .text("Telefonnummer hinzufügen")
        case .profileVerifyIdentifier: .text("Geben Sie den an {identifier} gesendeten Bestätigungscode ein.")
        case .profileVerificationCode: .text("Bestätigungscode")
        case .profileVerify: .text("Bestätigen")
        case .profileResendCode: .text("Code erneut senden")
        case .profileRemove: .text("Entfernen")
        case .profileSetPrimary: .text("Als primär festlegen")
        case .profilePrimary: .text("Primär")
        case .profileUnverified: .text("Nicht bestätigt")
        case .profilePassword: .text("Passwort")
        case .profileChangePassword: .text("Passwort ändern")
        case .profileSetPassword: .text("Passwort festlegen")
        case .profileCurrentPassword: .text("Aktuelles Passwort")
        case .profileNewPassword: .text("Neues Passwort")
        case .profileConfirmPassword: .text("Passwort bestätigen")
        case .profileSignOutOtherDevices: .text("Von allen anderen Geräten abmelden")
        case .profileTwoStepVerification: .text("Zweistufige Bestätigung")
        case .profileAddAuthenticatorApp: .text("Authenticator-App hinzufügen")
        case .profileAuthenticatorInstructions:
            .text(
                "Scannen Sie den QR-Code mit Ihrer Authenticator-App oder geben Sie diesen Schlüssel ein: {secret}. Geben Sie dann den angezeigten Code ein."
            )
        case .profileRemoveAuthenticatorApp: .text("Authenticator-App entfernen")
        case .profileUseSMSCode: .text("Für SMS-Bestätigungscodes verwenden")
        case .profileStopSMSCode: .text("SMS-Bestätigungscodes beenden")
        case .profileBackupCodes: .text("Backup-Codes")
        case .profileBackupCodesInstructions:
            .text(
                "Bewahren Sie diese Codes sicher auf. Jeder kann einmal verwendet werden, falls Sie Ihr Gerät verlieren."
            )
        case .profileGenerateBackupCodes: .text("Neue Codes erzeugen")
        case .profileAddPasskey: .text("Passkey hinzufügen")
        case .profileRename: .text("Umbenennen")
        case .profileThisDevice: .text("Dieses Gerät")
        case .profileRevokeDevice: .text("Von diesem Gerät abmelden")
        case .profileDeleteAccount: .text("Konto löschen")
        case .profileDeleteAccountWarning:
            .text("Das Löschen Ihres Kontos ist endgültig. Geben Sie zur Bestätigung {phrase} ein.")
        case .profileConfirmationMismatch: .text("Geben Sie zur Bestätigung genau {phrase} ein.")
        case .profileSignOut: .text("Abmelden")
        case .profileSignOutAll: .text("Von allen Konten abmelden")
        case .profileAddAccount: .text("Konto hinzufügen")
        case .profileSwitchAccount: .text("Zu {name} wechseln")
        case .profileAvatar: .text("Profilbild von {name}")
        case .profileOpenAccountMenu: .text("Kontomenü öffnen")
        case .profileNotSignedIn: .text("Sie sind nicht angemeldet.")
        // MARK: Organizations
        case .organizationPersonalAccount: .text("Persönliches Konto")
        case .organizationSwitch: .text("Organisation wechseln")
        case .organizationCreate: .text("Organisation erstellen")
        case .organizationName: .text("Name")
        case .organizationSlug: .text("Kurzname (Slug)")
        case .organizationSlugInvalid: .text("Verwenden Sie nur Kleinbuchstaben, Ziffern und Bindestriche.")
        case .organizationManage: .text("Organisation verwalten")
        case .organizationMembers: .text("Mitglieder")
        case .organizationMemberCount: .plural(one: "{count} Mitglied", other: "{count} Mitglieder")
        case .organizationInvitations: .text("Einladungen")
        case .organizationInvite: .text("Mitglieder einladen")
        case .organizationInviteAddresses: .text("E-Mail-Adressen, durch Kommas getrennt")
        case .organizationRole: .text("Rolle")
        case .organizationRemoveMember: .text("Mitglied entfernen")
        case .organizationRevokeInvitation: .text("Einladung widerrufen")
        case .organizationDomains: .text("Bestätigte Domains")
        case .organizationAddDomain: .text("Domain hinzufügen")
        case .organizationDomainInvalid: .text("Geben Sie eine Domain wie example.com ein.")
        case .organizationLeave: .text("Organisation verlassen")
        case .organizationDelete: .text("Organisation löschen")
        case .organizationDeleteWarning:
            .text("Das Löschen von {name} ist endgültig. Geben Sie zur Bestätigung {phrase} ein.")
        case .organizationAccept: .text("Beitreten")
        case .organizationPending: .text("Ausstehend")
        }
    }
}

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
        case .errorAccountLocked:
            .plural(
                one: "Ihr Konto ist nach zu vielen Fehlversuchen gesperrt. Versuchen Sie es in {count} Minute erneut.",
                other:
                    "Ihr Konto ist nach zu vielen Fehlversuchen gesperrt. Versuchen Sie es in {count} Minuten erneut.")
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
        case .linkSentTo: .text("Öffnen Sie den an {destination} gesendeten Link auf diesem Gerät.")
        case .resendLink: .text("Link erneut senden")
        case .linkNotStartedHere:
            .text("Dieser Link wurde nicht auf diesem Gerät angefordert. Fordern Sie hier einen neuen an.")
        case .factorEmailLink: .text("Anmeldelink per E-Mail senden")
        case .titleSetUpTwoStep: .text("Zwei-Schritt-Verifizierung einrichten")
        case .twoStepSetupRequired:
            .text("Ihr Konto verlangt bei der Anmeldung einen zweiten Schritt. Wählen Sie, wie Sie sich bestätigen.")
        case .passwordResetRequired: .text("Sie müssen Ihr Passwort ändern, bevor Sie fortfahren.")
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

        // MARK: Passkeys and reverification
        case .factorPasskey: .text("Passkey verwenden")
        case .factorTrustedDevice: .text("Dieses Gerät verwenden")
        case .titlePasskey: .text("Verwenden Sie Ihren Passkey")
        case .passkeyInstructions:
            .text(
                "Mit Ihrem Passkey bestätigen Sie, dass Sie es sind. Ihr Gerät fragt eventuell nach Fingerabdruck, Gesicht oder Bildschirmsperre."
            )
        case .trustedDeviceInstructions: .text("Bestätigen Sie Ihre Identität mit der Biometrie dieses Geräts.")
        case .titleReverify: .text("Bestätigen Sie Ihre Identität")
        case .reverificationRequired: .text("Für diese Aktion müssen Sie Ihre Identität bestätigen.")
        case .reverificationDone: .text("Bestätigt. Sie können fortfahren.")
        }
    }
}

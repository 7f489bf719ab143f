extension LocalizationTable {
    /// French.
    public static let french = LocalizationTable(languageCode: "fr", pluralRule: .oneForZeroAndOne) { key in
        switch key {
        case .fieldRequired: .text("Ce champ est obligatoire.")
        case .emailInvalid: .text("Saisissez une adresse e-mail valide.")
        case .phoneInvalid: .text("Saisissez un numéro de téléphone valide, commençant par + et l’indicatif du pays.")
        case .phoneCountryUnknown: .text("Cet indicatif de pays n’est pas pris en charge.")
        case .passwordTooShort:
            .plural(
                one: "Votre mot de passe doit contenir au moins {count} caractère.",
                other: "Votre mot de passe doit contenir au moins {count} caractères.")
        case .passwordTooLong:
            .plural(
                one: "Votre mot de passe doit contenir au plus {count} caractère.",
                other: "Votre mot de passe doit contenir au plus {count} caractères.")
        case .passwordNeedsNumber: .text("Votre mot de passe doit contenir un chiffre.")
        case .passwordNeedsUppercase: .text("Votre mot de passe doit contenir une majuscule.")
        case .passwordNeedsLowercase: .text("Votre mot de passe doit contenir une minuscule.")
        case .passwordNeedsSpecialCharacter:
            .text("Votre mot de passe doit contenir l’un de ces caractères : {characters}.")
        case .passwordsDoNotMatch: .text("Les mots de passe ne correspondent pas.")
        case .codeInvalid: .text("Saisissez le code à {count} chiffres.")
        case .errorConnection: .text("Impossible de joindre le serveur. Vérifiez votre connexion et réessayez.")
        case .errorServerUnavailable: .text("Le service est indisponible pour le moment. Réessayez plus tard.")
        case .errorRateLimited:
            .plural(
                one: "Trop de tentatives. Réessayez dans {count} seconde.",
                other: "Trop de tentatives. Réessayez dans {count} secondes.")
        case .errorUnexpected: .text("Une erreur s’est produite. Veuillez réessayer.")
        case .identifierNotSupported: .text("Ce type d’identifiant ne permet pas de se connecter ici.")
        case .methodUnavailable: .text("Cette méthode n’est pas disponible. Choisissez-en une autre.")
        case .signInExpired: .text("Cette tentative a expiré. Veuillez recommencer.")
        case .codeTooManyAttempts: .text("Trop de codes incorrects. Demandez un nouveau code.")
        case .codeExpired: .text("Ce code a expiré. Demandez un nouveau code.")
        case .legalConsentRequired: .text("Vous devez accepter les conditions pour continuer.")
        case .resendCode: .text("Renvoyer le code")
        case .resendCodeIn:
            .plural(
                one: "Renvoyer dans {count} seconde",
                other: "Renvoyer dans {count} secondes")
        case .codeSentTo: .text("Saisissez le code envoyé à {destination}.")
        case .titleSignIn: .text("Se connecter à {application}")
        case .titleSignUp: .text("Créez votre compte")
        case .titlePassword: .text("Saisissez votre mot de passe")
        case .titleCheckEmail: .text("Consultez vos e-mails")
        case .titleCheckPhone: .text("Consultez votre téléphone")
        case .titleTwoStep: .text("Vérification en deux étapes")
        case .titleBackupCode: .text("Saisissez un code de secours")
        case .titleChooseMethod: .text("Utiliser une autre méthode")
        case .titleForgotPassword: .text("Mot de passe oublié ?")
        case .titleNewPassword: .text("Définissez un nouveau mot de passe")
        case .titleVerifyEmail: .text("Vérifiez votre e-mail")
        case .titleVerifyPhone: .text("Vérifiez votre numéro de téléphone")
        case .titleCompleteProfile: .text("Complétez votre profil")
        case .titleChooseOrganization: .text("Choisissez une organisation")
        case .titleCreateOrganization: .text("Créez une organisation")
        case .titleDone: .text("Vous êtes connecté")
        case .labelIdentifier: .text("Adresse e-mail, numéro de téléphone ou nom d’utilisateur")
        case .labelEmailAddress: .text("Adresse e-mail")
        case .labelPhoneNumber: .text("Numéro de téléphone")
        case .labelUsername: .text("Nom d’utilisateur")
        case .labelPassword: .text("Mot de passe")
        case .labelConfirmPassword: .text("Confirmez le mot de passe")
        case .labelCode: .text("Code de vérification")
        case .labelFirstName: .text("Prénom")
        case .labelLastName: .text("Nom")
        case .labelLegalConsent: .text("J’accepte les conditions d’utilisation et la politique de confidentialité")
        case .labelOrganizationName: .text("Nom de l’organisation")
        case .actionContinue: .text("Continuer")
        case .actionUseAnotherMethod: .text("Utiliser une autre méthode")
        case .actionSignUpInstead: .text("Pas de compte ? Inscrivez-vous")
        case .actionSignInInstead: .text("Déjà un compte ? Connectez-vous")
        case .actionCancel: .text("Annuler")
        case .factorPassword: .text("Se connecter avec votre mot de passe")
        case .factorEmailCode: .text("Recevoir un code par e-mail")
        case .factorPhoneCode: .text("Recevoir un code par SMS")
        case .factorTOTP: .text("Utiliser votre application d’authentification")
        case .factorBackupCode: .text("Utiliser un code de secours")
        case .factorResetByEmail: .text("Réinitialiser par e-mail")
        case .factorResetByPhone: .text("Réinitialiser par SMS")
        case .badgeLastUsed: .text("Dernière utilisée")
        }
    }
}

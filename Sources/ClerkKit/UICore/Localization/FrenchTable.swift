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
        }
    }
}

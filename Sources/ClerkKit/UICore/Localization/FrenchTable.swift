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
        // MARK: Profile
        case .profileTitle: .text("Profil")
        case .profileManageAccount: .text("Gérer le compte")
        case .profileEmailAddresses: .text("Adresses e-mail")
        case .profilePhoneNumbers: .text("Numéros de téléphone")
        case .profileConnectedAccounts: .text("Comptes connectés")
        case .profileSecurity: .text("Sécurité")
        case .profilePasskeys: .text("Clés d’accès")
        case .profileActiveDevices: .text("Appareils actifs")
        case .profileEditProfile: .text("Modifier le profil")
        case .profileFirstName: .text("Prénom")
        case .profileLastName: .text("Nom")
        case .profileUsername: .text("Nom d’utilisateur")
        case .profileSave: .text("Enregistrer")
        case .profileCancel: .text("Annuler")
        case .profileAddEmailAddress: .text("Ajouter une adresse e-mail")
        case .profileAddPhoneNumber: .text("Ajouter un numéro de téléphone")
        case .profileVerifyIdentifier: .text("Saisissez le code de vérification envoyé à {identifier}.")
        case .profileVerificationCode: .text("Code de vérification")
        case .profileVerify: .text("Vérifier")
        case .profileResendCode: .text("Renvoyer le code")
        case .profileRemove: .text("Supprimer")
        case .profileSetPrimary: .text("Définir comme principal")
        case .profilePrimary: .text("Principal")
        case .profileUnverified: .text("Non vérifié")
        case .profilePassword: .text("Mot de passe")
        case .profileChangePassword: .text("Changer le mot de passe")
        case .profileSetPassword: .text("Définir un mot de passe")
        case .profileCurrentPassword: .text("Mot de passe actuel")
        case .profileNewPassword: .text("Nouveau mot de passe")
        case .profileConfirmPassword: .text("Confirmer le mot de passe")
        case .profileSignOutOtherDevices: .text("Se déconnecter de tous les autres appareils")
        case .profileTwoStepVerification: .text("Vérification en deux étapes")
        case .profileAddAuthenticatorApp: .text("Ajouter une application d’authentification")
        case .profileAuthenticatorInstructions:
            .text(
                "Scannez le code QR avec votre application d’authentification ou saisissez cette clé : {secret}. Saisissez ensuite le code affiché."
            )
        case .profileRemoveAuthenticatorApp: .text("Supprimer l’application d’authentification")
        case .profileUseSMSCode: .text("Utiliser pour les codes de vérification par SMS")
        case .profileStopSMSCode: .text("Arrêter les codes de vérification par SMS")
        case .profileBackupCodes: .text("Codes de secours")
        case .profileBackupCodesInstructions:
            .text("Conservez ces codes en lieu sûr. Chacun peut servir une fois si vous perdez votre appareil.")
        case .profileGenerateBackupCodes: .text("Générer de nouveaux codes")
        case .profileAddPasskey: .text("Ajouter une clé d’accès")
        case .profileRename: .text("Renommer")
        case .profileThisDevice: .text("Cet appareil")
        case .profileRevokeDevice: .text("Se déconnecter de cet appareil")
        case .profileDeleteAccount: .text("Supprimer le compte")
        case .profileDeleteAccountWarning:
            .text("La suppression de votre compte est définitive. Saisissez {phrase} pour confirmer.")
        case .profileConfirmationMismatch: .text("Saisissez exactement {phrase} pour confirmer.")
        case .profileSignOut: .text("Se déconnecter")
        case .profileSignOutAll: .text("Se déconnecter de tous les comptes")
        case .profileAddAccount: .text("Ajouter un compte")
        case .profileSwitchAccount: .text("Passer à {name}")
        case .profileAvatar: .text("Photo de profil de {name}")
        case .profileOpenAccountMenu: .text("Ouvrir le menu du compte")
        case .profileNotSignedIn: .text("Vous n’êtes pas connecté.")
        // MARK: Organizations
        case .organizationPersonalAccount: .text("Compte personnel")
        case .organizationSwitch: .text("Changer d’organisation")
        case .organizationCreate: .text("Créer une organisation")
        case .organizationName: .text("Nom")
        case .organizationSlug: .text("Identifiant (slug)")
        case .organizationSlugInvalid: .text("Utilisez uniquement des minuscules, des chiffres et des tirets.")
        case .organizationManage: .text("Gérer l’organisation")
        case .organizationMembers: .text("Membres")
        case .organizationMemberCount: .plural(one: "{count} membre", other: "{count} membres")
        case .organizationInvitations: .text("Invitations")
        case .organizationInvite: .text("Inviter des membres")
        case .organizationInviteAddresses: .text("Adresses e-mail, séparées par des virgules")
        case .organizationRole: .text("Rôle")
        case .organizationRemoveMember: .text("Retirer le membre")
        case .organizationRevokeInvitation: .text("Révoquer l’invitation")
        case .organizationDomains: .text("Domaines vérifiés")
        case .organizationAddDomain: .text("Ajouter un domaine")
        case .organizationDomainInvalid: .text("Saisissez un domaine comme example.com.")
        case .organizationLeave: .text("Quitter l’organisation")
        case .organizationDelete: .text("Supprimer l’organisation")
        case .organizationDeleteWarning:
            .text("La suppression de {name} est définitive. Saisissez {phrase} pour confirmer.")
        case .organizationAccept: .text("Rejoindre")
        case .organizationPending: .text("En attente")
        }
    }
}

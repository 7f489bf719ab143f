/// Form parameters of the sign-in, sign-up and session endpoints. Property names become snake_case keys;
/// `nil` is left out (see ``FormEncoding``).
@available(OS2023, *)
enum AuthParameters {
    struct CreateSignIn: Encodable {
        var strategy: String?
        var identifier: String?
        var password: String?
        var ticket: String?
        var redirectUrl: String?
        var transfer: Bool?
        var token: String?
        var trustedDeviceId: String?
    }

    struct PrepareFactor: Encodable {
        var strategy: String
        var emailAddressId: String?
        var phoneNumberId: String?
        var redirectUrl: String?
        var codeChallenge: String?
        var codeChallengeMethod: String?
        var trustedDeviceId: String?
    }

    struct HostedAuth: Encodable {
        var redirectUrl: String
        var codeChallenge: String
        var state: String
        var mode: String
    }

    struct CompleteEmailLink: Encodable {
        var flowId: String
        var approvalToken: String
        var codeVerifier: String
    }

    struct AttemptFactor: Encodable {
        var strategy: String
        var code: String?
        var password: String?
        var publicKeyCredential: String?
        var trustedDeviceId: String?
        var clientData: String?
        var signature: String?
        var algorithm: String?
    }

    struct ResetPassword: Encodable {
        var password: String
        var signOutOfOtherSessions: Bool?
    }

    struct SignUpFields: Encodable {
        var emailAddress: String?
        var phoneNumber: String?
        var password: String?
        var firstName: String?
        var lastName: String?
        var username: String?
        var unsafeMetadata: JSONValue?
        var legalAccepted: Bool?
        var ticket: String?
        var strategy: String?
        var redirectUrl: String?
        var token: String?
        var transfer: Bool?
    }

    struct PrepareVerification: Encodable {
        var strategy: String
    }

    struct AttemptVerification: Encodable {
        var strategy: String
        var code: String
    }

    struct Reverify: Encodable {
        var level: String
    }

    struct Touch: Encodable {
        var activeOrganizationId: String
        var intent: String
    }
}

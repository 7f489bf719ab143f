/// Form parameters of the `/v1/organizations` and `/v1/me/organization_*` endpoints.
@available(OS2023, *)
enum OrganizationParameters {
    struct Profile: Encodable {
        var name: String?
        var slug: String?
    }

    struct Member: Encodable {
        var userId: String?
        var role: String
    }

    struct Invitation: Encodable {
        var emailAddress: String
        var role: String
    }

    struct Invitations: Encodable {
        var emailAddress: [String]
        var role: String
    }

    struct Domain: Encodable {
        var name: String
        var enrollmentMode: String?
    }

    struct EnrollmentMode: Encodable {
        var enrollmentMode: String
        var deletePending: Bool?
    }

    struct Affiliation: Encodable {
        var affiliationEmailAddress: String
    }
}

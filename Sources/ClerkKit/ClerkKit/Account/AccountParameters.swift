/// Form parameters of the `/v1/me` endpoints. Property names become snake_case keys; `nil` is left out.
@available(OS2023, *)
enum AccountParameters {
    struct Metadata: Encodable {
        var unsafeMetadata: JSONValue
    }

    struct ChangePassword: Encodable {
        var currentPassword: String?
        var newPassword: String
        var signOutOfOtherSessions: Bool
    }

    struct RemovePassword: Encodable {
        var currentPassword: String
    }

    struct CreateEmailAddress: Encodable {
        var emailAddress: String
    }

    struct CreatePhoneNumber: Encodable {
        var phoneNumber: String
        var reservedForSecondFactor: Bool?
    }

    struct UpdatePhoneNumber: Encodable {
        var reservedForSecondFactor: Bool?
        var defaultSecondFactor: Bool?
    }

    struct Name: Encodable {
        var name: String
    }

    struct PasskeyAttempt: Encodable {
        var strategy: String
        var publicKeyCredential: String
    }

    struct Reauthorize: Encodable {
        var redirectUrl: String
        var additionalScope: [String]?
    }

    struct Code: Encodable {
        var code: String
    }
}

/// What ``Account/update(_:)`` changes on the user; fields left `nil` stay as they are.
@available(OS2023, *)
public struct UserUpdate: Encodable, Sendable, Hashable {
    /// The new username.
    public var username: String?
    /// The new first name.
    public var firstName: String?
    /// The new last name.
    public var lastName: String?
    /// The email address to make primary (it must be verified).
    public var primaryEmailAddressId: String?
    /// The phone number to make primary (it must be verified).
    public var primaryPhoneNumberId: String?

    /// Creates an update.
    public init(
        username: String? = nil, firstName: String? = nil, lastName: String? = nil,
        primaryEmailAddressId: String? = nil, primaryPhoneNumberId: String? = nil
    ) {
        self.username = username
        self.firstName = firstName
        self.lastName = lastName
        self.primaryEmailAddressId = primaryEmailAddressId
        self.primaryPhoneNumberId = primaryPhoneNumberId
    }
}

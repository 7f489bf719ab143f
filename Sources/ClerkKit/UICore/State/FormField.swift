/// The input fields of the prebuilt screens, the keys of ``ScreenState/fieldErrors``.
public enum FormField: String, Sendable, Hashable, CaseIterable {
    /// Email address, phone number or username on the first sign-in screen.
    case identifier
    /// Email address.
    case emailAddress
    /// Phone number.
    case phoneNumber
    /// Username.
    case username
    /// Password.
    case password
    /// The password typed a second time.
    case confirmPassword
    /// A one-time code (email, SMS, TOTP or backup code).
    case code
    /// First name.
    case firstName
    /// Last name.
    case lastName
    /// The legal-consent checkbox.
    case legalAccepted
    /// An organization's name.
    case organizationName
    /// An organization's slug.
    case organizationSlug

    /// The field a Frontend API parameter names (`meta.param_name`), if one is shown.
    public init?(parameterName: String) {
        switch parameterName {
        case "identifier": self = .identifier
        case "email_address": self = .emailAddress
        case "phone_number": self = .phoneNumber
        case "username": self = .username
        case "password", "new_password": self = .password
        case "code": self = .code
        case "first_name": self = .firstName
        case "last_name": self = .lastName
        case "legal_accepted": self = .legalAccepted
        case "name": self = .organizationName
        case "slug": self = .organizationSlug
        default: return nil
        }
    }
}

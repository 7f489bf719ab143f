/// Every string the prebuilt screens show, as a typed key into a ``LocalizationTable``.
///
/// Views and the terminal front end never show literal text: they resolve a ``UIText`` (a key with its count
/// and arguments, or the server's own message) through a ``Localizer``. Each built-in table has an entry for
/// every key; the compiler checks it, because the tables are exhaustive switches.
public enum UIStringKey: String, CaseIterable, Sendable, Hashable {
    // MARK: Validation
    /// A required field was left empty.
    case fieldRequired
    /// The email address is not valid.
    case emailInvalid
    /// The phone number is not a valid international number.
    case phoneInvalid
    /// The phone number's country calling code is not one the screens know.
    case phoneCountryUnknown
    /// The password is shorter than the instance allows; `{count}` is the minimum.
    case passwordTooShort
    /// The password is longer than the instance allows; `{count}` is the maximum.
    case passwordTooLong
    /// The password needs a digit.
    case passwordNeedsNumber
    /// The password needs an uppercase letter.
    case passwordNeedsUppercase
    /// The password needs a lowercase letter.
    case passwordNeedsLowercase
    /// The password needs one of the special characters; `{characters}` lists them.
    case passwordNeedsSpecialCharacter
    /// The confirmation does not match the password.
    case passwordsDoNotMatch
    /// The verification code is not `{count}` digits.
    case codeInvalid

    // MARK: Errors
    /// The server could not be reached, or the connection dropped.
    case errorConnection
    /// The server answered with something that is not a Clerk response (an HTML error page, an empty body).
    case errorServerUnavailable
    /// The service refused because of too many requests; `{count}` is the wait in seconds.
    case errorRateLimited
    /// Anything else that went wrong.
    case errorUnexpected
}

/// One Clerk error as the Frontend API sends it: an HTTP status and `errors[0]`.
@available(OS2023, *)
struct FAPIError: Error, Sendable, Equatable {
    /// The HTTP status of the response.
    var status: Int
    /// Clerk's machine-readable code, for example `form_password_incorrect`.
    var code: String
    /// The short message.
    var message: String
    /// The long message.
    var longMessage: String
    /// `meta.param_name`, when the error is about one parameter.
    var paramName: String?
    /// More `meta` fields (for example `reverification`).
    var meta: JSON?

    init(status: Int, code: String, message: String, longMessage: String? = nil, paramName: String? = nil) {
        self.status = status
        self.code = code
        self.message = message
        self.longMessage = longMessage ?? message
        self.paramName = paramName
    }

    /// `{"code", "message", "long_message", "meta"}`.
    var json: JSON {
        var meta: [(String, JSON)] = []
        if let paramName { meta.append(("param_name", .string(paramName))) }
        if case .object(let extra)? = self.meta { meta += extra }
        return [
            "message": .string(message), "long_message": .string(longMessage), "code": .string(code),
            "meta": .object(meta),
        ]
    }
}

// The codes the emulator answers with, worded as the Frontend API words them.
@available(OS2023, *)
extension FAPIError {
    static func paramUnknown(_ name: String) -> FAPIError {
        FAPIError(
            status: 422, code: "form_param_unknown", message: "is unknown",
            longMessage: "\(name) is not a valid parameter for this request.", paramName: name)
    }

    static func paramInvalid(_ name: String, _ detail: String? = nil) -> FAPIError {
        FAPIError(
            status: 422, code: "form_param_format_invalid", message: "is invalid",
            longMessage: detail ?? "\(name) is invalid.", paramName: name)
    }

    static func paramMissing(_ name: String) -> FAPIError {
        FAPIError(
            status: 422, code: "form_param_missing", message: "is missing",
            longMessage: "\(name) must be included.", paramName: name)
    }

    static func malformedBody(_ detail: String) -> FAPIError {
        FAPIError(status: 400, code: "malformed_request_body", message: "is malformed", longMessage: detail)
    }

    static let identifierNotFound = FAPIError(
        status: 422, code: "form_identifier_not_found", message: "Couldn't find your account.",
        paramName: "identifier")

    static let passwordIncorrect = FAPIError(
        status: 422, code: "form_password_incorrect",
        message: "Password is incorrect. Try again, or use another method.",
        paramName: "password")

    static let codeIncorrect = FAPIError(
        status: 422, code: "form_code_incorrect", message: "Incorrect code", paramName: "code")

    static let verificationExpired = FAPIError(
        status: 422, code: "verification_expired", message: "Verification expired",
        longMessage: "This verification has expired. You must restart the verification process.")

    static let verificationFailed = FAPIError(
        status: 422, code: "verification_failed", message: "Too many failed attempts",
        longMessage: "Too many failed attempts. You have to try again with the same or another method.")

    static let verificationMissing = FAPIError(
        status: 422, code: "verification_missing", message: "Verification is missing",
        longMessage: "You need to prepare this verification before attempting it.")

    static func strategyInvalid(_ strategy: String) -> FAPIError {
        FAPIError(
            status: 422, code: "strategy_for_user_invalid", message: "Invalid verification strategy",
            longMessage: "The verification strategy \(strategy) is not valid for this account.",
            paramName: "strategy")
    }

    static func identifierExists(_ param: String) -> FAPIError {
        FAPIError(
            status: 422, code: "form_identifier_exists",
            message: "That \(Self.noun(param)) is taken. Please try another.",
            paramName: param)
    }

    static func passwordTooShort(_ minimum: Int, param: String = "password") -> FAPIError {
        FAPIError(
            status: 422, code: "form_password_length_too_short",
            message: "Passwords must be \(minimum) characters or more.", paramName: param)
    }

    static func passwordTooLong(_ maximum: Int, param: String = "password") -> FAPIError {
        FAPIError(
            status: 422, code: "form_password_length_too_long",
            message: "Passwords must be less than \(maximum + 1) characters.", paramName: param)
    }

    static let sessionExists = FAPIError(
        status: 400, code: "session_exists", message: "You're already signed in",
        longMessage: "You're currently in single session mode. You can only be signed into one account at a time.")

    static let authenticationInvalid = FAPIError(
        status: 401, code: "authentication_invalid", message: "Invalid authentication",
        longMessage: "Unable to authenticate the request, you need to supply an active session")

    static let signedOut = FAPIError(
        status: 401, code: "signed_out", message: "You are signed out",
        longMessage: "You need to send a session token or be signed in to access this resource.")

    static let ticketInvalid = FAPIError(
        status: 422, code: "ticket_invalid", message: "is invalid",
        longMessage: "The ticket is invalid, expired or already used.", paramName: "ticket")

    static let resourceNotFound = FAPIError(
        status: 404, code: "resource_not_found", message: "not found",
        longMessage: "The requested resource was not found.")

    static let tooManyRequests = FAPIError(
        status: 429, code: "too_many_requests", message: "Too many requests",
        longMessage: "Too many requests, retry later")

    static let methodNotAllowed = FAPIError(
        status: 405, code: "method_not_allowed", message: "Method not allowed",
        longMessage: "This method is not allowed on this resource.")

    static func stateInvalid(_ detail: String) -> FAPIError {
        FAPIError(status: 400, code: "client_state_invalid", message: "Invalid state", longMessage: detail)
    }

    static func organizationNotFound(_ param: String) -> FAPIError {
        FAPIError(
            status: 404, code: "resource_not_found", message: "not found",
            longMessage: "No organization was found with this id or slug.", paramName: param)
    }

    static let notAnAdmin = FAPIError(
        status: 403, code: "not_allowed_access", message: "You are not authorized to perform this request",
        longMessage: "Only an admin of the organization can do this.")

    static func notEnabled(_ param: String, _ what: String) -> FAPIError {
        FAPIError(
            status: 422, code: "form_param_value_invalid", message: "is not allowed",
            longMessage: "\(what) is not enabled for this instance.", paramName: param)
    }

    private static func noun(_ param: String) -> String {
        switch param {
        case "email_address": "email address"
        case "phone_number": "phone number"
        default: param
        }
    }
}

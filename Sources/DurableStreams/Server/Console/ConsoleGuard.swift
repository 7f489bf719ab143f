/// Decides whether a change requested through the console API may go ahead: the console token, the CSRF
/// double-submit (a cookie the session endpoint sets, echoed in a header) and the request's origin.
///
/// A pure function of the request's headers, so every refusal is tested without a server.
@available(OS2023, *)
struct ConsoleGuard: Sendable {
    /// The header carrying the console token.
    static let tokenHeader = "X-Console-Token"
    /// The header echoing the CSRF cookie.
    static let csrfHeader = "X-Console-CSRF"
    /// The CSRF cookie's name.
    static let csrfCookie = "ds_console_csrf"

    /// The headers the decision reads (`nil` when absent).
    struct Headers: Sendable {
        var host: String?
        var origin: String?
        var secFetchSite: String?
        var cookie: String?
        var token: String?
        var csrf: String?
        var contentType: String?
    }

    /// Why a change is refused: `403` with a reason (never the expected secrets).
    struct Refusal: Sendable, Equatable, Error {
        let reason: String
    }

    let access: ConsoleAccess

    /// `nil` when the change may go ahead, otherwise why not.
    func check(_ headers: Headers) -> Refusal? {
        if let site = headers.secFetchSite?.lowercased(), site != "same-origin", site != "none" {
            return Refusal(reason: "cross-site request refused")
        }
        if let origin = headers.origin {
            guard let host = headers.host, origin == "http://" + host || origin == "https://" + host else {
                return Refusal(reason: "request from another origin refused")
            }
        }
        guard let contentType = headers.contentType,
            contentType.lowercased().hasPrefix("application/json")
        else {
            return Refusal(reason: "console changes must be sent as application/json")
        }
        guard let token = headers.token, ConsoleAccess.constantTimeEqual(token, access.token) else {
            return Refusal(reason: "missing or wrong console token (see the server's start-up output)")
        }
        guard let csrf = headers.csrf, !csrf.isEmpty,
            let cookie = Self.cookieValue(Self.csrfCookie, in: headers.cookie ?? ""),
            ConsoleAccess.constantTimeEqual(csrf, cookie)
        else {
            return Refusal(reason: "missing or mismatched CSRF token: reload the console")
        }
        return nil
    }

    /// The value of cookie `name` in a `Cookie` header.
    static func cookieValue(_ name: String, in header: String) -> String? {
        for pair in header.split(separator: ";") {
            let trimmed = pair.drop(while: { $0 == " " })
            guard let equals = trimmed.firstIndex(of: "=") else { continue }
            if trimmed[..<equals] == name { return String(trimmed[trimmed.index(after: equals)...]) }
        }
        return nil
    }
}

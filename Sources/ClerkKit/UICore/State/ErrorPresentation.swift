public import ClerkKit
import Foundation

/// How a ``ClerkError`` is shown: under a field or for the whole screen, as the server's message or a
/// localised one, and the wait the service asked for.
@available(OS2023, *)
public struct ErrorPresentation: Hashable, Sendable {
    /// The field the error is about, when the service named one that the screens show.
    public var field: FormField?
    /// The text to show.
    public var message: UIText
    /// Whole seconds to wait before trying again, when the service asked (rate limits).
    public var retryAfterSeconds: Int?

    /// A presentation.
    public init(field: FormField? = nil, message: UIText, retryAfterSeconds: Int? = nil) {
        self.field = field
        self.message = message
        self.retryAfterSeconds = retryAfterSeconds
    }

    /// How `error` is shown; nil for a cancellation, which shows nothing.
    ///
    /// - A user locked out (`user_locked`) is told for how many minutes.
    /// - Rate limits (HTTP 429) say how long to wait (`Retry-After`, rounded up), in the screen's language.
    /// - Other Clerk errors show the service's message (`long_message`, else `message`), under the field its
    ///   `param_name` names when there is one.
    /// - No answer at all is a connection problem; an answer that is not Clerk's (an HTML error page) means the
    ///   service is unavailable; anything else is unexpected.
    public init?(_ error: ClerkError) {
        let wait = error.context.retryAfter.map { duration -> Int in
            let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
            return max(1, Int(seconds.rounded(.up)))
        }
        switch error.code {
        case .cancelled, .authenticationCancelled:
            return nil
        case _ where error.userLockout != nil:
            // The wait of a lockout is the one in its body (`lockout_expires_in_seconds`), in minutes.
            let seconds = error.userLockout?.expiresIn.map { Int($0.components.seconds) } ?? 3600
            self.init(
                message: .localized(.errorAccountLocked, count: max(1, (seconds + 59) / 60)),
                retryAfterSeconds: max(1, seconds))
        case _ where error.context.status == 429:
            self.init(message: .localized(.errorRateLimited, count: wait ?? 1), retryAfterSeconds: wait ?? 1)
        case .api, .reverificationRequired:
            let api = error.apiError
            let text = api.map { $0.longMessage ?? $0.message } ?? error.message
            self.init(
                field: api?.paramName.flatMap(FormField.init(parameterName:)), message: .verbatim(text),
                retryAfterSeconds: wait)
        case .transport, .identityChangedBeforeRetry:
            self.init(message: .localized(.errorConnection))
        case .invalidResponse, .decoding:
            self.init(message: .localized(.errorServerUnavailable), retryAfterSeconds: wait)
        default:
            self.init(message: .localized(.errorUnexpected))
        }
    }
}

/// The one error type of the ClerkKit family.
///
/// Every public throwing API in ClerkKit and ClerkKitTesting throws `ClerkError`. Match on its ``code``, which
/// can grow new values without breaking your `switch` or `catch`:
///
/// ```swift
/// do {
///     try await clerk.auth.signIn(identifier: "ada@example.com", password: "wrong")
/// } catch ClerkError.api {
///     // Clerk answered with an error: see `error.apiError` for its code and message.
/// } catch {
///     // Network, decoding, cancellation, …
/// }
/// ```
@available(OS2023, *)
public struct ClerkError: Error, Sendable, CustomStringConvertible {
    /// What kind of failure this is. New codes may be added in any release.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Base: String, Hashable, Sendable {
            case invalidPublishableKey
            case invalidConfiguration
            case transport
            case api
            case invalidResponse
            case decoding
            case encoding
            case cancelled
            case identityChangedBeforeRetry
            case notSignedIn
            case invalidState
            case storage
            case invalidToken
            case emulator
            case reverificationRequired
            case authenticationCancelled
            case invalidCallback
        }

        private let base: Base
        private init(_ base: Base) { self.base = base }

        /// The publishable key is not `pk_test_…` / `pk_live_…` with a valid base64url host.
        public static let invalidPublishableKey = Code(.invalidPublishableKey)
        /// An option or URL in the configuration cannot be used (for example a proxy URL without a host).
        public static let invalidConfiguration = Code(.invalidConfiguration)
        /// The request never produced an HTTP response: connection refused or dropped, timeout, DNS.
        public static let transport = Code(.transport)
        /// The Frontend API answered with a Clerk error body (`errors[0]`); see ``ClerkError/apiError``.
        public static let api = Code(.api)
        /// The response was not a Clerk response: an HTML error page, an empty body, or a body of the wrong shape.
        public static let invalidResponse = Code(.invalidResponse)
        /// A Clerk response, or a stored value, could not be decoded.
        public static let decoding = Code(.decoding)
        /// Request parameters could not be encoded.
        public static let encoding = Code(.encoding)
        /// The calling task was cancelled: a request, a retry wait, a token refresh or a listing stopped early.
        /// (A call still in flight when ``Clerk/reconfigure(_:)`` runs is not cancelled: it completes, and its
        /// response is not applied to the new configuration's state.)
        public static let cancelled = Code(.cancelled)
        /// The device token or client changed between a request and its retry, so the retry was not sent.
        public static let identityChangedBeforeRetry = Code(.identityChangedBeforeRetry)
        /// The operation needs a signed-in session and there is none.
        public static let notSignedIn = Code(.notSignedIn)
        /// The operation does not fit the current state (for example verifying a code before one was sent).
        public static let invalidState = Code(.invalidState)
        /// The secure store could not be read or written.
        public static let storage = Code(.storage)
        /// A session token (JWT) is malformed or cannot be read.
        public static let invalidToken = Code(.invalidToken)
        /// The emulator could not start, or was misconfigured.
        public static let emulator = Code(.emulator)
        /// The service refused a sensitive action until the session is verified again; see
        /// ``ClerkError/reverification`` for the level it asks for.
        public static let reverificationRequired = Code(.reverificationRequired)
        /// The person closed the browser (or the sign-in sheet) before the provider step finished.
        public static let authenticationCancelled = Code(.authenticationCancelled)
        /// The browser came back to a URL that is not the flow's redirect URL, or without what the flow needs.
        public static let invalidCallback = Code(.invalidCallback)

        /// The code's name, for example `api`.
        public var description: String { base.rawValue }

        /// Matches a ``ClerkError`` whose code is `pattern`: `catch ClerkError.api`.
        public static func ~= (pattern: Code, error: ClerkError) -> Bool { error.code == pattern }

        /// Matches any error that is a ``ClerkError`` whose code is `pattern`.
        public static func ~= (pattern: Code, error: any Error) -> Bool {
            (error as? ClerkError)?.code == pattern
        }
    }

    /// Where the failure happened: the request and what the service said.
    public struct Context: Sendable, Hashable {
        /// The HTTP method of the request, if any.
        public var method: String?
        /// The request path (no query, no host), if any.
        public var path: String?
        /// The HTTP status of the response, if one arrived.
        public var status: Int?
        /// Clerk's trace id for the request (`clerk_trace_id`), if the service sent one.
        public var traceId: String?
        /// How long the service asked to wait before trying again (`Retry-After`, else `X-RateLimit-Reset`), if
        /// it said.
        public var retryAfter: Duration? = nil

        /// Creates a context.
        public init(method: String? = nil, path: String? = nil, status: Int? = nil, traceId: String? = nil) {
            self.method = method
            self.path = path
            self.status = status
            self.traceId = traceId
        }
    }

    /// What kind of failure this is.
    public var code: Code
    /// A sentence for people (logs, alerts). Never contains tokens, codes or passwords.
    public var message: String
    /// The error from the service when ``code`` is ``Code/api``.
    public var apiError: ClerkAPIError?
    /// The lower-level error that caused this one, if any.
    public var underlying: (any Error & Sendable)?
    /// The request and response this failure belongs to.
    public var context: Context

    /// Creates an error.
    public init(
        _ code: Code, _ message: String, apiError: ClerkAPIError? = nil, underlying: (any Error & Sendable)? = nil,
        context: Context = Context()
    ) {
        self.code = code
        self.message = message
        self.apiError = apiError
        self.underlying = underlying
        self.context = context
    }

    /// The code, message, status and trace id in one line; never contains secrets.
    public var description: String {
        var text = "ClerkError.\(code): \(message)"
        if let status = context.status { text += " (HTTP \(status))" }
        if let traceId = context.traceId { text += " [trace \(traceId)]" }
        return text
    }

    // MARK: Matching

    /// `catch ClerkError.api` reads as a pattern.
    public static let invalidPublishableKey = Code.invalidPublishableKey
    /// `catch ClerkError.invalidConfiguration`.
    public static let invalidConfiguration = Code.invalidConfiguration
    /// `catch ClerkError.transport`.
    public static let transport = Code.transport
    /// `catch ClerkError.api`.
    public static let api = Code.api
    /// `catch ClerkError.invalidResponse`.
    public static let invalidResponse = Code.invalidResponse
    /// `catch ClerkError.decoding`.
    public static let decoding = Code.decoding
    /// `catch ClerkError.encoding`.
    public static let encoding = Code.encoding
    /// `catch ClerkError.cancelled`.
    public static let cancelled = Code.cancelled
    /// `catch ClerkError.identityChangedBeforeRetry`.
    public static let identityChangedBeforeRetry = Code.identityChangedBeforeRetry
    /// `catch ClerkError.notSignedIn`.
    public static let notSignedIn = Code.notSignedIn
    /// `catch ClerkError.invalidState`.
    public static let invalidState = Code.invalidState
    /// `catch ClerkError.storage`.
    public static let storage = Code.storage
    /// `catch ClerkError.invalidToken`.
    public static let invalidToken = Code.invalidToken
    /// `catch ClerkError.emulator`.
    public static let emulator = Code.emulator
    /// `catch ClerkError.reverificationRequired`.
    public static let reverificationRequired = Code.reverificationRequired
}

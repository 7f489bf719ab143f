/// Decides what happens when a request fails after the retry policy has given up (or declined to retry).
///
/// Use it for application-level recovery, e.g. refreshing an expired token on 401:
///
/// ```swift
/// let handler = StreamErrorHandler { error in
///     if case .unauthorized = error {
///         return .retryWithHeaders(["Authorization": "Bearer \(await tokens.refresh())"])
///     }
///     return .propagate
/// }
/// ```
@available(OS2022, *)
public struct StreamErrorHandler: Sendable {
    /// The handler's signature.
    public typealias Handler = @Sendable (DurableStreamError) async -> ErrorAction

    let handler: Handler

    /// Creates a handler.
    public init(_ handler: @escaping Handler) {
        self.handler = handler
    }

    /// Propagates every error to the caller.
    public static let `default` = StreamErrorHandler { _ in .propagate }
}

/// What to do about a failed request.
@available(OS2022, *)
public enum ErrorAction: Sendable {
    /// Throw the error to the caller.
    case propagate

    /// Try the request again after the policy's backoff.
    case retry

    /// Try the request again after the given delay.
    case retryAfter(Duration)

    /// Try the request again with these headers set on it and on every later request of the same handle or
    /// read (e.g. a refreshed `Authorization`).
    case retryWithHeaders([String: String])

    /// For live reads and subscribers: ignore the failure and keep following the stream from the last offset.
    /// Elsewhere it behaves like ``propagate``.
    case `continue`
}

import CourierPrimitives
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Limits for retrying a request.
@available(OS2023, *)
public struct RetryConfiguration: Sendable, Hashable {
    /// Retries after the first attempt (default 2, so at most 3 attempts).
    public var maxRetries: Int
    /// The wait when the response says nothing (default 0.5 s), doubled on each retry.
    public var baseDelay: Duration
    /// The shortest wait (default 0.1 s).
    public var minimumDelay: Duration
    /// The longest wait (default 5 s); a longer `Retry-After` is not retried.
    public var maximumDelay: Duration

    /// Creates limits.
    public init(
        maxRetries: Int = 2, baseDelay: Duration = .milliseconds(500), minimumDelay: Duration = .milliseconds(100),
        maximumDelay: Duration = .seconds(5)
    ) {
        self.maxRetries = maxRetries
        self.baseDelay = baseDelay
        self.minimumDelay = minimumDelay
        self.maximumDelay = maximumDelay
    }

    /// Never retry.
    public static let none = RetryConfiguration(maxRetries: 0)
}

/// Decides whether a failed attempt is retried, and after how long. Pure: no I/O, no clock.
///
/// - Reads and idempotent requests retry on 408, 425, 429 and 5xx, and when no response arrived because of a
///   timeout, a refused or lost connection, or DNS.
/// - A non-idempotent request (a `POST` that changes state) retries only when the response proves the server did
///   not process it: 429, or 503 with `Retry-After`. A lost connection is never retried: the server may have
///   acted.
/// - The wait is `Retry-After` (seconds or HTTP date), else `X-RateLimit-Reset` (epoch seconds), else the
///   base delay doubled per retry, clamped to the configured range. A server asking for longer than the
///   maximum is not retried.
@available(OS2023, *)
struct RetryPolicy: Sendable {
    /// What happened on one attempt.
    enum Outcome: Sendable, Equatable {
        /// A response with this status and these headers.
        case response(status: Int, headers: ClerkHTTPHeaders)
        /// No response; `URLError.Code` when the transport said why.
        case transportFailure(URLError.Code?)
    }

    /// What to do next.
    enum Decision: Sendable, Equatable {
        /// Send again after this wait.
        case retry(after: Duration)
        /// Give up and report the outcome.
        case fail
    }

    var configuration: RetryConfiguration

    static let retryableStatuses: Set<Int> = [408, 425, 429, 500, 502, 503, 504]
    static let retryableTransportCodes: Set<URLError.Code> = [
        .timedOut, .cannotFindHost, .cannotConnectToHost, .networkConnectionLost, .dnsLookupFailed,
        .notConnectedToInternet,
    ]

    /// - Parameters:
    ///   - retriesSoFar: How many retries were already sent (0 after the first attempt).
    ///   - idempotent: Whether sending the request twice is harmless.
    ///   - outcome: What the last attempt produced.
    ///   - now: The current time, for HTTP-date and epoch headers.
    func decide(retriesSoFar: Int, idempotent: Bool, outcome: Outcome, now: Date) -> Decision {
        guard retriesSoFar < configuration.maxRetries else { return .fail }
        let fallback = backoff(retriesSoFar)
        switch outcome {
        case .transportFailure(let code):
            guard idempotent, let code, Self.retryableTransportCodes.contains(code) else { return .fail }
            return .retry(after: clamp(fallback))
        case .response(let status, let headers):
            let serverDelay = Self.serverDelay(headers: headers, now: now)
            if idempotent {
                guard Self.retryableStatuses.contains(status) || (500...599).contains(status) else { return .fail }
            } else {
                let provenUnprocessed = status == 429 || (status == 503 && headers["Retry-After"] != nil)
                guard provenUnprocessed else { return .fail }
            }
            guard let serverDelay else { return .retry(after: clamp(fallback)) }
            guard serverDelay <= configuration.maximumDelay else { return .fail }
            return .retry(after: clamp(serverDelay))
        }
    }

    private func backoff(_ retriesSoFar: Int) -> Duration {
        configuration.baseDelay * (1 << min(retriesSoFar, 16))
    }

    private func clamp(_ delay: Duration) -> Duration {
        min(max(delay, configuration.minimumDelay), configuration.maximumDelay)
    }

    /// The wait the server asked for: `Retry-After` (delta seconds or HTTP date), then `X-RateLimit-Reset`.
    static func serverDelay(headers: ClerkHTTPHeaders, now: Date) -> Duration? {
        if let value = headers["Retry-After"]?.trimmingCharacters(in: .whitespaces) {
            if let seconds = Double(value), seconds >= 0, seconds.isFinite {
                return .milliseconds(Int64(seconds * 1000))
            }
            if let date = HTTPDate.parse(value) {
                return .milliseconds(Int64(max(0, date.timeIntervalSince(now)) * 1000))
            }
        }
        if let value = headers["X-RateLimit-Reset"], let epoch = Double(value), epoch.isFinite {
            return .milliseconds(Int64(max(0, epoch - now.timeIntervalSince1970) * 1000))
        }
        return nil
    }
}

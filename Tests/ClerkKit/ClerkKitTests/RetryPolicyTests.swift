import CourierPrimitives
import Foundation
import Testing

@testable import ClerkKit

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite struct RetryPolicyTests {
    @available(OS2023, *)
    var policy: RetryPolicy { RetryPolicy(configuration: RetryConfiguration()) }
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    @available(OS2023, *)
    private func decide(
        _ status: Int, idempotent: Bool, headers: ClerkHTTPHeaders = [:], retries: Int = 0
    ) -> RetryPolicy.Decision {
        policy.decide(
            retriesSoFar: retries, idempotent: idempotent, outcome: .response(status: status, headers: headers),
            now: now)
    }

    /// Every status from 400 to 599, idempotent or not, with and without Retry-After.
    @available(OS2023, *)
    @Test func everyStatus() {
        for status in 400...599 {
            let retryableRead = [408, 425, 429].contains(status) || (500...599).contains(status)
            #expect((decide(status, idempotent: true) != .fail) == retryableRead, "GET \(status)")
            #expect((decide(status, idempotent: false) != .fail) == (status == 429), "POST \(status)")
            let withRetryAfter = decide(status, idempotent: false, headers: ["Retry-After": "1"])
            #expect((withRetryAfter != .fail) == (status == 429 || status == 503), "POST \(status) + Retry-After")
        }
        for status in [200, 201, 204, 301, 307] {
            #expect(decide(status, idempotent: true) == .fail)
        }
    }

    @available(OS2023, *)
    @Test func transportFailures() {
        let retryable: [URLError.Code] = [
            .timedOut, .cannotFindHost, .cannotConnectToHost, .networkConnectionLost, .dnsLookupFailed,
            .notConnectedToInternet,
        ]
        for code in retryable {
            #expect(
                policy.decide(retriesSoFar: 0, idempotent: true, outcome: .transportFailure(code), now: now)
                    == .retry(after: .milliseconds(500)))
            // A POST that lost its connection may have been processed: never resent.
            #expect(
                policy.decide(retriesSoFar: 0, idempotent: false, outcome: .transportFailure(code), now: now) == .fail)
        }
        for code in [URLError.Code.badURL, .cancelled, .userAuthenticationRequired, .secureConnectionFailed] {
            #expect(
                policy.decide(retriesSoFar: 0, idempotent: true, outcome: .transportFailure(code), now: now) == .fail)
        }
        #expect(policy.decide(retriesSoFar: 0, idempotent: true, outcome: .transportFailure(nil), now: now) == .fail)
    }

    @available(OS2023, *)
    @Test func boundedWithExponentialBackoff() {
        #expect(decide(503, idempotent: true, retries: 0) == .retry(after: .milliseconds(500)))
        #expect(decide(503, idempotent: true, retries: 1) == .retry(after: .seconds(1)))
        #expect(decide(503, idempotent: true, retries: 2) == .fail)
        let none = RetryPolicy(configuration: .none)
        #expect(
            none.decide(retriesSoFar: 0, idempotent: true, outcome: .response(status: 503, headers: [:]), now: now)
                == .fail)
    }

    @available(OS2023, *)
    @Test func retryAfterSecondsAndHTTPDate() {
        #expect(decide(429, idempotent: false, headers: ["Retry-After": "2"]) == .retry(after: .seconds(2)))
        #expect(decide(429, idempotent: false, headers: ["retry-after": "0"]) == .retry(after: .milliseconds(100)))
        let date = HTTPDate.format(now.addingTimeInterval(3))
        #expect(decide(503, idempotent: true, headers: ["Retry-After": date]) == .retry(after: .seconds(3)))
        // A past date waits the minimum.
        let past = HTTPDate.format(now.addingTimeInterval(-30))
        #expect(decide(503, idempotent: true, headers: ["Retry-After": past]) == .retry(after: .milliseconds(100)))
        // Longer than the maximum: not retried.
        #expect(decide(429, idempotent: true, headers: ["Retry-After": "60"]) == .fail)
        // Garbage falls back to the backoff.
        #expect(decide(503, idempotent: true, headers: ["Retry-After": "soon"]) == .retry(after: .milliseconds(500)))
    }

    @available(OS2023, *)
    @Test func rateLimitReset() {
        let reset = "\(Int(now.timeIntervalSince1970) + 4)"
        #expect(decide(429, idempotent: false, headers: ["X-RateLimit-Reset": reset]) == .retry(after: .seconds(4)))
        #expect(
            decide(429, idempotent: false, headers: ["X-RateLimit-Reset": "1"]) == .retry(after: .milliseconds(100)))
        // Retry-After wins over X-RateLimit-Reset.
        #expect(
            decide(429, idempotent: true, headers: ["Retry-After": "1", "X-RateLimit-Reset": reset])
                == .retry(after: .seconds(1)))
    }

    @available(OS2023, *)
    @Test func httpDateRoundTrips() throws {
        let text = "Sun, 06 Nov 1994 08:49:37 GMT"
        let date = try #require(HTTPDate.parse(text))
        #expect(date.timeIntervalSince1970 == 784_111_777)
        #expect(HTTPDate.format(date) == text)
        #expect(HTTPDate.parse("not a date") == nil)
    }
}

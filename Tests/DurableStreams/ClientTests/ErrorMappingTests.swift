import Foundation
import Testing

@testable import DurableStreams

@Suite("Status mapping and retry policy")
struct ErrorMappingTests {
    private let url = URL(string: "http://127.0.0.1:1/orders") ?? URL(fileURLWithPath: "/")

    private func map(
        _ status: Int,
        _ headers: HTTPHeaders = [:],
        operation: RequestContext.Operation = .append,
        seq: Bool = false
    ) -> DurableStreamError {
        var context = RequestContext(operation: operation, url: url, method: .post, offset: Offset(rawValue: "42"))
        context.sentStreamSeq = seq
        if operation == .producerAppend { context.producerId = "p" }
        return DurableStreamError.from(status: status, headers: headers, body: Data("why".utf8), context: context)
    }

    @Test("every status of the protocol maps to its own error")
    func statuses() {
        #expect(map(400).status == 400)
        if case .badRequest(let message) = map(400) { #expect(message.contains("/orders")) } else { Issue.record() }
        if case .unauthorized = map(401) {} else { Issue.record("401") }
        if case .forbidden = map(403) {} else { Issue.record("403") }
        if case .staleEpoch("p", 7) = map(403, ["Producer-Epoch": "7"], operation: .producerAppend) {
        } else {
            Issue.record("403 producer")
        }
        if case .notFound(let found) = map(404) { #expect(found == url) } else { Issue.record("404") }
        if case .notSupported(405, _) = map(405) {} else { Issue.record("405") }
        if case .notSupported(501, _) = map(501) {} else { Issue.record("501") }
        if case .conflict = map(409) {} else { Issue.record("409") }
        if case .streamClosed(let offset) = map(409, ["Stream-Closed": "true", "Stream-Next-Offset": "9"]) {
            #expect(offset == Offset(rawValue: "9"))
        } else {
            Issue.record("409 closed")
        }
        if case .sequenceConflict = map(409, seq: true) {} else { Issue.record("409 seq") }
        if case .sequenceGap(3, 5) = map(409, ["Producer-Expected-Seq": "3", "Producer-Received-Seq": "5"]) {
        } else {
            Issue.record("409 gap")
        }
        if case .retentionExpired(let offset) = map(410, operation: .read) {
            #expect(offset.rawValue == "42")
        } else {
            Issue.record("410 read")
        }
        if case .gone = map(410) {} else { Issue.record("410") }
        if case .payloadTooLarge = map(413) {} else { Issue.record("413") }
        if case .rateLimited(let delay) = map(429, ["Retry-After": "2"]) {
            #expect(delay == .seconds(2))
        } else {
            Issue.record("429")
        }
        if case .serverBusy(nil) = map(503) {} else { Issue.record("503") }
        if case .serverError(500, _) = map(500) {} else { Issue.record("500") }
        if case .unexpectedStatus(418, _) = map(418) {} else { Issue.record("418") }
    }

    @Test("only transient failures are retryable")
    func transient() {
        #expect(map(503).isTransient)
        #expect(map(429).isTransient)
        #expect(map(500).isTransient)
        #expect(DurableStreamError.timeout.isTransient)
        #expect(!map(404).isTransient)
        #expect(!map(400).isTransient)
        #expect(!DurableStreamError.invalidResponse(message: "x").isTransient)
    }

    @Test("Retry-After is honoured in seconds and capped; garbage is ignored")
    func retryAfter() {
        #expect(DurableStreamError.parseRetryAfter("3") == .seconds(3))
        #expect(DurableStreamError.parseRetryAfter("abc") == nil)
        #expect(DurableStreamError.parseRetryAfter("-1") == nil)
        let policy = RetryPolicy.readDefault
        #expect(policy.delay(beforeRetry: 1, retryAfter: .seconds(2)) >= .seconds(2))
    }

    @Test("backoff grows exponentially within the jitter bounds and stops at the cap")
    func backoff() {
        let policy = RetryPolicy(
            maxAttempts: 10, baseDelay: .milliseconds(100), maxDelay: .seconds(1), jitterFactor: 0.2)
        for retry in 1...8 {
            let delay = policy.delay(beforeRetry: retry)
            let nominal = min(0.1 * Double(1 << (retry - 1)), 1.0)
            #expect(delay.seconds >= nominal * 0.8 - 1e-9 && delay.seconds <= nominal * 1.2 + 1e-9)
        }
    }

    @Test("invalid retry options are rejected, naming the parameter")
    func validation() {
        func message(_ body: () throws(DurableStreamError) -> RetryPolicy) -> String {
            do {
                _ = try body()
                return "valid"
            } catch {
                return error.description
            }
        }
        #expect(
            message { () throws(DurableStreamError) in try RetryPolicy.validated(maxRetries: -1) }.contains(
                "maxRetries"))
        #expect(
            message { () throws(DurableStreamError) in try RetryPolicy.validated(initialDelay: .milliseconds(-5)) }
                .contains("initialDelayMs"))
        #expect(
            message { () throws(DurableStreamError) in
                try RetryPolicy.validated(initialDelay: .seconds(2), maxDelay: .seconds(1))
            }
            .contains("maxDelayMs"))
        #expect(message { () throws(DurableStreamError) in try RetryPolicy.validated(maxRetries: 0) } == "valid")
    }

    @Test("producer settings are validated")
    func producerValidation() {
        #expect(throws: DurableStreamError.self) { try IdempotentProducerConfiguration(producerId: "").validate() }
        #expect(throws: DurableStreamError.self) {
            try IdempotentProducerConfiguration(producerId: "p", initialEpoch: -1).validate()
        }
        #expect(throws: DurableStreamError.self) {
            try IdempotentProducerConfiguration(producerId: "p", maxBatchBytes: 0).validate()
        }
        #expect(throws: DurableStreamError.self) {
            try IdempotentProducerConfiguration(producerId: "p", maxBatchItems: 0).validate()
        }
        #expect(throws: Never.self) { try IdempotentProducerConfiguration(producerId: "p").validate() }
    }

    @Test("offsets compare byte-wise and query values are percent-encoded")
    func offsets() throws {
        #expect(Offset(rawValue: "0000_0002") < Offset(rawValue: "0000_0010"))
        #expect(Offset.start.isSentinel && Offset.now.isSentinel)
        let base = try #require(URL(string: "http://h/s"))
        let url = StreamClient.url(base, adding: [("offset", "a b&c"), ("cursor", "1")])
        #expect(url.absoluteString == "http://h/s?cursor=1&offset=a%20b%26c")
    }
}

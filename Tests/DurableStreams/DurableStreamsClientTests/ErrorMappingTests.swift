import CourierPrimitives
import Foundation
import Testing

@testable import DurableStreams

@Suite("Status mapping and retry policy")
struct ErrorMappingTests {
    private let url = URL(string: "http://127.0.0.1:1/orders") ?? URL(fileURLWithPath: "/")

    @available(OS2023, *)
    private func map(
        _ status: Int,
        _ headers: StreamHTTPHeaders = [:],
        operation: RequestContext.Operation = .append,
        seq: Bool = false
    ) -> DurableStreamError {
        var context = RequestContext(operation: operation, url: url, method: .post, offset: Offset(rawValue: "42"))
        context.sentStreamSeq = seq
        if operation == .producerAppend { context.producerId = "p" }
        return DurableStreamError.from(status: status, headers: headers, body: Data("why".utf8), context: context)
    }

    @Test("every status of the protocol maps to its own code, with its context")
    @available(OS2023, *)
    func statuses() {
        let cases: [(Int, StreamHTTPHeaders, RequestContext.Operation, Bool, DurableStreamError.Code)] = [
            (400, [:], .append, false, .badRequest), (401, [:], .append, false, .unauthorized),
            (403, [:], .append, false, .forbidden), (403, ["Producer-Epoch": "7"], .producerAppend, false, .staleEpoch),
            (404, [:], .append, false, .notFound), (405, [:], .append, false, .notSupported),
            (501, [:], .append, false, .notSupported), (409, [:], .append, false, .conflict),
            (409, ["Stream-Closed": "true", "Stream-Next-Offset": "9"], .append, false, .streamClosed),
            (409, [:], .append, true, .sequenceConflict),
            (409, ["Producer-Expected-Seq": "3", "Producer-Received-Seq": "5"], .append, false, .sequenceGap),
            (410, [:], .read, false, .retentionExpired), (410, [:], .append, false, .gone),
            (413, [:], .append, false, .payloadTooLarge), (429, [:], .append, false, .rateLimited),
            (503, [:], .append, false, .serverBusy), (500, [:], .append, false, .serverError),
            (418, [:], .append, false, .unexpectedStatus),
        ]
        for (status, headers, operation, seq, code) in cases {
            let error = map(status, headers, operation: operation, seq: seq)
            #expect(error.code == code, "\(status) \(headers)")
            #expect(error.status == status)
            #expect(error.context.url == url)
        }
        #expect(map(400).message.contains("/orders"))
        let fenced = map(403, ["Producer-Epoch": "7"], operation: .producerAppend)
        #expect(fenced.context.producerId == "p" && fenced.context.producerEpoch == 7)
        #expect(map(409, ["Stream-Closed": "true", "Stream-Next-Offset": "9"]).context.offset == Offset(rawValue: "9"))
        let gap = map(409, ["Producer-Expected-Seq": "3", "Producer-Received-Seq": "5"])
        #expect(gap.context.expectedSequence == 3 && gap.context.receivedSequence == 5)
        #expect(map(410, operation: .read).context.offset?.rawValue == "42")
        #expect(map(410, operation: .read).message == "Gone: POST /orders: why", "the server's words, not a guess")
        let silent = DurableStreamError.from(
            status: 410, headers: [:], body: Data(),
            context: RequestContext(operation: .read, url: url, method: .get, offset: Offset(rawValue: "42")))
        #expect(silent.message == "Offset 42 is older than the stream retains")
        #expect(map(429, ["Retry-After": "2"]).retryAfter == .seconds(2))
        #expect(map(503).retryAfter == nil)
        #expect(map(500, ["X-Request-Id": "req-1"]).context.requestId == "req-1")
        #expect(map(500, ["X-Request-Id": "req-1"]).description.contains("[request req-1]"))
    }

    @Test("codes match as patterns, so `catch DurableStreamError.notFound` reads naturally")
    @available(OS2023, *)
    func patterns() {
        let error: any Error = map(404)
        if case DurableStreamError.notFound = error {} else { Issue.record("404 did not match notFound") }
        if case DurableStreamError.conflict = error { Issue.record("404 matched conflict") }
        switch map(409, seq: true) {
        case .conflict: Issue.record("a Stream-Seq conflict matched conflict")
        case .sequenceConflict: break
        default: Issue.record("a Stream-Seq conflict did not match sequenceConflict")
        }
        do {
            throw DurableStreamError.cancelled
        } catch .cancelled {
        } catch {
            Issue.record("cancelled did not match itself")
        }
        #expect(DurableStreamError.Code.notFound.description == "notFound")
        let failed = DurableStreamError.connectionFailed(underlying: POSIXError(.ECONNREFUSED))
        #expect(failed.underlying is POSIXError)
    }

    @Test("only transient failures are retryable")
    @available(OS2023, *)
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
    @available(OS2023, *)
    func retryAfter() {
        #expect(DurableStreamError.parseRetryAfter("3") == .seconds(3))
        #expect(DurableStreamError.parseRetryAfter("abc") == nil)
        #expect(DurableStreamError.parseRetryAfter("-1") == nil)
        let policy = RetryPolicy.readDefault
        #expect(policy.delay(beforeRetry: 1, retryAfter: .seconds(2)) >= .seconds(2))
    }

    @Test("backoff grows exponentially within the jitter bounds and stops at the cap")
    @available(OS2023, *)
    func backoff() {
        let policy = RetryPolicy(
            maxAttempts: 10, baseDelay: .milliseconds(100), maxDelay: .seconds(1), jitterFactor: 0.2)
        for retry in 1...8 {
            let delay = policy.delay(beforeRetry: retry)
            let nominal = min(0.1 * Double(1 << (retry - 1)), 1.0)
            #expect(delay.inSeconds >= nominal * 0.8 - 1e-9 && delay.inSeconds <= nominal * 1.2 + 1e-9)
        }
    }

    @Test("invalid retry options are rejected, naming the parameter")
    @available(OS2023, *)
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

    @Test("a zero initial delay is refused (upstream's retry-options-zero-initial-delay), a tiny one is not")
    @available(OS2023, *)
    func zeroInitialDelay() throws {
        let refused = #expect(throws: DurableStreamError.self) {
            try RetryPolicy.validated(initialDelay: .zero)
        }
        #expect(refused?.code == .invalidArgument)
        #expect(refused?.message.contains("initialDelayMs") == true)
        _ = try RetryPolicy.validated(initialDelay: .milliseconds(1))
        let retrying = #expect(throws: DurableStreamError.self) {
            try RetryPolicy(maxAttempts: 3, baseDelay: .zero, maxDelay: .seconds(1)).validate()
        }
        #expect(retrying?.message.contains("baseDelay") == true)
        try RetryPolicy.none.validate()
        try RetryPolicy.writeDefault.validate()
    }

    @Test("producer settings are validated")
    @available(OS2023, *)
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
    @available(OS2023, *)
    func offsets() throws {
        #expect(Offset(rawValue: "0000_0002") < Offset(rawValue: "0000_0010"))
        #expect(Offset.start.isSentinel && Offset.now.isSentinel)
        let base = try #require(URL(string: "http://h/s"))
        let url = StreamClient.url(base, adding: [("offset", "a b&c"), ("cursor", "1")])
        #expect(url.absoluteString == "http://h/s?cursor=1&offset=a%20b%26c")
    }
}

/// Expects `body` to throw a ``DurableStreamError`` with `code` (the error is not `Equatable`: its codes match).
@available(OS2023, *)
func expectError<R>(
    _ code: DurableStreamError.Code, sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () throws -> R
) {
    let error = #expect(throws: DurableStreamError.self, sourceLocation: sourceLocation) { try body() }
    #expect(error?.code == code, sourceLocation: sourceLocation)
}

import CourierPrimitives
import CourierTestSupport
import Foundation
import Testing

@testable import DurableStreams

@Suite("Retry-After as seconds and as an HTTP date")
struct RetryAfterTests {
    private let serverNow = "Fri, 27 Nov 2026 10:00:00 GMT"

    @Test("a date is measured from the response's Date, or from the local clock without one")
    @available(OS2023, *)
    func parsing() throws {
        let parse = DurableStreamError.parseRetryAfter
        #expect(parse("Fri, 27 Nov 2026 10:00:07 GMT", serverNow, Date()) == .seconds(7))
        #expect(parse("Friday, 27-Nov-26 10:00:30 GMT", serverNow, Date()) == .seconds(30))
        #expect(parse("Fri Nov 27 10:01:00 2026", serverNow, Date()) == .seconds(60))
        // A date in the past: retry at once.
        #expect(parse("Fri, 27 Nov 2026 09:59:00 GMT", serverNow, Date()) == .zero)
        // No usable Date header: the local clock.
        let local = try #require(HTTPDate.parse(serverNow))
        #expect(parse("Fri, 27 Nov 2026 10:00:05 GMT", nil, local) == .seconds(5))
        #expect(parse("Fri, 27 Nov 2026 10:00:05 GMT", "yesterday", local) == .seconds(5))
        // Seconds, large values and garbage.
        #expect(parse(" 3 ", nil, Date()) == .seconds(3))
        #expect(parse("7200", nil, Date()) == .seconds(7200))
        for garbage in ["abc", "-1", "1.5", "", "Fri, 27 Nov 2026 10:00:05 UTC", "3 s"] {
            #expect(parse(garbage, serverNow, Date()) == nil, "\(garbage)")
        }
        #expect(parse(nil, serverNow, Date()) == nil)
    }

    @Test("a 503 whose Retry-After date is further off than the policy allows fails at once, with the wait")
    @available(OS2023, *)
    func longDateFailsFast() async throws {
        let hostile = try HostileServer { _ in
            .bytes(
                HostileServer.response(
                    status: 503,
                    headers: ["Date": "Fri, 27 Nov 2026 10:00:00 GMT", "Retry-After": "Fri, 27 Nov 2026 10:05:00 GMT"],
                    body: Data()))
        }
        defer { hostile.stop() }
        let error = await read(hostile, maxRetryAfter: .seconds(1))
        #expect(error?.code == .serverBusy)
        #expect(error?.retryAfter == .seconds(300))
        #expect(hostile.requests.count == 1, "no retry was made")
    }

    @Test("a 503 whose Retry-After date has come is retried, and the read succeeds")
    @available(OS2023, *)
    func dueDateRetries() async throws {
        let answered = Locked(0)
        let hostile = try HostileServer { _ in
            let first = answered.withLock { count in
                count += 1
                return count == 1
            }
            if first {
                return .bytes(
                    HostileServer.response(
                        status: 503,
                        headers: [
                            "Date": "Fri, 27 Nov 2026 10:00:00 GMT", "Retry-After": "Fri, 27 Nov 2026 10:00:00 GMT",
                        ],
                        body: Data()))
            }
            return .bytes(
                HostileServer.response(
                    headers: ["Content-Type": "text/plain", "Stream-Next-Offset": "2", "Stream-Up-To-Date": "true"],
                    body: Data("ok".utf8)))
        }
        defer { hostile.stop() }
        let error = await read(hostile, maxRetryAfter: .seconds(1))
        #expect(error == nil)
        #expect(hostile.requests.count == 2)
    }

    @Test("the read state machine honours Retry-After within the policy, for catch-up and SSE alike")
    @available(OS2023, *)
    func stateMachine() {
        let policy = RetryPolicy(
            maxAttempts: 5, baseDelay: .milliseconds(10), maxDelay: .milliseconds(10), jitterFactor: 0,
            maxRetryAfter: .seconds(10))
        func busy(_ wait: Duration) -> DurableStreamError {
            var error = DurableStreamError.serverBusy
            error.context.retryAfter = wait
            return error
        }
        for mode in [ReadStateMachine.Mode.catchUp, .sse] {
            var machine = ReadStateMachine(
                offset: .start, mode: mode, stopAtUpToDate: false, policy: policy, maxResponseBytes: 64, path: "/s")
            _ = machine.start()
            let now = ContinuousClock.now
            func fail(_ error: DurableStreamError) -> ReadStateMachine.Recovery {
                mode == .sse
                    ? machine.sseFailed(error, cancelled: false, at: now)
                    : machine.requestFailed(error, cancelled: false)
            }
            #expect(fail(busy(.seconds(4))) == .retry(after: .seconds(4)), "\(mode)")
            #expect(fail(busy(.seconds(11))) == .fail, "\(mode): beyond maxRetryAfter")
        }
    }

    @available(OS2023, *)
    private func read(_ hostile: HostileServer, maxRetryAfter: Duration) async -> DurableStreamError? {
        let transport = TestTransport(readTimeout: .seconds(10), connectTimeout: .seconds(5))
        defer { Task { await transport.shutdown() } }
        let http = HTTPConfiguration(
            transport: transport, timeout: .seconds(5),
            readRetryPolicy: RetryPolicy(
                maxAttempts: 3, baseDelay: .milliseconds(1), maxDelay: .milliseconds(1), maxRetryAfter: maxRetryAfter))
        guard let url = URL(string: hostile.baseURL + "/s") else { return .invalidArgument }
        do {
            _ = try await withTimeout(.seconds(30)) {
                try await DurableStream.stream(url: url, live: .catchUp, configuration: http).bytes()
            }
            return nil
        } catch let error as DurableStreamError {
            return error
        } catch {
            return .timeout
        }
    }
}

import CourierTestSupport
import DurableStreams
import Foundation
import Testing

@Suite("Handle configuration: the block form and the rules")
struct ConfigurationTests {
    /// A URL nothing listens on: an attempted request would fail with `connectionFailed`, not `invalidArgument`.
    private let unreachable = URL(string: "http://127.0.0.1:9/s") ?? URL(fileURLWithPath: "/")

    @Test("a block gives the same configuration as the struct form")
    @available(OS2023, *)
    func blockEqualsStruct() {
        let built = HandleConfiguration {
            Producer(id: "writer", epoch: 2, maxInFlight: 3, linger: .milliseconds(7))
            Batching(maxBytes: 128_000, linger: .milliseconds(10))
            Retry(maxAttempts: 5, backoff: .exponential(base: .milliseconds(100)))
            Retry(.writes, policy: .atLeastOnceWrite)
            Timeouts(request: .seconds(3), longPoll: .seconds(20))
            Headers(["X-App": "orders"])
            Headers("Authorization", "Bearer t")
            ResponseLimits(maxBodyBytes: 1024, maxSSEEventBytes: 512)
        }
        var written = HandleConfiguration()
        written.idempotentProducer = IdempotentProducerConfiguration(
            producerId: "writer", initialEpoch: 2, maxInFlight: 3, lingerTime: .milliseconds(7))
        written.batching = BatchingConfiguration(maxBytes: 128_000, lingerTime: .milliseconds(10))
        written.http.readRetryPolicy = RetryPolicy(
            maxAttempts: 5, baseDelay: .milliseconds(100), maxDelay: .seconds(5))
        written.http.writeRetryPolicy = .atLeastOnceWrite
        written.http.timeout = .seconds(3)
        written.http.longPollTimeout = .seconds(20)
        written.http.headers = ["X-App": "orders", "Authorization": "Bearer t"]
        written.http.maxResponseBytes = 1024
        written.http.maxSSEEventBytes = 512
        #expect(Summary(built) == Summary(written))
        #expect(Summary(HandleConfiguration {}) == Summary(.default))
    }

    @Test("conditions, loops and availability checks work inside a block; later lines win")
    @available(OS2023, *)
    func controlFlow() {
        for verbose in [false, true] {
            let configuration = HandleConfiguration {
                HandleConfiguration(batching: .disabled)
                if verbose {
                    Headers("X-Debug", "1")
                } else {
                    Timeouts(request: .seconds(1))
                }
                for index in 0..<3 {
                    Headers("X-\(index)", "\(index)")
                }
                if #available(macOS 14, iOS 17, *) {
                    Retry(maxAttempts: 2, backoff: .constant(.milliseconds(50)))
                }
                Retry(maxAttempts: 4, backoff: .constant(.milliseconds(20)))
            }
            #expect(configuration.batching == .disabled)
            #expect(configuration.http.headers["X-Debug"] == (verbose ? "1" : nil))
            #expect(configuration.http.timeout == (verbose ? .seconds(30) : .seconds(1)))
            #expect(configuration.http.headers["X-2"] == "2")
            #expect(configuration.http.readRetryPolicy.maxAttempts == 4)
            #expect(configuration.http.readRetryPolicy.maxDelay == .milliseconds(20))
        }
    }

    @Test("a handle made with a block writes through its producer and reads back")
    @available(OS2023, *)
    func blockHandleWorks() async throws {
        let server = try await TestServer.start()
        let url = server.streamURL()
        do {
            let handle = try await DurableStreamHandle.create(url: url, contentType: "text/plain") {
                Transport(server.transport)
                Timeouts(request: .seconds(10), longPoll: .seconds(5))
                Producer(id: "block-writer")
                Batching(maxBytes: 1_000, linger: .milliseconds(1))
            }
            #expect(handle.producer.producerId == "block-writer")
            handle.appendBytes(Data("a".utf8))
            handle.appendBytes(Data("b".utf8))
            try await handle.flush()
            let again = try await DurableStreamHandle.connect(url: url) { Transport(server.transport) }
            let body = try await again.stream(live: .catchUp).bytes()
            #expect(String(decoding: body.data, as: UTF8.self) == "ab")
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    @Test(
        "every invalid value fails before any request, naming the value",
        arguments: [
            ("http.timeout", HandleConfiguration { Timeouts(request: .zero) }),
            ("http.longPollTimeout", HandleConfiguration { Timeouts(longPoll: .seconds(-1)) }),
            (
                "http.readRetryPolicy.maxAttempts",
                HandleConfiguration { Retry(maxAttempts: 0, backoff: .constant(.zero)) }
            ),
            (
                "http.readRetryPolicy.baseDelay",
                HandleConfiguration { Retry(maxAttempts: 2, backoff: .constant(.seconds(-1))) }
            ),
            (
                "http.readRetryPolicy.maxDelay",
                HandleConfiguration {
                    Retry(maxAttempts: 2, backoff: .exponential(base: .seconds(2), max: .seconds(1)))
                }
            ),
            (
                "http.readRetryPolicy.multiplier",
                HandleConfiguration { Retry(maxAttempts: 2, backoff: .exponential(base: .seconds(1), multiplier: 0.5)) }
            ),
            (
                "http.readRetryPolicy.multiplier",
                HandleConfiguration {
                    Retry(maxAttempts: 2, backoff: .exponential(base: .seconds(1), multiplier: .nan))
                }
            ),
            (
                "http.writeRetryPolicy.jitterFactor",
                HandleConfiguration {
                    Retry(.writes, maxAttempts: 2, backoff: .exponential(base: .seconds(1), jitter: 1.5))
                }
            ),
            (
                "http.readRetryPolicy.maxRetryAfter",
                HandleConfiguration {
                    Retry(
                        policy: RetryPolicy(
                            maxAttempts: 2, baseDelay: .milliseconds(1), maxDelay: .milliseconds(1),
                            maxRetryAfter: .seconds(-1)))
                }
            ),
            ("http.maxResponseBytes", HandleConfiguration { ResponseLimits(maxBodyBytes: 0) }),
            ("http.maxSSEEventBytes", HandleConfiguration { ResponseLimits(maxSSEEventBytes: -1) }),
            ("not a valid HTTP header name", HandleConfiguration { Headers("Bad Name", "x") }),
            ("control character", HandleConfiguration { Headers("X-Evil", "a\r\nInjected: 1") }),
            ("batching.maxBytes", HandleConfiguration { Batching(maxBytes: -1, linger: .zero) }),
            ("batching.lingerTime", HandleConfiguration { Batching(maxBytes: 10, linger: .milliseconds(-5)) }),
            ("producerId", HandleConfiguration { Producer(id: "") }),
            ("producerId", HandleConfiguration { Producer(id: "a\nb") }),
            ("epoch", HandleConfiguration { Producer(id: "p", epoch: -1) }),
            ("maxInFlight", HandleConfiguration { Producer(id: "p", maxInFlight: 0) }),
            ("maxBatchBytes", HandleConfiguration { Producer(id: "p", maxBatchBytes: 0) }),
            ("maxBatchItems", HandleConfiguration { Producer(id: "p", maxBatchItems: 0) }),
            ("lingerTime", HandleConfiguration { Producer(id: "p", linger: .seconds(-1)) }),
            (
                "idempotentProducer.retryPolicy.maxAttempts",
                HandleConfiguration {
                    Producer(id: "p", retryPolicy: RetryPolicy(maxAttempts: 0, baseDelay: .zero, maxDelay: .zero))
                }
            ),
        ] as [(String, HandleConfiguration)])
    @available(OS2023, *)
    func invalidValues(expected: String, configuration: HandleConfiguration) async throws {
        let checked = #expect(throws: DurableStreamError.self) { try configuration.validate() }
        #expect(checked?.code == .invalidArgument)
        for attempt in 0..<4 {
            do {
                switch attempt {
                case 0: _ = try await DurableStreamHandle.create(url: unreachable, configuration: configuration)
                case 1: _ = try await DurableStreamHandle.connect(url: unreachable, configuration: configuration)
                case 2:
                    _ = try DurableStreamHandle.attach(
                        url: unreachable, contentType: "text/plain", configuration: configuration)
                default: _ = try await DurableStreamHandle.head(url: unreachable, configuration: configuration)
                }
                Issue.record("entry point \(attempt) accepted an invalid \(expected)")
            } catch {
                #expect(error.code == .invalidArgument, "entry point \(attempt): \(error)")
                #expect(error.message.contains(expected), "\(error.message)")
            }
        }
    }

    @Test("a read without a handle checks its HTTP settings and URL before any request")
    @available(OS2023, *)
    func readsValidate() async throws {
        var http = HTTPConfiguration()
        http.readRetryPolicy.jitterFactor = -0.1
        let error = await #expect(throws: DurableStreamError.self) {
            _ = try await DurableStream.stream(url: unreachable, configuration: http)
        }
        #expect(error?.code == .invalidArgument && error?.message.contains("jitterFactor") == true)
        for text in ["ftp://example.com/s", "/relative/path", "http:///no-host", "mailto:a@b.c"] {
            let url = try #require(URL(string: text))
            let error = await #expect(throws: DurableStreamError.self, "\(text)") {
                _ = try await DurableStream.stream(url: url)
            }
            #expect(error?.code == .invalidArgument, "\(text)")
        }
    }

    @Test("create arguments are checked: content type, headers, time to live")
    @available(OS2023, *)
    func createArguments() async throws {
        let invalid: [(String, @Sendable () async throws -> Void)] = [
            ("contentType", { _ = try await DurableStreamHandle.create(url: unreachable, contentType: "json") }),
            ("contentType", { _ = try await DurableStreamHandle.create(url: unreachable, contentType: "") }),
            (
                "contentType",
                { _ = try await DurableStreamHandle.create(url: unreachable, contentType: "text/plain\r\nX: y") }
            ),
            ("contentType", { _ = try DurableStreamHandle.attach(url: unreachable, contentType: "a/b/c") }),
            ("headers", { _ = try await DurableStreamHandle.create(url: unreachable, headers: ["X": "\u{0}"]) }),
            ("expireAfter", { _ = try await DurableStreamHandle.create(url: unreachable, expireAfter: .seconds(-5)) }),
            (
                "expireAfter",
                { _ = try await DurableStreamHandle.create(url: unreachable, expireAfter: .milliseconds(1500)) }
            ),
        ]
        for (name, call) in invalid {
            do {
                try await call()
                Issue.record("accepted an invalid \(name)")
            } catch let error as DurableStreamError {
                #expect(error.code == .invalidArgument && error.message.contains(name), "\(error)")
            }
        }
        for type in ["application/json", "text/plain; charset=utf-8", "application/vnd.example+json;v=2"] {
            _ = try DurableStreamHandle.attach(url: unreachable, contentType: type)
        }
    }

    @Test("a dynamic header whose value would split the request fails it with invalidArgument; nothing is sent")
    @available(OS2023, *)
    func dynamicHeaderValues() async throws {
        let server = try await TestServer.start()
        let url = server.streamURL("dynamic")
        do {
            for (name, value) in [("X-Token", "a\r\nX-Injected: 1"), ("X-Token", "a\nb"), ("Bad Name", "v")] {
                let error = await #expect(throws: DurableStreamError.self, "\(name): \(value)") {
                    _ = try await DurableStreamHandle.create(url: url) {
                        Transport(server.transport)
                        DynamicHeaders { [name: value] }
                    }
                }
                #expect(error?.code == .invalidArgument && error?.message.contains("dynamicHeaders") == true)
            }
            let missing = await #expect(throws: DurableStreamError.self) {
                _ = try await DurableStreamHandle.head(url: url, configuration: server.configuration())
            }
            #expect(missing?.code == .notFound, "no create request reached the server")
            let handle = try await DurableStreamHandle.create(url: url) {
                Transport(server.transport)
                DynamicHeaders { ["X-Token": "fine\tvalue"] }
            }
            #expect(handle.wasCreated)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    @Test("a policy keeps the values it was given; validate() rejects what it used to clamp")
    @available(OS2023, *)
    func noSilentClamp() throws {
        let policy = RetryPolicy(maxAttempts: 0, baseDelay: .seconds(-1), maxDelay: .seconds(-2), multiplier: 0.5)
        #expect(policy.maxAttempts == 0 && policy.baseDelay == .seconds(-1) && policy.multiplier == 0.5)
        #expect(throws: DurableStreamError.self) { try policy.validate() }
        // An unchecked policy still gives a delay instead of trapping.
        let odd = RetryPolicy(maxAttempts: 2, baseDelay: .seconds(1), maxDelay: .seconds(1), jitterFactor: -3)
        #expect(odd.delay(beforeRetry: 1) == .seconds(1))
        for valid in [RetryPolicy.readDefault, .writeDefault, .atLeastOnceWrite, .idempotentWriteDefault, .none] {
            try valid.validate()
        }
        try HandleConfiguration.default.validate()
    }
}

/// The comparable part of a configuration (closures and transports aside).
@available(OS2023, *)
private struct Summary: Equatable {
    var producer: [String]
    var batching: BatchingConfiguration
    var retries: [String]
    var timeouts: [Duration]
    var headers: [String: String]
    var limits: [Int]

    init(_ configuration: HandleConfiguration) {
        let producer = configuration.idempotentProducer
        self.producer =
            producer.map { p in
                [p.producerId, "\(p.initialEpoch)", "\(p.maxInFlight)", "\(String(describing: p.lingerTime))"]
            } ?? []
        batching = configuration.batching
        retries = [configuration.http.readRetryPolicy, configuration.http.writeRetryPolicy].map { p in
            "\(p.maxAttempts) \(p.baseDelay) \(p.maxDelay) \(p.multiplier) \(p.jitterFactor) \(p.maxRetryAfter)"
        }
        timeouts = [configuration.http.timeout, configuration.http.longPollTimeout]
        headers = configuration.http.headers
        limits = [configuration.http.maxResponseBytes, configuration.http.maxSSEEventBytes]
    }
}

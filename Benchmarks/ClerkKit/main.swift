import BenchmarkSupport
import ClerkKit
import ClerkKitTesting
import CourierPrimitives
import Foundation
import Logging

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// clerk-benchmark: ClerkKit's request pipeline against the emulator (with the same request sent by a bare URLSession
// as the floor, in turn in the same run), 1,000 concurrent getToken() calls, getToken() from the cache, cold start
// from the file store, and the emulator's sign-in rate. `--only NAME` runs the measures whose name
// contains NAME: pipeline, tokens, cold start, URLSession sign-ins, kept-alive sign-ins.

/// Counts the requests that reach the wire, by path.
@available(OS2023, *)
final class CountingTransport: HTTPTransport {
    private let base: any HTTPTransport
    private let counts = Locked<[String: Int]>([:])

    init(_ base: any HTTPTransport) { self.base = base }

    func send(_ request: ClerkHTTPRequest) async throws(ClerkError) -> ClerkHTTPResponse {
        counts.withLock { $0[request.url.path, default: 0] += 1 }
        return try await base.send(request)
    }

    func count(pathSuffix: String) -> Int {
        counts.withLock { $0.filter { $0.key.hasSuffix(pathSuffix) }.values.reduce(0, +) }
    }
}

@available(OS2023, *)
struct BenchmarkFailure: Error, CustomStringConvertible {
    let description: String
}

let password = "benchmark-password-1"

@MainActor
@available(OS2023, *)
func signedInClerk(
    _ emulator: ClerkEmulator, user: String, transport: any HTTPTransport = URLSessionTransport(),
    store: any SecureStore = InMemorySecureStore()
) async throws -> Clerk {
    let configuration = try ClerkConfiguration(
        publishableKey: await emulator.publishableKey, proxyURL: await emulator.baseURL)
    let clerk = Clerk(configuration: configuration, store: store, transport: transport)
    try await clerk.load()
    _ = try await clerk.auth.signIn(identifier: user, password: password)
    return clerk
}

/// A transport that forwards to another and keeps the last request it sent.
@available(OS2023, *)
final class RecordingTransport: HTTPTransport {
    private let base: any HTTPTransport
    private let last = Locked<ClerkHTTPRequest?>(nil)

    init(base: any HTTPTransport) { self.base = base }

    var lastRequest: ClerkHTTPRequest? { last.value }

    func send(_ request: ClerkHTTPRequest) async throws(ClerkError) -> ClerkHTTPResponse {
        last.withLock { $0 = request }
        return try await base.send(request)
    }
}

/// `GET /v1/environment` through ClerkKit and as a bare `URLSession` request, in turn, so that the load of a shared
/// machine falls on both alike. The bare request is the one ClerkKit sends (its URL and headers, as recorded from
/// a second signed-in instance): the emulator does the same work for both, and the difference is ClerkKit's.
@MainActor
@available(OS2023, *)
func measurePipeline(_ emulator: ClerkEmulator, base: URL, iterations: Int) async throws {
    let clerk = try await signedInClerk(emulator, user: "user0+clerk_test@example.com")
    let recording = RecordingTransport(base: URLSessionTransport())
    let recorder = try await signedInClerk(emulator, user: "user0+clerk_test@example.com", transport: recording)
    _ = try await recorder.refreshEnvironment()
    guard let sent = recording.lastRequest else { throw BenchmarkFailure(description: "no request was recorded") }
    var request = URLRequest(url: sent.url)
    for field in sent.headers.fields { request.addValue(field.value, forHTTPHeaderField: field.name) }
    let session = URLSession(configuration: .ephemeral)
    let bare = request
    let anonymous = URLRequest(url: base.appendingPathComponent("v1/environment"))
    let bodies: [() async throws -> Void] = [
        { _ = try await clerk.refreshEnvironment() },
        { _ = try await session.data(for: bare) },
        { _ = try await session.data(for: anonymous) },
    ]
    for _ in 0..<50 { for body in bodies { try await body() } }
    var samples: [[Duration]] = Array(repeating: [], count: bodies.count)
    let clock = ContinuousClock()
    for _ in 0..<iterations {
        for (index, body) in bodies.enumerated() {
            let start = clock.now
            try await body()
            samples[index].append(clock.now - start)
        }
    }
    session.finishTasksAndInvalidate()
    let (piped, floor, unsigned) = (
        LatencySummary(samples[0]), LatencySummary(samples[1]), LatencySummary(samples[2])
    )
    var report = Report(
        "Request pipeline: GET /v1/environment on the loopback emulator (the three in turn)",
        columns: ["", "p50", "p99"])
    report.add(
        "ClerkKit (middleware, retry policy, decoding, state sync)", piped.p50.microsecondsText,
        piped.p99.microsecondsText)
    report.add(
        "bare URLSession, the request ClerkKit sends, body not decoded (floor)", floor.p50.microsecondsText,
        floor.p99.microsecondsText)
    report.add(
        "ClerkKit's own cost (difference)", (piped.p50 - floor.p50).microsecondsText,
        (piped.p99 - floor.p99).microsecondsText)
    // Each turn's ClerkKit request less the floor request sent right after it: load that changes between turns
    // cancels out.
    let paired = LatencySummary(zip(samples[0], samples[1]).map { $0 - $1 })
    report.add("ClerkKit's own cost, median of each turn's difference", paired.p50.microsecondsText, "")
    // The floor of earlier versions of this benchmark: no client, so the emulator has less to do.
    report.add(
        "bare URLSession, no query or headers (no client: less server work)", unsigned.p50.microsecondsText,
        unsigned.p99.microsecondsText)
    report.print()
}

@MainActor
@available(OS2023, *)
func measureTokenDeduplication(_ emulator: ClerkEmulator) async throws {
    let counting = CountingTransport(URLSessionTransport())
    let clerk = try await signedInClerk(emulator, user: "user1+clerk_test@example.com", transport: counting)
    let before = counting.count(pathSuffix: "/tokens/benchmark")
    let options = GetTokenOptions(template: "benchmark")
    let clock = ContinuousClock()
    let start = clock.now
    let tasks = (0..<1_000).map { _ in Task { @MainActor in try await clerk.auth.getToken(options) } }
    var tokens: [String?] = []
    for task in tasks { tokens.append(try await task.value) }
    let elapsed = clock.now - start
    let requests = counting.count(pathSuffix: "/tokens/benchmark") - before
    let distinct = Set(tokens.compactMap { $0 }).count
    // Concurrent callers of one key share one request: any other count fails the run (exit status 1).
    guard requests == 1, tokens.count == 1_000, distinct == 1 else {
        throw BenchmarkFailure(
            description: "1,000 concurrent getToken() sent \(requests) requests (expected exactly 1) and got "
                + "\(distinct) distinct tokens and \(tokens.filter { $0 == nil }.count) nils")
    }
    var report = Report("1,000 concurrent getToken() on a cold cache", columns: ["requests sent", "all answered in"])
    report.add("\(requests)", elapsed.millisecondsText)
    report.print()
    try await measureCachedToken(clerk, options: options, sentBefore: requests + before, counting: counting)
}

/// `getToken()` answered from the cache (the token just fetched, far from its expiry): what an app pays per call.
@MainActor
@available(OS2023, *)
func measureCachedToken(_ clerk: Clerk, options: GetTokenOptions, sentBefore: Int, counting: CountingTransport)
    async throws
{
    let cached = try await sample(iterations: isQuickRun ? 200 : 20_000, warmup: 100) {
        _ = try await clerk.auth.getToken(options)
    }
    let sent = counting.count(pathSuffix: "/tokens/benchmark") - sentBefore
    guard sent == 0 else { throw BenchmarkFailure(description: "cached getToken() sent \(sent) requests") }
    var report = Report("getToken() from the cache (no request)", columns: ["", "p50", "p99"])
    report.add("ClerkKit", cached.p50.microsecondsText, cached.p99.microsecondsText)
    report.print()
}

@MainActor
@available(OS2023, *)
func measureColdStart(_ emulator: ClerkEmulator, iterations: Int) async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("clerk-bench-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let signedIn = try await signedInClerk(
        emulator, user: "user2+clerk_test@example.com", store: try FileSecureStore(directory: directory))
    let configuration = signedIn.configuration
    var hydrated = 0
    let cold = try await sample(iterations: iterations) {
        let clerk = Clerk(configuration: configuration, store: try FileSecureStore(directory: directory))
        clerk.hydrate()
        if clerk.session != nil { hydrated += 1 }
    }
    guard hydrated == iterations else { throw BenchmarkFailure(description: "hydration lost the session") }
    var report = Report(
        "Cold start: hydrate a signed-in client from the file store (no network)", columns: ["p50", "p99"])
    report.add(cold.p50.microsecondsText, cold.p99.microsecondsText)
    report.print()
}

/// Password sign-ins sent straight over HTTP, each from a new client (no device token): the emulator's own
/// capacity, without a client library in the way. Two load generators: `URLSession` with 4 workers (as before), and
/// kept-alive connections on threads of their own, a lean client that leaves the two cores to the emulator.
@available(OS2023, *)
func measureEmulatorSignIns(_ base: URL, count: Int) async throws {
    let body = "identifier=user3%2Bclerk_test%40example.com&password=\(password)"
    var report = Report(
        "Emulator: password sign-ins over HTTP, a new client each (the client runs in the same process)",
        columns: ["load generator", "sign-ins", "rate", "emulator CPU per sign-in", "rate that CPU allows"])
    if isWanted("URLSession sign-ins") {
        report.add(
            "URLSession, 4 workers", "\(count)", try await urlSessionSignIns(base, body: body, count: count), "", "")
    }
    guard isWanted("kept-alive sign-ins") else { return report.print() }
    let connections = 16
    let perConnection = max(count / connections, 1)
    let load = try await runKeepAliveLoad(
        port: base.port ?? 80,
        request: "POST /v1/client/sign_ins?_is_native=true HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            + "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)",
        connections: connections, perConnection: perConnection)
    guard load.succeeded == connections * perConnection else {
        throw BenchmarkFailure(description: "\(connections * perConnection - load.succeeded) sign-ins failed")
    }
    // The emulator's CPU: the whole process's, less the load generator's threads'.
    let emulatorCPU = load.clientCPU.map { (load.processCPU - $0) / load.succeeded }
    let cores = ProcessInfo.processInfo.activeProcessorCount
    report.add(
        "kept-alive connections on threads, \(connections) connections", "\(load.succeeded)",
        rateText(rate(load.succeeded, in: load.elapsed), unit: " sign-ins/s"),
        emulatorCPU?.microsecondsText ?? "n/a",
        emulatorCPU.map { rateText(Double(cores) / $0.seconds, unit: "/s on \(cores) cores") } ?? "n/a")
    report.print()
}

/// `count` sign-ins through `URLSession` by 4 concurrent workers; the rate, formatted.
@available(OS2023, *)
func urlSessionSignIns(_ base: URL, body: String, count: Int) async throws -> String {
    let workers = 4
    let session = URLSession(configuration: .ephemeral)
    var request = URLRequest(url: base.appendingPathComponent("v1/client/sign_ins"))
    request.url = URL(string: request.url?.absoluteString.appending("?_is_native=true") ?? "")
    request.httpMethod = "POST"
    request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
    request.httpBody = Data(body.utf8)
    let signIn = request
    let clock = ContinuousClock()
    let start = clock.now
    try await withThrowingTaskGroup(of: Int.self) { group in
        for _ in 0..<workers {
            group.addTask {
                var completed = 0
                for _ in 0..<(count / workers) {
                    let (_, response) = try await session.data(for: signIn)
                    if (response as? HTTPURLResponse)?.statusCode == 200 { completed += 1 }
                }
                return completed
            }
        }
        let completed = try await group.reduce(0, +)
        guard completed == count / workers * workers else {
            throw BenchmarkFailure(description: "\(count - completed) sign-ins failed")
        }
    }
    session.finishTasksAndInvalidate()
    return rateText(rate(count, in: clock.now - start), unit: " sign-ins/s")
}

@MainActor
@available(OS2023, *)
func runBenchmarks() async throws {
    printBuildBanner("clerk-benchmark")
    var logger = Logger(label: "clerk-benchmark")
    logger.logLevel = .critical
    let emulator = ClerkEmulator(configuration: .init(jwtTemplates: ["benchmark"]), logger: logger)
    for index in 0..<4 {
        _ = try await emulator.createUser(emailAddress: "user\(index)+clerk_test@example.com", password: password)
    }
    let base = try await emulator.start()
    do {
        if isWanted("pipeline") {
            try await measurePipeline(emulator, base: base, iterations: isQuickRun ? 100 : 2_000)
        }
        if isWanted("tokens") { try await measureTokenDeduplication(emulator) }
        if isWanted("cold start") { try await measureColdStart(emulator, iterations: isQuickRun ? 20 : 500) }
        if isWanted("URLSession sign-ins") || isWanted("kept-alive sign-ins") {
            try await measureEmulatorSignIns(base, count: isQuickRun ? 40 : 2_000)
        }
    } catch {
        await emulator.stop()
        throw error
    }
    await emulator.stop()
}

guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else {
    FileHandle.standardError.write(Data("clerk-benchmark needs macOS 14, iOS 17, tvOS 17 or watchOS 10\n".utf8))
    exit(1)
}
do {
    if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) { try await runBenchmarks() }
} catch {
    FileHandle.standardError.write(Data("clerk-benchmark: \(error)\n".utf8))
    exit(1)
}

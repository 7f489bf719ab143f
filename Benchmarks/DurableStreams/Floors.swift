import BenchmarkSupport
import DurableStreams
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What bounds two of the client's figures, measured in the same run: the JSON decoding alone, and a bare
/// `URLSession` POST with and without a kept-alive connection.
@available(OS2023, *)
struct URLSessionFloors {
    var keptAlive: LatencySummary
    var expectContinue: LatencySummary
    var freshConnection: LatencySummary
}

@available(OS2023, *)
enum Floors {
    /// The median time to decode the catch-up's 10,000 messages from memory with Foundation's `JSONDecoder` and
    /// with the client's decoder, and the document's size.
    static func decoding(quick: Bool) throws -> (foundation: Duration, client: Duration, bytes: Int) {
        let items = (0..<10_000).map { Item(id: $0, name: "user-\($0)", score: Double($0) * 0.5, active: $0 % 2 == 0) }
        let data = try JSONEncoder().encode(items)
        let rounds = quick ? 3 : 15
        func median(_ decode: () throws -> [Item]) throws -> Duration {
            let clock = ContinuousClock()
            var samples: [Duration] = []
            for _ in 0..<rounds {
                let start = clock.now
                let decoded = try decode()
                samples.append(clock.now - start)
                guard decoded.count == items.count else { throw BenchmarkFailure("decoded \(decoded.count) items") }
            }
            return LatencySummary(samples).p50
        }
        let foundation = try median { try JSONDecoder().decode([Item].self, from: data) }
        let client = try median { try FastJSONDecoding.decode([Item].self, from: data) }
        return (foundation, client, data.count)
    }

    /// 100 B POSTs to a new stream of `target` through a bare `URLSession`: on one kept-alive session (the official
    /// Swift client's way, which libcurl may resend), the same with `Expect: 100-continue` (the client transport's
    /// way on Linux: the body goes after `100 Continue`, so a resend never carries it twice), and each on a session
    /// of its own with `Connection: close` (the transport's way before).
    static func urlSessionAppends(
        target: BenchmarkTarget, quick: Bool
    ) async throws -> URLSessionFloors {
        let url = target.url("floor")
        _ = try await DurableStreamHandle.create(url: url, contentType: "application/octet-stream")
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.setValue("application/octet-stream", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(repeating: 42, count: 100)
        let iterations = quick ? 100 : 2000
        let warmup = quick ? 10 : 200
        let shared = URLSession(configuration: .ephemeral)
        defer { shared.finishTasksAndInvalidate() }
        let keptAlive = try await sample(iterations: iterations, warmup: warmup) {
            try await post(request, on: shared)
        }
        var expecting = request
        expecting.setValue("100-continue", forHTTPHeaderField: "Expect")
        let expectContinue = try await sample(iterations: iterations, warmup: warmup) {
            try await post(expecting, on: shared)
        }
        var closing = request
        closing.setValue("close", forHTTPHeaderField: "Connection")
        let freshConnection = try await sample(iterations: iterations, warmup: warmup) {
            let session = URLSession(configuration: .ephemeral)
            defer { session.finishTasksAndInvalidate() }
            try await post(closing, on: session)
        }
        return URLSessionFloors(
            keptAlive: keptAlive, expectContinue: expectContinue, freshConnection: freshConnection)
    }

    private static func post(_ request: URLRequest, on session: URLSession) async throws {
        let (_, response) = try await session.data(for: request)
        guard (response as? HTTPURLResponse)?.statusCode == 204 || (response as? HTTPURLResponse)?.statusCode == 200
        else { throw BenchmarkFailure("append answered \(response)") }
    }
}

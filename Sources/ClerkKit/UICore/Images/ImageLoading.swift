public import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Loads the bytes of a remote image (profile pictures, organization logos). The SwiftUI views decode them; an
/// app can supply its own loader (its image pipeline, a disk cache) through the views' environment.
public protocol ImageLoading: Sendable {
    /// The image's bytes at `url`.
    func imageData(for url: URL) async throws -> Data
}

/// The default loader: `URLSession` with an in-memory cache of the most recently used images.
public actor CachingImageLoader: ImageLoading {
    /// Fetches one URL's bytes.
    public typealias Fetch = @Sendable (URL) async throws -> Data

    private let fetch: Fetch
    private let capacity: Int
    private var cache: [URL: Data] = [:]
    private var order: [URL] = []
    private var inFlight: [URL: Task<Data, any Error>] = [:]

    /// A loader that keeps at most `capacity` images, fetching with `fetch` (by default `URLSession.shared`,
    /// failing on a status other than 2xx).
    public init(capacity: Int = 64, fetch: Fetch? = nil) {
        self.capacity = max(1, capacity)
        self.fetch =
            fetch ?? { url in
                let (data, response) = try await URLSession.shared.data(from: url)
                if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
                    throw URLError(.badServerResponse)
                }
                return data
            }
    }

    /// A loader shared by the views that are given none.
    public static let shared = CachingImageLoader()

    /// The cached bytes, else one fetch shared by every caller asking for the same URL at once.
    public func imageData(for url: URL) async throws -> Data {
        if let data = cache[url] {
            order.removeAll { $0 == url }
            order.append(url)
            return data
        }
        if let task = inFlight[url] { return try await task.value }
        let fetch = fetch
        let task = Task { try await fetch(url) }
        inFlight[url] = task
        defer { inFlight[url] = nil }
        let data = try await task.value
        store(data, for: url)
        return data
    }

    /// How many images are cached.
    public var count: Int { cache.count }

    private func store(_ data: Data, for url: URL) {
        cache[url] = data
        order.removeAll { $0 == url }
        order.append(url)
        while order.count > capacity { cache[order.removeFirst()] = nil }
    }
}

/// How long shared caches and clients may keep the answer to a read (`Cache-Control`).
///
/// The bytes of a stream never change at a position, so a range that ends below the tail (or at the end of a closed
/// stream) is immutable for as long as the stream lives; a range that reaches the tail of an open stream answers
/// differently after the next append.
enum ReadCaching: Sendable, Equatable, CaseIterable {
    /// A range that will always be answered alike: kept for a year, never revalidated.
    case immutable
    /// A range that reaches the tail of an open stream: a cache may keep it, but asks the server (`If-None-Match`)
    /// before each reuse.
    case revalidate
    /// The protocol's default for reads (`max-age=60, stale-while-revalidate=300`): a read from the beginning
    /// sentinel (where the stream starts may move with retention) and a long-poll answer (kept per cursor so that
    /// caches collapse waiting readers).
    case shortLived
    /// Nobody may keep it: an empty answer at the tail of an open stream.
    case noStore

    /// What a read's answer is, from what was asked and what was read.
    /// - Parameters:
    ///   - explicitStart: the read started at an offset the server returned, not at the `-1` sentinel.
    ///   - isLive: the answer to a long-poll.
    ///   - hasData: the answer carries data.
    ///   - reachedTail: the range ends at the stream's tail.
    ///   - isClosed: the stream is closed.
    static func of(explicitStart: Bool, isLive: Bool, hasData: Bool, reachedTail: Bool, isClosed: Bool) -> ReadCaching {
        let reachedEnd = reachedTail && isClosed
        if !hasData && !reachedEnd { return .noStore }
        if isLive { return .shortLived }
        if reachedTail && !isClosed { return .revalidate }
        return explicitStart ? .immutable : .shortLived
    }
}

/// The `Cache-Control` values of reads for one ``DurableStreamsServer/CacheVisibility``.
struct ReadCacheControl: Sendable, Equatable {
    let immutable: String
    let revalidate: String
    let shortLived: String

    init(visibility: String?) {
        guard let visibility else {
            (immutable, revalidate, shortLived) = ("no-store", "no-store", "no-store")
            return
        }
        immutable = "\(visibility), max-age=31536000, immutable"
        revalidate = "\(visibility), no-cache"
        shortLived = "\(visibility), max-age=60, stale-while-revalidate=300"
    }

    func value(for caching: ReadCaching) -> String {
        switch caching {
        case .immutable: immutable
        case .revalidate: revalidate
        case .shortLived: shortLived
        case .noStore: "no-store"
        }
    }
}

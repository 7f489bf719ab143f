import DurableStreamsStorage

/// Everything the server keeps about one subscription, as a value: what it was created with, its stream links and
/// cursors, and the current wake. ``SubscriptionMachine`` changes it; the manager persists it after each change.
@available(OS2023, *)
struct SubscriptionState: Sendable, Codable, Equatable {
    /// One linked stream.
    struct Link: Sendable, Codable, Equatable {
        /// Linked by `streams[]` or the membership API.
        var explicit: Bool
        /// Linked because `pattern` matches it.
        var glob: Bool
        /// The last processed offset, inclusive.
        var acked: StreamOffset
        /// The stream's tail as last seen.
        var tail: StreamOffset

        var hasPending: Bool { tail > acked }
        var linkType: String { explicit ? "explicit" : "glob" }
    }

    /// The wake in flight: issued, and for pull-wake possibly claimed.
    struct Wake: Sendable, Codable, Equatable {
        var id: String
        /// The tails when the wake was issued (what a webhook's `done` acknowledges).
        var snapshot: [String: StreamOffset]
        /// The worker holding the lease (pull-wake), once claimed.
        var holder: String?
        /// When the lease ends, in milliseconds since 1970; `nil` while unclaimed.
        var leaseDeadline: Int64?
    }

    let id: String
    let configuration: SubscriptionConfiguration
    let configurationHash: String
    /// RFC 3339, milliseconds.
    let createdAt: String
    var links: [String: Link] = [:]
    var generation = 0
    var wake: Wake?
    /// Webhook delivery trouble: failed attempts in a row and when the next one is due (ms since 1970); `nil`
    /// while deliveries succeed.
    var retry: Retry?
    /// The absolute URL of the stream root as clients reach it, for callback and JWKS URLs.
    var publicRoot: String?

    struct Retry: Sendable, Codable, Equatable {
        var failures: Int
        var nextAttemptAt: Int64
    }

    init(id: String, configuration: SubscriptionConfiguration, createdAt: String) {
        self.id = id
        self.configuration = configuration
        self.configurationHash = configuration.hash
        self.createdAt = createdAt
    }

    var hasPendingWork: Bool { links.values.contains(where: \.hasPending) }

    /// The instants a state may hold, in milliseconds since 1970 (up to the year 9999).
    static let instantRange: ClosedRange<Int64> = 0...253_402_300_799_999

    /// Whether a decoded state keeps to the limits the operations rely on: a document damaged or edited outside
    /// the server may not, and is then left aside rather than risking arithmetic that cannot hold.
    var isWithinLimits: Bool {
        let instants = [wake?.leaseDeadline, retry?.nextAttemptAt].compactMap { $0 }
        return SubscriptionConfiguration.leaseRange.contains(configuration.leaseMilliseconds)
            && (0...(1 << 52)).contains(generation)
            && (retry.map { (1...Int(Int32.max)).contains($0.failures) } ?? true)
            && instants.allSatisfy(Self.instantRange.contains)
    }

    /// The first linked stream with pending work, by path.
    var firstPending: String? { links.filter { $0.value.hasPending }.keys.min() }
}

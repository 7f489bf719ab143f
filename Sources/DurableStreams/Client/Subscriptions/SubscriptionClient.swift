public import Foundation

/// The subscription APIs of a Durable Streams server (protocol §6–7), under a stream root.
///
/// ```swift
/// let subscriptions = try SubscriptionClient(root: URL(string: "https://streams.example/v1/stream")!)
/// try await subscriptions.create("orders", .pullWake(wakeStream: "wake/orders", pattern: "orders/*"))
/// ```
///
/// Control requests (create, read, delete, membership) are retried like reads; claims, acks and releases are sent
/// once, since a retried ack could be fenced after the first one took effect.
@available(OS2022, *)
public struct SubscriptionClient: Sendable {
    /// The stream root, e.g. `https://streams.example/v1/stream`.
    public let root: URL
    /// The HTTP settings.
    public let configuration: HTTPConfiguration

    /// A client for the subscriptions under `root`.
    ///
    /// - Throws: ``DurableStreamError/invalidArgument`` for a root that is not an http(s) URL or an invalid
    ///   configuration.
    public init(root: URL, configuration: HTTPConfiguration = .default) throws(DurableStreamError) {
        try HTTPSyntax.checkStreamURL(root)
        try configuration.validate()
        self.root = root
        self.configuration = configuration
    }

    /// The URL of a stream-root-relative path, each segment percent-encoded.
    func url(_ path: [String]) -> URL {
        var text = root.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        let encoded = path.map { StreamClient.percentEncode($0) }.joined(separator: "/")
        return URL(string: text + "/" + encoded) ?? root
    }

    /// The URL of a stream (`orders/1`), its slashes kept.
    public func streamURL(_ path: String) -> URL {
        url(path.split(separator: "/").map(String.init))
    }

    private func control(_ id: String, _ rest: String...) -> URL {
        url(["__ds", "subscriptions", id] + rest)
    }

    // MARK: Control

    /// Creates a subscription, or re-confirms one with the same configuration.
    ///
    /// - Throws: ``DurableStreamError/conflict`` if the id exists with another configuration,
    ///   ``DurableStreamError/badRequest`` for a configuration the server refuses, and
    ///   ``DurableStreamError/invalidArgument`` before any request for an invalid `spec`.
    @discardableResult
    public func create(_ id: String, _ spec: SubscriptionSpec) async throws(DurableStreamError) -> Subscription {
        try spec.validate()
        let body = SubscriptionWire.body(spec)
        let (status, data) = try await send(.put, control(id), body: body, retry: true)
        return try SubscriptionWire.subscription(data, created: status == 201)
    }

    /// Reads a subscription.
    ///
    /// - Throws: ``DurableStreamError/notFound`` if there is none.
    public func get(_ id: String) async throws(DurableStreamError) -> Subscription {
        let (_, data) = try await send(.get, control(id), retry: true)
        return try SubscriptionWire.subscription(data, created: false)
    }

    /// Deletes a subscription (deleting a missing one succeeds).
    public func delete(_ id: String) async throws(DurableStreamError) {
        _ = try await send(.delete, control(id), retry: true)
    }

    /// Links streams explicitly, at their current tails.
    public func addStreams(_ paths: [String], to id: String) async throws(DurableStreamError) {
        guard !paths.isEmpty, !paths.contains(where: \.isEmpty) else {
            throw .invalidArgument(message: "addStreams needs non-empty paths")
        }
        let body = SubscriptionWire.encode(["streams": paths])
        _ = try await send(.post, control(id, "streams"), body: body, retry: true)
    }

    /// Removes a stream's explicit link (a pattern that matches it keeps it linked).
    public func removeStream(_ path: String, from id: String) async throws(DurableStreamError) {
        _ = try await send(.delete, control(id, "streams", path), retry: true)
    }

    // MARK: Pull wakes

    /// Claims the subscription's pending work for `worker`.
    ///
    /// - Throws: ``DurableStreamError/alreadyClaimed`` while another worker holds the lease (its name in
    ///   ``DurableStreamError/Context/holder``), ``DurableStreamError/noPendingWork`` when there is nothing to do.
    public func claim(_ id: String, worker: String) async throws(DurableStreamError) -> ClaimedWake {
        let body = SubscriptionWire.encode(["worker": worker])
        let (_, data) = try await send(.post, control(id, "claim"), body: body, retry: false)
        return try SubscriptionWire.claim(data, subscription: id)
    }

    /// Acknowledges offsets (each the last one processed) and, without `done`, extends the lease.
    ///
    /// - Returns: With `done`, whether the server issued the next wake because work is still pending.
    /// - Throws: ``DurableStreamError/fenced`` once the wake has moved on (its lease ran out or it was released);
    ///   nothing is applied then.
    @discardableResult
    public func ack(_ wake: ClaimedWake, _ offsets: [String: Offset] = [:], done: Bool = false)
        async throws(DurableStreamError) -> Bool
    {
        let body = SubscriptionWire.report(wake, offsets: offsets, done: done)
        let (_, data) = try await send(
            .post, control(wake.subscriptionId, "ack"), body: body, token: wake.token, retry: false)
        return SubscriptionWire.nextWake(data)
    }

    /// Gives the wake back without acknowledging; pending work is offered again.
    public func release(_ wake: ClaimedWake) async throws(DurableStreamError) {
        let body = SubscriptionWire.report(wake, offsets: [:], done: nil)
        _ = try await send(.post, control(wake.subscriptionId, "release"), body: body, token: wake.token, retry: false)
    }

    // MARK: Sending

    /// Sends one request to `url` with this client's settings; the status and body of a 2xx answer.
    package func send(
        _ method: StreamHTTPRequest.Method, _ url: URL, body: Data? = nil, token: String? = nil, retry: Bool
    ) async throws(DurableStreamError) -> (Int, Data) {
        let client = try StreamClient(url: url, http: configuration)
        var fields: [String: String] = [:]
        if body != nil { fields["Content-Type"] = "application/json" }
        if let token { fields["Authorization"] = "Bearer \(token)" }
        let headers = fields
        let timeout = configuration.timeout
        let response = try await client.send(
            policy: retry ? configuration.readRetryPolicy : .none,
            context: RequestContext(operation: .subscription, url: url, method: method)
        ) { () throws(DurableStreamError) in
            try await client.makeRequest(method, headers: headers, body: body, timeout: timeout)
        }
        let data = try await response.body.collect(upTo: configuration.maxResponseBytes)
        return (response.status, data)
    }
}

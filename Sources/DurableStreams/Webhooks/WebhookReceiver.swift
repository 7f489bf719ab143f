import Crypto
public import DurableStreams
public import Foundation

/// Receives webhook wakes from a Durable Streams server: checks each request's `Webhook-Signature` against the
/// server's published keys (JWKS), within a time window and without replays, then decodes the wake.
///
/// ```swift
/// let receiver = WebhookReceiver(jwksURL: URL(string: "https://streams.example/v1/stream/__ds/jwks.json")!)
/// // In the HTTP handler of the webhook URL:
/// let wake = try await receiver.receive(body: body, signature: request.headers["Webhook-Signature"])
/// // …process wake.pending, then answer {"done": true} or call back later.
/// ```
///
/// Keys are fetched on first use and again (at most once a minute) when a signature names a key not seen yet, so a
/// server's key rotation needs nothing here.
@available(OS2022, *)
public actor WebhookReceiver {
    /// How far a signature's timestamp may be from this machine's clock, either way.
    public let tolerance: Duration
    private let jwksURL: URL?
    private let client: SubscriptionClient?
    private var keys: [String: Curve25519.Signing.PublicKey]
    private var lastFetch: ContinuousClock.Instant?
    /// Signatures accepted within the window, by the time they expire (seconds since 1970).
    private var seen: [Data: Int64] = [:]

    /// A receiver that fetches the server's keys from `jwksURL` (the subscription's `webhook.signing.jwks_url`).
    public init(jwksURL: URL, configuration: HTTPConfiguration = .default, tolerance: Duration = .seconds(300)) {
        self.jwksURL = jwksURL
        self.client = try? SubscriptionClient(root: jwksURL, configuration: configuration)
        self.tolerance = tolerance
        self.keys = [:]
    }

    /// A receiver with a fixed JWK Set (the body of the server's JWKS endpoint).
    ///
    /// - Throws: ``DurableStreamError/decodingFailed`` when `jwks` holds no Ed25519 key.
    public init(jwks: Data, tolerance: Duration = .seconds(300)) throws(DurableStreamError) {
        self.jwksURL = nil
        self.client = nil
        self.tolerance = tolerance
        self.keys = try Self.parse(jwks)
    }

    /// Checks a webhook request and returns its wake.
    ///
    /// - Parameters:
    ///   - body: The raw request body, exactly as received.
    ///   - signature: The `Webhook-Signature` header.
    ///   - now: The current time.
    /// - Throws: ``DurableStreamError/invalidSignature`` for a missing, malformed, stale, future, replayed or
    ///   unverifiable signature; ``DurableStreamError/decodingFailed`` for a genuine body that is not a wake.
    public func receive(body: Data, signature: String?, now: Date = Date()) async throws(DurableStreamError)
        -> WebhookWake
    {
        guard let signature, let parsed = WebhookSignature(signature) else {
            throw DurableStreamError(.invalidSignature, "Webhook-Signature is missing or malformed")
        }
        let clock = Int64(now.timeIntervalSince1970.rounded(.down))
        let window = tolerance.components.seconds
        guard abs(clock - parsed.timestamp) <= window else {
            throw DurableStreamError(.invalidSignature, "Webhook-Signature timestamp is outside the accepted window")
        }
        if keys[parsed.kid] == nil { try await refresh() }
        guard let key = keys[parsed.kid] else {
            throw DurableStreamError(.invalidSignature, "Webhook-Signature names an unknown key \(parsed.kid)")
        }
        let signed = Data("\(parsed.timestamp).".utf8) + body
        guard key.isValidSignature(parsed.signature, for: signed) else {
            throw DurableStreamError(.invalidSignature, "Webhook-Signature does not verify")
        }
        seen = seen.filter { $0.value >= clock }
        guard seen[parsed.signature] == nil else {
            throw DurableStreamError(.invalidSignature, "Webhook-Signature was already received (replay)")
        }
        seen[parsed.signature] = parsed.timestamp + window
        return try WebhookWake(body: body)
    }

    private func refresh() async throws(DurableStreamError) {
        guard let jwksURL, let client else { return }
        let now = ContinuousClock.now
        if let lastFetch, now - lastFetch < .seconds(60) { return }
        lastFetch = now
        let (_, data) = try await client.send(.get, jwksURL, retry: true)
        keys.merge(try Self.parse(data)) { _, new in new }
    }

    private struct KeySet: Decodable {
        var keys: [Key]

        struct Key: Decodable {
            var kty: String?
            var crv: String?
            var kid: String?
            var x: String?
        }
    }

    private static func parse(_ data: Data) throws(DurableStreamError) -> [String: Curve25519.Signing.PublicKey] {
        guard let set = try? JSONDecoder().decode(KeySet.self, from: data) else {
            throw DurableStreamError(.decodingFailed, "not a JWK Set")
        }
        var keys: [String: Curve25519.Signing.PublicKey] = [:]
        for key in set.keys where key.kty == "OKP" && key.crv == "Ed25519" {
            guard let kid = key.kid, let x = key.x.flatMap(WebhookSignature.base64URL),
                let publicKey = try? Curve25519.Signing.PublicKey(rawRepresentation: x)
            else { continue }
            keys[kid] = publicKey
        }
        guard !keys.isEmpty else { throw DurableStreamError(.decodingFailed, "the JWK Set holds no Ed25519 key") }
        return keys
    }
}

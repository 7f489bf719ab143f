import Foundation

/// The protocol's subscription JSON, both ways.
@available(OS2022, *)
enum SubscriptionWire {
    private struct Link: Decodable {
        var path: String
        var linkType: String
        var ackedOffset: String
        var tailOffset: String?
        var hasPending: Bool?
    }

    private struct Described: Decodable {
        var id: String
        var type: String
        var pattern: String?
        var streams: [Link]
        var wakeStream: String?
        var webhook: Webhook?
        var leaseTtlMs: Int
        var createdAt: String
        var status: String
        var description: String?

        struct Webhook: Decodable {
            var url: String
        }
    }

    private struct Claim: Decodable {
        var wakeId: String
        var generation: Int
        var token: String
        var streams: [Link]
        var leaseTtlMs: Int
    }

    private struct Wake: Decodable {
        var subscriptionId: String
        var wakeId: String
        var generation: Int
        var streams: [Link]
        var callbackUrl: String
        var callbackToken: String
    }

    static func webhookWake(_ data: Data) throws(DurableStreamError) -> WebhookWake {
        guard let value = try? decoder.decode(Wake.self, from: data), let url = URL(string: value.callbackUrl),
            let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https"
        else { throw DurableStreamError(.decodingFailed, "not a webhook wake") }
        return WebhookWake(
            subscriptionId: value.subscriptionId, wakeId: value.wakeId, generation: value.generation,
            streams: streams(value.streams), callbackURL: url, callbackToken: value.callbackToken)
    }

    private struct AckResult: Decodable {
        var nextWake: Bool?
    }

    private static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return decoder
    }

    private static func decode<T: Decodable>(_ type: T.Type, _ data: Data) throws(DurableStreamError) -> T {
        do {
            return try decoder.decode(type, from: data)
        } catch {
            throw .invalidResponse(message: "unexpected subscription response: \(error)")
        }
    }

    private static func streams(_ links: [Link]) -> [SubscriptionStream] {
        links.map {
            SubscriptionStream(
                path: $0.path, linkType: $0.linkType, ackedOffset: Offset(rawValue: $0.ackedOffset),
                tailOffset: $0.tailOffset.map(Offset.init(rawValue:)), hasPending: $0.hasPending)
        }
    }

    static func subscription(_ data: Data, created: Bool) throws(DurableStreamError) -> Subscription {
        let value = try decode(Described.self, data)
        return Subscription(
            id: value.id, type: value.type, pattern: value.pattern, streams: streams(value.streams),
            wakeStream: value.wakeStream, webhookURL: value.webhook?.url, leaseTTL: .milliseconds(value.leaseTtlMs),
            createdAt: value.createdAt, status: value.status, description: value.description, wasCreated: created)
    }

    static func claim(_ data: Data, subscription: String) throws(DurableStreamError) -> ClaimedWake {
        let value = try decode(Claim.self, data)
        return ClaimedWake(
            subscriptionId: subscription, wakeId: value.wakeId, generation: value.generation, token: value.token,
            streams: streams(value.streams), leaseTTL: .milliseconds(value.leaseTtlMs))
    }

    static func nextWake(_ data: Data) -> Bool {
        ((try? decoder.decode(AckResult.self, from: data))?.nextWake) ?? false
    }

    static func body(_ spec: SubscriptionSpec) -> Data {
        var body: [String: Any] = [
            "lease_ttl_ms": Int(spec.leaseTTL.components.seconds * 1000)
                + Int(spec.leaseTTL.components.attoseconds / 1_000_000_000_000_000)
        ]
        switch spec.delivery {
        case .pullWake(let wakeStream):
            body["type"] = "pull-wake"
            body["wake_stream"] = wakeStream
        case .webhook(let url):
            body["type"] = "webhook"
            body["webhook"] = ["url": url.absoluteString]
        }
        if let pattern = spec.pattern { body["pattern"] = pattern }
        if !spec.streams.isEmpty { body["streams"] = spec.streams }
        if let description = spec.description { body["description"] = description }
        return encode(body)
    }

    static func report(_ wake: ClaimedWake, offsets: [String: Offset], done: Bool?) -> Data {
        var body: [String: Any] = ["wake_id": wake.wakeId, "generation": wake.generation]
        if !offsets.isEmpty {
            body["acks"] = offsets.sorted { $0.key < $1.key }.map { ["stream": $0.key, "offset": $0.value.rawValue] }
        }
        if let done { body["done"] = done }
        return encode(body)
    }

    static func encode(_ object: [String: Any]) -> Data {
        (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
    }
}

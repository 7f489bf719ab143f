import DurableStreamsStorage
import Foundation

/// The protocol's JSON for subscriptions: what the server sends, and the ack, release and membership bodies it
/// reads.
@available(OS2023, *)
enum SubscriptionJSON {
    struct StreamLink: Encodable {
        var path: String
        var linkType: String
        var ackedOffset: String
        var tailOffset: String?
        var hasPending: Bool?
    }

    struct Subscription: Encodable {
        var id: String
        var subscriptionId: String
        var type: String
        var pattern: String?
        var streams: [StreamLink]
        var webhook: Webhook?
        var wakeStream: String?
        var leaseTtlMs: Int
        var createdAt: String
        var status: String
        var description: String?

        struct Webhook: Encodable {
            var url: String
            var signing: Signing?
        }

        struct Signing: Encodable {
            var alg = "ed25519"
            var kid: String
            var jwksUrl: String
        }
    }

    struct Webhook: Encodable {
        var subscriptionId: String
        var wakeId: String
        var generation: Int
        var streams: [StreamLink]
        var callbackUrl: String
        var callbackToken: String
    }

    struct Claim: Encodable {
        var wakeId: String
        var generation: Int
        var token: String
        var streams: [StreamLink]
        var leaseTtlMs: Int
    }

    struct AckResult: Encodable {
        var ok = true
        var nextWake: Bool
    }

    struct Failure: Encodable {
        var error: Detail

        struct Detail: Encodable {
            var code: String
            var message: String
            var currentHolder: String?
            var generation: Int?
        }
    }

    /// A subscription as `GET` and `PUT` return it.
    static func subscription(_ state: SubscriptionState, kid: String? = nil) -> Subscription {
        let configuration = state.configuration
        let signing = kid.map { Subscription.Signing(kid: $0, jwksUrl: "\(state.publicRoot ?? "")/__ds/jwks.json") }
        return Subscription(
            id: state.id, subscriptionId: state.id, type: configuration.kind.rawValue, pattern: configuration.pattern,
            streams: links(state, withTails: false),
            webhook: configuration.webhookURL.map { Subscription.Webhook(url: $0, signing: signing) },
            wakeStream: configuration.wakeStream, leaseTtlMs: configuration.leaseMilliseconds,
            createdAt: state.createdAt, status: state.retry == nil ? "active" : "failed",
            description: configuration.description)
    }

    /// The stream links, by path.
    static func links(_ state: SubscriptionState, withTails: Bool) -> [StreamLink] {
        state.links.sorted { $0.key < $1.key }.map { path, link in
            StreamLink(
                path: path, linkType: link.linkType, ackedOffset: link.acked.token,
                tailOffset: withTails ? link.tail.token : nil, hasPending: withTails ? link.hasPending : nil)
        }
    }

    static func failure(_ failure: SubscriptionFailure) -> Failure {
        Failure(
            error: .init(
                code: failure.code.rawValue, message: failure.message, currentHolder: failure.holder,
                generation: failure.generation))
    }

    static func encode(_ value: some Encodable) -> [UInt8] {
        if let writable = value as? any JSONTextWritable {
            var json = JSONText(capacity: 1_024)
            writable.write(to: &json)
            return json.bytes
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.keyEncodingStrategy = .convertToSnakeCase
        return (try? encoder.encode(value)).map(Array.init) ?? Array("{}".utf8)
    }

    // MARK: Requests

    /// The protocol's snake-case keys, for the camel-case properties.
    static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return decoder
    }

    private struct ReportBody: Decodable {
        var wakeId: String?
        var generation: Int?
        var acks: [AckBody]?
        var done: Bool?

        struct AckBody: Decodable {
            var stream: String?
            var path: String?
            var offset: String
        }
    }

    /// An ack, callback or release body.
    static func report(_ bytes: [UInt8]) throws(SubscriptionFailure) -> WakeReport {
        let body: ReportBody
        do {
            body = try decoder.decode(ReportBody.self, from: Data(bytes.isEmpty ? Array("{}".utf8) : bytes))
        } catch {
            throw SubscriptionFailure(.invalidRequest, "Invalid JSON body")
        }
        return WakeReport(
            wakeId: body.wakeId, generation: body.generation,
            acks: (body.acks ?? []).map { WakeReport.Ack(stream: $0.stream ?? $0.path ?? "", offset: $0.offset) },
            done: body.done ?? false)
    }

    private struct StreamsBody: Decodable {
        var streams: [String]
    }

    /// The body of `POST …/streams`: a non-empty list of non-empty paths.
    static func streams(_ bytes: [UInt8]) throws(SubscriptionFailure) -> [String] {
        guard let body = try? decoder.decode(StreamsBody.self, from: Data(bytes)), !body.streams.isEmpty,
            body.streams.count <= SubscriptionConfiguration.maximumStreams,
            body.streams.allSatisfy({ !SubscriptionConfiguration.normalize($0).isEmpty })
        else {
            throw SubscriptionFailure(.invalidRequest, "streams must be a non-empty string array")
        }
        return body.streams.map(SubscriptionConfiguration.normalize)
    }

    private struct ClaimBody: Decodable {
        var worker: String
    }

    /// The worker named by a claim.
    static func worker(_ bytes: [UInt8]) throws(SubscriptionFailure) -> String {
        guard let body = try? decoder.decode(ClaimBody.self, from: Data(bytes)), !body.worker.isEmpty else {
            throw SubscriptionFailure(.invalidRequest, "worker must be a non-empty string")
        }
        return body.worker
    }
}

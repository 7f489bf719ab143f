import CourierPrimitives
import Crypto
import Foundation

/// What a subscription is created with: the body of `PUT {root}/__ds/subscriptions/:id`, checked and normalised.
///
/// Two configurations are the same subscription when their normalised forms hash alike (``hash``): type, pattern,
/// the sorted set of explicit streams, the webhook URL, the wake stream, the lease and the description.
@available(OS2023, *)
struct SubscriptionConfiguration: Sendable, Hashable, Codable {
    enum Kind: String, Sendable, Codable {
        case webhook
        case pullWake = "pull-wake"
    }

    static let defaultLease = 30_000
    static let leaseRange = 1_000...600_000
    /// The most explicit streams one request may name.
    static let maximumStreams = 10_000

    var kind: Kind
    var pattern: String?
    /// Explicit stream-root-relative paths, unique and sorted.
    var streams: [String]
    var webhookURL: String?
    var wakeStream: String?
    var leaseMilliseconds: Int
    var description: String?

    /// The SHA-256 of the normalised configuration, hex.
    var hash: String {
        let canonical = [
            kind.rawValue, pattern ?? "\u{0}", streams.joined(separator: "\u{1}"), webhookURL ?? "\u{0}",
            wakeStream ?? "\u{0}", String(leaseMilliseconds), description ?? "\u{0}",
        ].joined(separator: "\u{2}")
        return Self.sha256(canonical)
    }

    /// The SHA-256 of `text`'s UTF-8, as lower-case hex.
    static func sha256(_ text: String) -> String {
        SHA256.hash(data: Data(text.utf8)).map { byte in
            let digits = String(byte, radix: 16)
            return byte < 16 ? "0" + digits : digits
        }.joined()
    }

    /// The wire form of a create request; unknown fields are ignored.
    private struct Body: Decodable {
        var type: String?
        var pattern: String?
        var streams: [String]?
        var webhook: Webhook?
        var wakeStream: String?
        var leaseTtlMs: Int?
        var description: String?

        struct Webhook: Decodable {
            var url: String?
        }
    }

    /// Parses and checks a create request body.
    ///
    /// - Throws: ``SubscriptionFailure`` with ``SubscriptionFailure/Code/invalidRequest`` naming the problem.
    static func parse(_ bytes: [UInt8]) throws(SubscriptionFailure) -> SubscriptionConfiguration {
        let body: Body
        do {
            body = try SubscriptionJSON.decoder.decode(Body.self, from: Data(bytes))
        } catch {
            throw SubscriptionFailure(.invalidRequest, "Request body must be a JSON object: \(describe(error))")
        }
        guard let type = body.type, let kind = Kind(rawValue: type) else {
            throw SubscriptionFailure(.invalidRequest, "type must be \"webhook\" or \"pull-wake\"")
        }
        let pattern = body.pattern.map(normalize).flatMap { $0.isEmpty ? nil : $0 }
        let rawStreams = body.streams ?? []
        guard rawStreams.count <= maximumStreams else {
            throw SubscriptionFailure(.invalidRequest, "streams may name at most \(maximumStreams) streams")
        }
        guard !rawStreams.contains(where: { normalize($0).isEmpty }) else {
            throw SubscriptionFailure(.invalidRequest, "streams must contain only non-empty paths")
        }
        let streams = Array(Set(rawStreams.map(normalize))).sorted()
        guard pattern != nil || !streams.isEmpty else {
            throw SubscriptionFailure(.invalidRequest, "At least one of pattern or streams is required")
        }
        let lease = body.leaseTtlMs ?? defaultLease
        guard leaseRange.contains(lease) else {
            throw SubscriptionFailure(.invalidRequest, "lease_ttl_ms must be an integer from 1000 to 600000")
        }
        var webhookURL: String?
        if kind == .webhook {
            guard let url = body.webhook?.url, !url.isEmpty else {
                throw SubscriptionFailure(.invalidRequest, "webhook subscriptions require webhook.url")
            }
            webhookURL = url
        }
        let wakeStream = body.wakeStream.map(normalize).flatMap { $0.isEmpty ? nil : $0 }
        if kind == .pullWake, wakeStream == nil {
            throw SubscriptionFailure(.invalidRequest, "pull-wake subscriptions require wake_stream")
        }
        return SubscriptionConfiguration(
            kind: kind, pattern: pattern, streams: streams, webhookURL: webhookURL,
            wakeStream: kind == .pullWake ? wakeStream : nil, leaseMilliseconds: lease,
            description: body.description)
    }

    /// A stream-root-relative path without leading or trailing slashes.
    static func normalize(_ path: String) -> String {
        var text = Substring(path)
        while text.hasPrefix("/") { text = text.dropFirst() }
        while text.hasSuffix("/") { text = text.dropLast() }
        return String(text)
    }

    private static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            let field = context.codingPath.map(\.stringValue).joined(separator: ".")
            return field.isEmpty ? "not an object" : "\(field) has the wrong type"
        case DecodingError.dataCorrupted:
            return "invalid JSON"
        default:
            return "invalid JSON"
        }
    }
}

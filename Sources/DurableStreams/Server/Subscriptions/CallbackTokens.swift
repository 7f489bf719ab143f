import Crypto
import Foundation

/// Bearer tokens for a wake's callbacks, acks and releases: `<generation>.<wake id>.<HMAC-SHA256>` over the
/// subscription, generation and wake, keyed by the server's secret. A token is checked without being stored, so a
/// token of an earlier wake is recognised as genuine but stale (`FENCED`), and anything else is `TOKEN_INVALID`.
@available(OS2023, *)
struct CallbackTokens: Sendable {
    private let key: SymmetricKey

    /// Tokens keyed by `secret` (at least 32 bytes; the subscription store keeps it).
    init(secret: [UInt8]) {
        key = SymmetricKey(data: secret)
    }

    /// A fresh random secret.
    static func newSecret() -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }

    /// The token of a wake.
    func token(subscription: String, generation: Int, wakeId: String) -> String {
        "\(generation).\(wakeId).\(mac(subscription: subscription, generation: generation, wakeId: wakeId))"
    }

    /// The generation and wake a genuine token was issued for, or `nil` for a forged or malformed one.
    func verify(_ token: String, subscription: String) -> (generation: Int, wakeId: String)? {
        let parts = token.split(separator: ".", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, let generation = Int(parts[0]), generation > 0 else { return nil }
        let wakeId = String(parts[1])
        let expected = Array(mac(subscription: subscription, generation: generation, wakeId: wakeId).utf8)
        let given = Array(parts[2].utf8)
        guard expected.count == given.count else { return nil }
        var difference: UInt8 = 0
        for index in expected.indices { difference |= expected[index] ^ given[index] }
        return difference == 0 ? (generation, wakeId) : nil
    }

    private func mac(subscription: String, generation: Int, wakeId: String) -> String {
        let message = Data("subscription:\(subscription)\u{0}\(generation)\u{0}\(wakeId)".utf8)
        return WebhookSigner.base64URL(Data(HMAC<SHA256>.authenticationCode(for: message, using: key)))
    }
}

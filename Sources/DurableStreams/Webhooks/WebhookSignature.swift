public import Foundation

/// A parsed `Webhook-Signature` header: `t=<unix seconds>,kid=<key id>,ed25519=<base64url signature>`.
@available(OS2022, *)
public struct WebhookSignature: Sendable, Hashable {
    /// When the server signed, in seconds since 1970.
    public var timestamp: Int64
    /// The signing key's id in the server's JWKS.
    public var kid: String
    /// The Ed25519 signature over `<timestamp>.<raw body>`.
    public var signature: Data

    /// Parses a header value; `nil` when a part is missing, repeated or malformed.
    public init?(_ header: String) {
        var fields: [String: String] = [:]
        for part in header.split(separator: ",") {
            let pair = part.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard pair.count == 2, fields[pair[0]] == nil else { return nil }
            fields[pair[0]] = pair[1]
        }
        guard let t = fields["t"], t.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
            let timestamp = Int64(t), let kid = fields["kid"], !kid.isEmpty, let encoded = fields["ed25519"],
            let signature = Self.base64URL(encoded), signature.count == 64
        else { return nil }
        self.timestamp = timestamp
        self.kid = kid
        self.signature = signature
    }

    /// Decodes unpadded base64url.
    static func base64URL(_ text: String) -> Data? {
        guard text.utf8.allSatisfy({ $0 != UInt8(ascii: "+") && $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "=") })
        else { return nil }
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        return Data(base64Encoded: base64)
    }
}

import Crypto

/// RFC 6238 time-based one-time passwords as authenticator apps compute them: HMAC-SHA1, 30-second steps,
/// 6 digits.
@available(OS2023, *)
enum TOTP {
    static let step: Int64 = 30
    static let digits = 6

    /// The code for the step containing `milliseconds`.
    static func code(secret: [UInt8], at milliseconds: Int64) -> String {
        code(secret: secret, counter: UInt64(max(0, milliseconds / 1000 / step)))
    }

    /// RFC 4226 HOTP for `counter`.
    static func code(secret: [UInt8], counter: UInt64) -> String {
        let message = (0..<8).map { UInt8(truncatingIfNeeded: counter >> (8 * (7 - UInt64($0)))) }
        let mac = Array(HMAC<Insecure.SHA1>.authenticationCode(for: message, using: SymmetricKey(data: secret)))
        let offset = Int(mac[mac.count - 1] & 0x0f)
        let binary =
            (UInt32(mac[offset] & 0x7f) << 24) | (UInt32(mac[offset + 1]) << 16) | (UInt32(mac[offset + 2]) << 8)
            | UInt32(mac[offset + 3])
        let value = binary % 1_000_000
        let text = String(value)
        return String(repeating: "0", count: digits - text.count) + text
    }

    /// Whether `given` is the code of the current step or one step either side (clock drift).
    static func verify(_ given: String, secret: [UInt8], at milliseconds: Int64) -> Bool {
        let counter = milliseconds / 1000 / step
        return (counter - 1...counter + 1).contains { candidate in
            candidate >= 0
                && VerificationState.constantTimeEquals(code(secret: secret, counter: UInt64(candidate)), given)
        }
    }

    /// RFC 4648 base32 without padding, as `otpauth://` URIs carry secrets.
    static func base32(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")
        var output = ""
        var buffer: UInt32 = 0
        var bits = 0
        for byte in bytes {
            buffer = (buffer << 8) | UInt32(byte)
            bits += 8
            while bits >= 5 {
                output.append(alphabet[Int((buffer >> UInt32(bits - 5)) & 31)])
                bits -= 5
            }
        }
        if bits > 0 { output.append(alphabet[Int((buffer << UInt32(5 - bits)) & 31)]) }
        return output
    }

    /// Decodes base32 (case-insensitive, padding and spaces ignored); nil for other characters.
    static func decodeBase32(_ text: String) -> [UInt8]? {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")
        var output: [UInt8] = []
        var buffer: UInt32 = 0
        var bits = 0
        for character in text.uppercased() where character != "=" && character != " " {
            guard let index = alphabet.firstIndex(of: character) else { return nil }
            buffer = (buffer << 5) | UInt32(index)
            bits += 5
            if bits >= 8 {
                output.append(UInt8((buffer >> UInt32(bits - 8)) & 0xff))
                bits -= 8
            }
        }
        return output
    }
}

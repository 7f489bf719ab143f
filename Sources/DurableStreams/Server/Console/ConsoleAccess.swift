/// The console's secret: the token changes need, fixed for the life of a server.
@available(OS2023, *)
struct ConsoleAccess: Sendable {
    let token: String

    /// The configured token, or 32 random hexadecimal characters.
    init(configured: String?) {
        if let configured {
            token = configured
        } else {
            token = Self.randomHex(count: 16)
        }
    }

    /// `count` random bytes as lower-case hexadecimal.
    static func randomHex(count: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in
            let byte = UInt8.random(in: 0...255, using: &generator)
            let digits = String(byte, radix: 16)
            return byte < 16 ? "0" + digits : digits
        }.joined()
    }

    /// Compares two secrets in time that depends only on their lengths.
    static func constantTimeEqual(_ lhs: String, _ rhs: String) -> Bool {
        let left = Array(lhs.utf8)
        let right = Array(rhs.utf8)
        guard left.count == right.count else { return false }
        var difference: UInt8 = 0
        for index in left.indices { difference |= left[index] ^ right[index] }
        return difference == 0
    }
}

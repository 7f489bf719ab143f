import Crypto

/// A salted SHA-256 of a password; the emulator never keeps a password itself.
@available(OS2023, *)
struct PasswordDigest: Sendable, Equatable {
    private let salt: [UInt8]
    private let digest: [UInt8]

    init(password: String, salt: [UInt8]) {
        self.salt = salt
        digest = Self.hash(password, salt)
    }

    func matches(_ password: String) -> Bool {
        let other = Self.hash(password, salt)
        guard other.count == digest.count else { return false }
        return zip(other, digest).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }

    private static func hash(_ password: String, _ salt: [UInt8]) -> [UInt8] {
        Array(SHA256.hash(data: salt + Array(password.utf8)))
    }
}

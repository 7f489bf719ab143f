import Foundation

/// A session token the emulator minted: its header and claims are fixed when it is minted (in the store, one request
/// at a time), and its RS256 signature is made the first time it is read. An answer reads it when its body is
/// written, which the HTTP driver does outside the emulator's actor, so the signatures of answers on different
/// connections are made in parallel while the store serves the next request.
///
/// RS256 (RSASSA-PKCS1-v1_5) is deterministic: the same key and input give the same signature, so the token is the
/// same string whenever and wherever it is signed.
@available(OS2023, *)
final class SessionToken: @unchecked Sendable, Equatable {
    /// The token's `iat`, in seconds.
    let issuedAt: Millis
    /// `base64url(header).base64url(claims)`.
    let signingInput: String
    private let signer: SessionTokenSigner
    // Guards `signed`; held while signing, so a token is signed once even when two readers race.
    private let lock = NSLock()
    private var signed: String?? = nil

    init(signer: SessionTokenSigner, signingInput: String, issuedAt: Millis) {
        self.signer = signer
        self.signingInput = signingInput
        self.issuedAt = issuedAt
    }

    /// The compact JWS, signed on first read; nil when the key could not sign (the body then carries `null`).
    var jwt: String? {
        lock.lock()
        defer { lock.unlock() }
        if let signed { return signed }
        let value = try? signer.sign(signingInput: signingInput)
        signed = .some(value)
        return value
    }

    /// Equal when minted from the same header and claims (and so equal once signed).
    static func == (lhs: SessionToken, rhs: SessionToken) -> Bool { lhs.signingInput == rhs.signingInput }
}

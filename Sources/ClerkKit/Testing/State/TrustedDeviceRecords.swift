/// An enrolled trusted-device credential: the ES256 public key that signs its challenges.
@available(OS2023, *)
struct TrustedDeviceRecord: Sendable, Equatable {
    var id: String
    var platform: String
    var appIdentifier: String
    var name: String?
    /// The canonical public JWK as enrolled.
    var publicKeyJWK: String
    var revoked: Bool = false
    var createdAt: Millis
    var updatedAt: Millis
    var lastUsedAt: Millis? = nil
    var revokedAt: Millis? = nil

    var json: JSON {
        [
            "id": .string(id), "object": "trusted_device", "platform": .string(platform),
            "app_identifier": .string(appIdentifier), "name": .optional(name), "algorithm": "ES256",
            "status": .string(revoked ? "revoked" : "active"), "created_at": .int(createdAt),
            "updated_at": .int(updatedAt), "last_used_at": .optional(lastUsedAt), "revoked_at": .optional(revokedAt),
        ]
    }
}

/// A challenge for a device key: `client_data` is the canonical JSON it signs, sent back byte for byte.
@available(OS2023, *)
struct TrustedDeviceChallengeRecord: Sendable, Equatable {
    var challengeId: String
    var challenge: String
    /// The credential it is for (sign-in only).
    var trustedDeviceId: String?
    var clientData: String
    var expiresAt: Millis

    /// Makes a challenge; `client_data` holds its fields (and the credential or key it is for) in key order.
    static func make(
        purpose: String, trustedDeviceId: String?, appIdentifier: String?, publicKeyJWK: String?, now: Millis,
        lifetime: Millis
    ) -> TrustedDeviceChallengeRecord {
        let challengeId = IDs.make("tdc")
        let challenge = IDs.random(43)
        let expiresAt = now + lifetime
        var pairs: [(String, JSON)] = [("algorithm", "ES256")]
        if let appIdentifier { pairs.append(("app_identifier", .string(appIdentifier))) }
        pairs += [("challenge", .string(challenge)), ("challenge_id", .string(challengeId))]
        pairs.append(("expires_at", .int(expiresAt)))
        if let publicKeyJWK { pairs.append(("public_key_jwk", .string(publicKeyJWK))) }
        pairs.append(("purpose", .string(purpose)))
        if let trustedDeviceId { pairs.append(("trusted_device_id", .string(trustedDeviceId))) }
        return TrustedDeviceChallengeRecord(
            challengeId: challengeId, challenge: challenge, trustedDeviceId: trustedDeviceId,
            clientData: JSON.object(pairs).serializedString, expiresAt: expiresAt)
    }

    var json: JSON {
        var pairs: [(String, JSON)] = [
            ("object", "trusted_device_challenge"), ("challenge", .string(challenge)),
            ("challenge_id", .string(challengeId)),
        ]
        if let trustedDeviceId { pairs.append(("trusted_device_id", .string(trustedDeviceId))) }
        pairs += [("client_data", .string(clientData)), ("expires_at", .int(expiresAt)), ("algorithm", "ES256")]
        return .object(pairs)
    }
}

/// An enrollment in progress: who asked, for which key and app, and the challenge to sign.
@available(OS2023, *)
struct TrustedDeviceEnrollment: Sendable, Equatable {
    var userId: String
    var platform: String
    var appIdentifier: String
    var name: String?
    var publicKeyJWK: String
    var challenge: TrustedDeviceChallengeRecord
}

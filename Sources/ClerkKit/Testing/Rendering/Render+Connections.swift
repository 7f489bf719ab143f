/// Passkeys and OAuth accounts, shaped as `Client.Passkey` and `ExternalAccountWithVerification`.
@available(OS2023, *)
extension EmulatorStore {
    func passkeyJSON(_ passkey: PasskeyRecord) -> JSON {
        var verification = VerificationState(
            strategy: "passkey", status: passkey.challenge == nil ? .verified : .unverified,
            attempts: passkey.challenge == nil ? 1 : 0,
            expireAt: passkey.expireAt ?? passkey.createdAt + configuration.codeLifetime.clampedMillis)
        verification.nonce = passkey.options
        return [
            "id": .string(passkey.id), "object": "passkey", "name": .string(passkey.name),
            "last_used_at": .optional(passkey.lastUsedAt), "verification": verification.json,
            "created_at": .int(passkey.createdAt), "updated_at": .int(passkey.updatedAt),
        ]
    }

    func externalAccountJSON(_ account: ExternalAccountRecord) -> JSON {
        var verification: [(String, JSON)] = [
            ("object", "verification_oauth"), ("status", account.reauthorizationURL == nil ? "verified" : "unverified"),
            ("strategy", .string("oauth_" + account.provider)), ("attempts", nil),
            ("expire_at", .int(account.createdAt + configuration.codeLifetime.clampedMillis)),
        ]
        if let url = account.reauthorizationURL {
            verification.append(("external_verification_redirect_url", .string(url)))
        }
        return [
            "object": "external_account", "id": .string(account.id), "provider": .string("oauth_" + account.provider),
            "identification_id": .string("idn_" + account.id.dropFirst(4)),
            "provider_user_id": .string(account.providerUserId), "approved_scopes": "email profile",
            "email_address": .string(account.emailAddress), "first_name": "", "last_name": "", "public_metadata": [:],
            "created_at": .int(account.createdAt), "updated_at": .int(account.createdAt),
            "verification": .object(verification),
        ]
    }
}

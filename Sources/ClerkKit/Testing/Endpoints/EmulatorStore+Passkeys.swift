import Crypto
import Foundation

/// Passkeys as a relying party: registration from the account (`POST /v1/me/passkeys`, then
/// `attempt_verification` with the attestation) and sign-in (`strategy=passkey`, then `attempt_first_factor` with
/// the assertion), every credential checked by ``WebAuthnVerifier``.
@available(OS2023, *)
extension EmulatorStore {
    /// The relying party, or `not enabled` when the instance has no passkeys.
    func passkeyVerifier() throws(FAPIError) -> WebAuthnVerifier {
        guard let relyingPartyID = configuration.passkeyRelyingPartyID else {
            throw FAPIError.notEnabled("strategy", "Passkeys")
        }
        return WebAuthnVerifier(relyingPartyID: relyingPartyID)
    }

    /// `POST /v1/me/passkeys` and `POST /v1/me/passkeys/{id}/attempt_verification`; nil for other requests.
    mutating func passkeyRegistrationRoute(_ method: String, _ path: PathMatcher, _ call: inout Call)
        throws(FAPIError) -> Reply?
    {
        guard method == "POST" else { return nil }
        if path.match("v1/me/passkeys") != nil {
            try call.request.form.requireKnown([])
            return try createPasskey(&call)
        }
        guard let id = path.match("v1/me/passkeys/*/attempt_verification")?.first else { return nil }
        try call.request.form.requireKnown(["strategy", "public_key_credential"])
        return try verifyPasskey(id, &call)
    }

    private mutating func createPasskey(_ call: inout Call) throws(FAPIError) -> Reply {
        let verifier = try passkeyVerifier()
        var user = try currentUser(&call)
        let challenge = (0..<32).map { _ in UInt8.random(in: 0...255) }
        let userHandle = Array(user.id.utf8)
        let excluded = user.passkeys.filter { !$0.credentialID.isEmpty }.map { credential -> JSON in
            ["type": "public-key", "id": .string(Base64URL.encode(credential.credentialID))]
        }
        let options: JSON = [
            "challenge": .string(Base64URL.encode(challenge)),
            "rp": ["id": .string(verifier.relyingPartyID), "name": .string(configuration.applicationName)],
            "user": [
                "id": .string(Base64URL.encode(userHandle)), "name": .string(user.displayIdentifier),
                "displayName": .string([user.firstName, user.lastName].compactMap { $0 }.joined(separator: " ")),
            ],
            "pubKeyCredParams": [["type": "public-key", "alg": -7]], "timeout": 180_000,
            "excludeCredentials": .array(excluded),
            "authenticatorSelection": ["residentKey": "required", "userVerification": "required"],
            "attestation": "none",
        ]
        let passkey = PasskeyRecord(
            id: IDs.make("idn"), name: "Passkey", createdAt: call.now, updatedAt: call.now, challenge: challenge,
            options: options.serializedString, expireAt: call.now + configuration.codeLifetime.clampedMillis)
        user.pendingPasskeys.removeAll { ($0.expireAt ?? 0) <= call.now }
        user.pendingPasskeys.append(passkey)
        users[user.id] = user
        return .enveloped(passkeyJSON(passkey))
    }

    private mutating func verifyPasskey(_ id: String, _ call: inout Call) throws(FAPIError) -> Reply {
        let verifier = try passkeyVerifier()
        var user = try currentUser(&call)
        guard let index = user.pendingPasskeys.firstIndex(where: { $0.id == id }),
            let challenge = user.pendingPasskeys[index].challenge
        else { throw FAPIError.resourceNotFound }
        guard (user.pendingPasskeys[index].expireAt ?? 0) > call.now else { throw FAPIError.verificationExpired }
        if let strategy = call.request.form["strategy"], strategy != "passkey" {
            throw FAPIError.strategyInvalid(strategy)
        }
        let credential = try Self.credential(call.request.form, fields: ["attestationObject", "clientDataJSON"])
        let registered = try verifier.register(
            attestationObject: credential["attestationObject"] ?? [],
            clientDataJSON: credential["clientDataJSON"] ?? [],
            challenge: challenge
        ).get()
        let taken = users.values.contains { $0.passkeys.contains { $0.credentialID == registered.credentialID } }
        guard !taken else {
            throw FAPIError(
                status: 422, code: "passkey_registration_failed", message: "Passkey already registered",
                longMessage: "This credential is already registered.", paramName: "public_key_credential")
        }
        var passkey = user.pendingPasskeys.remove(at: index)
        passkey.credentialID = registered.credentialID
        passkey.publicKey = Array(registered.publicKey.rawRepresentation)
        passkey.signCount = registered.signCount
        passkey.challenge = nil
        passkey.options = nil
        passkey.expireAt = nil
        passkey.updatedAt = call.now
        user.passkeys.append(passkey)
        user.updatedAt = call.now
        users[user.id] = user
        return .enveloped(passkeyJSON(passkey))
    }

    // MARK: Sign-in

    /// `strategy=passkey` on a sign-in: opens the step with a fresh challenge; `user` limits it to their passkeys.
    mutating func startPasskeySignIn(_ machine: inout SignInMachine, user: UserRecord?, _ call: Call)
        throws(FAPIError) -> Result<[SignInMachine.Action], FAPIError>
    {
        let (challenge, options) = try passkeyRequest(for: user)
        return machine.startPasskey(challenge: challenge, options: options, signInContext(user, call))
    }

    /// A fresh challenge and the WebAuthn request options (a JSON string) that carry it; `user` limits the
    /// credentials allowed to theirs.
    func passkeyRequest(for user: UserRecord?) throws(FAPIError) -> (challenge: String, options: String) {
        let verifier = try passkeyVerifier()
        let challenge = Base64URL.encode((0..<32).map { _ in UInt8.random(in: 0...255) })
        let allowed = (user?.passkeys ?? []).filter { !$0.credentialID.isEmpty }.map { passkey -> JSON in
            ["type": "public-key", "id": .string(Base64URL.encode(passkey.credentialID))]
        }
        let options: JSON = [
            "challenge": .string(challenge), "rpId": .string(verifier.relyingPartyID),
            "allowCredentials": .array(allowed), "timeout": 180_000, "userVerification": "required",
        ]
        return (challenge, options.serializedString)
    }

    /// `attempt_first_factor` with `strategy=passkey`: finds the credential, checks the assertion against the
    /// sign-in's challenge and the stored key and counter, then records the use.
    mutating func attemptPasskeySignIn(_ machine: inout SignInMachine, _ call: Call) throws(FAPIError)
        -> Result<[SignInMachine.Action], FAPIError>
    {
        let challenge = try machine.passkeyChallenge(now: call.now).get()
        switch try checkPasskeyAssertion(call, challenge: challenge) {
        case .failure(let error): return machine.passkeyFailed(error)
        case .success(let owner): return machine.passkeyVerified(owner, signInContext(owner, call))
        }
    }

    /// `attempt_second_factor` with `strategy=passkey`: as a first factor, against the second-factor challenge.
    mutating func attemptPasskeySecondFactor(_ machine: inout SignInMachine, _ call: Call) throws(FAPIError)
        -> Result<[SignInMachine.Action], FAPIError>
    {
        let challenge = try machine.passkeySecondFactorChallenge(now: call.now).get()
        switch try checkPasskeyAssertion(call, challenge: challenge) {
        case .failure(let error):
            machine.secondFactor?.attempts += 1
            return .failure(error)
        case .success(let owner):
            return machine.passkeySecondFactorVerified(owner, signInContext(owner, call))
        }
    }

    /// Checks the assertion in `public_key_credential` against `challenge` (base64url) as a relying party: the
    /// credential must be a registered passkey, its signature valid, its counter moved on. On success the use is
    /// recorded and the passkey's owner returned.
    mutating func checkPasskeyAssertion(_ call: Call, challenge: String) throws(FAPIError)
        -> Result<UserRecord, FAPIError>
    {
        let verifier = try passkeyVerifier()
        let credential = try Self.credential(
            call.request.form, fields: ["authenticatorData", "clientDataJSON", "signature"])
        let rawId = credential["rawId"] ?? []
        guard
            let owner = users.values.first(where: { user in
                user.passkeys.contains { !$0.credentialID.isEmpty && $0.credentialID == rawId }
            }),
            let index = owner.passkeys.firstIndex(where: { $0.credentialID == rawId }),
            let publicKey = try? P256.Signing.PublicKey(rawRepresentation: owner.passkeys[index].publicKey)
        else {
            return .failure(
                FAPIError(
                    status: 422, code: "passkey_not_found", message: "Passkey not found",
                    longMessage: "No account has this passkey.", paramName: "public_key_credential"))
        }
        let checked = verifier.assert(
            authenticatorData: credential["authenticatorData"] ?? [],
            clientDataJSON: credential["clientDataJSON"] ?? [],
            signature: credential["signature"] ?? [], challenge: Array(Base64URL.decode(challenge) ?? Data()),
            publicKey: publicKey, storedSignCount: owner.passkeys[index].signCount)
        switch checked {
        case .failure(let error):
            return .failure(error)
        case .success(let count):
            users[owner.id]?.passkeys[index].signCount = count
            users[owner.id]?.passkeys[index].lastUsedAt = call.now
            return .success(users[owner.id] ?? owner)
        }
    }

    /// The base64url fields of `public_key_credential` (`rawId` and `response.<field>`), decoded.
    private static func credential(_ form: FormBody, fields: [String]) throws(FAPIError) -> [String: [UInt8]] {
        let text = try form.required("public_key_credential")
        guard let json = JSON.parseObject(text), json["type"]?.stringValue == "public-key",
            let rawId = json["rawId"]?.stringValue.flatMap(Base64URL.decode), let response = json["response"]
        else { throw FAPIError.paramInvalid("public_key_credential", "public_key_credential is not a credential.") }
        var decoded = ["rawId": Array(rawId)]
        for field in fields {
            guard let value = response[field]?.stringValue.flatMap(Base64URL.decode) else {
                throw FAPIError.paramInvalid("public_key_credential", "public_key_credential has no \(field).")
            }
            decoded[field] = Array(value)
        }
        return decoded
    }
}

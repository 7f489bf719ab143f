/// Reverification steps with a passkey (first or second factor) or a trusted device (first factor): the challenge
/// is issued on `prepare_*`, and the signature on `attempt_*` is checked as a sign-in's is, for the session's user.
@available(OS2023, *)
extension EmulatorStore {
    /// Handles `step` when its strategy is `passkey` or `trusted_device`; nil for the code and password strategies.
    mutating func reverifyWithCredential(
        _ step: String, machine: inout ReverificationMachine, user: UserRecord, _ call: inout Call
    ) throws(FAPIError) -> Result<[ReverificationMachine.Action], FAPIError>? {
        let form = call.request.form
        let second = step.hasSuffix("second_factor")
        switch (step, form["strategy"]) {
        case ("prepare_first_factor", "passkey"), ("prepare_second_factor", "passkey"):
            let (challenge, options) = try passkeyRequest(for: user)
            return machine.startPasskey(
                second: second, challenge: challenge, options: options, user: user, now: call.now, configuration)
        case ("attempt_first_factor", "passkey"), ("attempt_second_factor", "passkey"):
            let open = try machine.openStep(second: second, strategy: "passkey", now: call.now).get()
            let checked = try checkPasskeyAssertion(call, challenge: open.code ?? "")
            guard case .success(let owner) = checked, owner.id == user.id else {
                let error: FAPIError =
                    if case .failure(let failure) = checked { failure } else {
                        FAPIError(
                            status: 422, code: "passkey_not_found", message: "Passkey not found",
                            longMessage: "This passkey does not belong to the signed-in user.",
                            paramName: "public_key_credential")
                    }
                return .failure(
                    machine.credentialFailed(
                        second: second, error, maximumAttempts: configuration.maximumCodeAttempts))
            }
            return machine.credentialVerified(
                second: second, strategy: "passkey", user: owner, now: call.now, configuration)
        case ("prepare_first_factor", "trusted_device"):
            try requireTrustedDevices()
            let id = try form.required("trusted_device_id")
            guard let device = user.trustedDevices.first(where: { $0.id == id && !$0.revoked }) else {
                throw Self.trustedDeviceNotFound
            }
            let challenge = TrustedDeviceChallengeRecord.make(
                purpose: "reverification", trustedDeviceId: device.id, appIdentifier: device.appIdentifier,
                publicKeyJWK: nil, now: call.now, lifetime: configuration.codeLifetime.clampedMillis)
            return machine.startTrustedDevice(challenge)
        case ("attempt_first_factor", "trusted_device"):
            try requireTrustedDevices()
            let open = try machine.openStep(second: false, strategy: "trusted_device", now: call.now).get()
            guard let challenge = open.trustedDeviceChallenge else { throw FAPIError.verificationMissing }
            guard try form.required("algorithm") == "ES256" else {
                throw FAPIError.paramInvalid("algorithm", "algorithm must be ES256.")
            }
            let attempts = configuration.maximumCodeAttempts
            guard form["trusted_device_id"] == challenge.trustedDeviceId,
                let index = user.trustedDevices.firstIndex(where: { $0.id == challenge.trustedDeviceId && !$0.revoked }
                ),
                let key = TrustedDeviceSignature.publicKey(canonicalJWK: user.trustedDevices[index].publicKeyJWK)
            else {
                return .failure(
                    machine.credentialFailed(second: false, Self.trustedDeviceNotFound, maximumAttempts: attempts))
            }
            guard try form.required("client_data") == challenge.clientData,
                TrustedDeviceSignature.verify(
                    try form.required("signature"), clientData: challenge.clientData, key: key)
            else {
                return .failure(
                    machine.credentialFailed(
                        second: false, Self.trustedDeviceSignatureInvalid, maximumAttempts: attempts))
            }
            users[user.id]?.trustedDevices[index].lastUsedAt = call.now
            return machine.credentialVerified(
                second: false, strategy: "trusted_device", user: user, now: call.now, configuration)
        default:
            return nil
        }
    }

    /// The credential factors a reverification offers first: the user's passkeys (one factor) and each active
    /// trusted device, where the instance has them on.
    func credentialFirstFactors(for user: UserRecord) -> [JSON] {
        var factors: [JSON] = []
        if configuration.passkeyRelyingPartyID != nil, user.hasRegisteredPasskey {
            factors.append(["strategy": "passkey"])
        }
        if configuration.trustedDevices {
            for device in user.trustedDevices where !device.revoked {
                factors.append(["strategy": "trusted_device", "trusted_device_id": .string(device.id)])
            }
        }
        return factors
    }
}

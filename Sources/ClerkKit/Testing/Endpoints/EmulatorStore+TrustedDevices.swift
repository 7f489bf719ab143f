/// Trusted devices: enrollment from the account (`prepare`, then `attempt` with the key's signature), the user's
/// list, revocation, validation by a signed-out client, and sign-in with `strategy=trusted_device`.
@available(OS2023, *)
extension EmulatorStore {
    static let trustedDeviceEnrollmentParameters: Set<String> = [
        "platform", "app_identifier", "name", "algorithm", "public_key_jwk", "client_data", "signature",
    ]

    static let trustedDeviceNotFound = FAPIError(
        status: 422, code: "trusted_device_not_found", message: "Trusted device not found",
        longMessage: "This trusted device is not enrolled or was revoked.", paramName: "trusted_device_id")

    static let trustedDeviceSignatureInvalid = FAPIError(
        status: 422, code: "trusted_device_verification_failed", message: "is invalid",
        longMessage: "The signature does not verify with this trusted device's key.", paramName: "signature")

    /// Whether the instance allows trusted devices.
    func requireTrustedDevices() throws(FAPIError) {
        guard configuration.trustedDevices else { throw FAPIError.notEnabled("strategy", "Trusted devices") }
    }

    /// The `/v1/me/trusted_devices…` and `/v1/client/trusted_devices/validate` routes, also served under their
    /// newer name (`biometric_credentials`) as ``ClerkEmulator/Configuration/trustedDeviceRoutes`` says; nil for
    /// other requests (a name not served is then an unknown path: 404).
    mutating func trustedDeviceRoute(_ method: String, _ named: PathMatcher, _ call: inout Call)
        throws(FAPIError) -> Reply?
    {
        let served: [Substring] =
            switch configuration.trustedDeviceRoutes {
            case .both: ["trusted_devices", "biometric_credentials"]
            case .trustedDevicesOnly: ["trusted_devices"]
            case .biometricCredentialsOnly: ["biometric_credentials"]
            }
        guard let name = named.segments.dropFirst(2).first, served.contains(name) else { return nil }
        let path = named.reading("biometric_credentials", as: "trusted_devices")
        let form = call.request.form
        if method == "POST", path.match("v1/client/trusted_devices/validate") != nil {
            try form.requireKnown(["trusted_device_id"])
            try requireTrustedDevices()
            _ = try requireClient(call)
            let id = try form.required("trusted_device_id")
            let valid = users.values.contains { $0.trustedDevices.contains { $0.id == id && !$0.revoked } }
            return .enveloped(["object": "trusted_device_validation", "valid": .bool(valid)])
        }
        if method == "GET", path.match("v1/me/trusted_devices") != nil {
            try form.requireKnown([])
            let user = try currentUser(&call)
            return .enveloped(.array(user.trustedDevices.filter { !$0.revoked }.map(\.json)))
        }
        if method == "POST", path.match("v1/me/trusted_devices/prepare") != nil {
            try form.requireKnown(Self.trustedDeviceEnrollmentParameters.subtracting(["client_data", "signature"]))
            return try prepareEnrollment(&call)
        }
        if method == "POST", path.match("v1/me/trusted_devices/attempt") != nil {
            try form.requireKnown(Self.trustedDeviceEnrollmentParameters)
            return try attemptEnrollment(&call)
        }
        if method == "DELETE", let id = path.match("v1/me/trusted_devices/*")?.first {
            try form.requireKnown([])
            var user = try currentUser(&call)
            guard let index = user.trustedDevices.firstIndex(where: { $0.id == id }) else {
                throw FAPIError.resourceNotFound
            }
            if !user.trustedDevices[index].revoked {
                user.trustedDevices[index].revoked = true
                user.trustedDevices[index].revokedAt = call.now
                user.trustedDevices[index].updatedAt = call.now
                users[user.id] = user
            }
            return .enveloped(user.trustedDevices[index].json)
        }
        return nil
    }

    /// The enrollment fields every call repeats, checked.
    private func enrollmentFields(_ form: FormBody) throws(FAPIError) -> (platform: String, app: String, jwk: String) {
        let platform = try form.required("platform")
        guard platform == "ios" || platform == "android" else {
            throw FAPIError.paramInvalid("platform", "platform must be ios or android.")
        }
        guard try form.required("algorithm") == "ES256" else {
            throw FAPIError.paramInvalid("algorithm", "algorithm must be ES256.")
        }
        let app = try form.required("app_identifier")
        guard !app.isEmpty else { throw FAPIError.paramInvalid("app_identifier") }
        let jwk = try form.required("public_key_jwk")
        guard TrustedDeviceSignature.publicKey(canonicalJWK: jwk) != nil else {
            throw FAPIError.paramInvalid("public_key_jwk", "public_key_jwk must be a canonical P-256 public JWK.")
        }
        return (platform, app, jwk)
    }

    private mutating func prepareEnrollment(_ call: inout Call) throws(FAPIError) -> Reply {
        try requireTrustedDevices()
        let user = try currentUser(&call)
        let fields = try enrollmentFields(call.request.form)
        let challenge = TrustedDeviceChallengeRecord.make(
            purpose: "enrollment", trustedDeviceId: nil, appIdentifier: fields.app, publicKeyJWK: fields.jwk,
            now: call.now, lifetime: configuration.codeLifetime.clampedMillis)
        trustedDeviceEnrollments = trustedDeviceEnrollments.filter { $0.value.challenge.expiresAt > call.now }
        trustedDeviceEnrollments[challenge.clientData] = TrustedDeviceEnrollment(
            userId: user.id, platform: fields.platform, appIdentifier: fields.app, name: call.request.form["name"],
            publicKeyJWK: fields.jwk, challenge: challenge)
        return .enveloped(challenge.json)
    }

    private mutating func attemptEnrollment(_ call: inout Call) throws(FAPIError) -> Reply {
        try requireTrustedDevices()
        var user = try currentUser(&call)
        let form = call.request.form
        let fields = try enrollmentFields(form)
        let clientData = try form.required("client_data")
        guard let enrollment = trustedDeviceEnrollments[clientData], enrollment.userId == user.id,
            enrollment.publicKeyJWK == fields.jwk, enrollment.appIdentifier == fields.app
        else { throw FAPIError.paramInvalid("client_data", "client_data is not a challenge issued for this key.") }
        guard enrollment.challenge.expiresAt > call.now else {
            trustedDeviceEnrollments[clientData] = nil
            throw FAPIError.verificationExpired
        }
        guard let key = TrustedDeviceSignature.publicKey(canonicalJWK: fields.jwk),
            TrustedDeviceSignature.verify(try form.required("signature"), clientData: clientData, key: key)
        else { throw Self.trustedDeviceSignatureInvalid }
        trustedDeviceEnrollments[clientData] = nil
        let taken = users.values.contains { $0.trustedDevices.contains { $0.publicKeyJWK == fields.jwk } }
        guard !taken else { throw FAPIError.identifierExists("public_key_jwk") }
        let device = TrustedDeviceRecord(
            id: IDs.make("tdv"), platform: fields.platform, appIdentifier: fields.app, name: enrollment.name,
            publicKeyJWK: fields.jwk, createdAt: call.now, updatedAt: call.now)
        user.trustedDevices.append(device)
        user.updatedAt = call.now
        users[user.id] = user
        return .enveloped(device.json)
    }

    // MARK: Sign-in

    /// `POST /v1/client/sign_ins` with `strategy=trusted_device`: the credential names the user; its challenge
    /// opens the first factor.
    mutating func startTrustedDeviceSignIn(_ call: inout Call) throws(FAPIError) -> Reply {
        try requireTrustedDevices()
        let id = try call.request.form.required("trusted_device_id")
        guard let owner = users.values.first(where: { $0.trustedDevices.contains { $0.id == id && !$0.revoked } }),
            let device = owner.trustedDevices.first(where: { $0.id == id })
        else { throw Self.trustedDeviceNotFound }
        var client = establishClient(&call)
        var machine = SignInMachine(id: IDs.make("sia"), createdAt: call.now)
        let challenge = TrustedDeviceChallengeRecord.make(
            purpose: "sign_in", trustedDeviceId: device.id, appIdentifier: device.appIdentifier, publicKeyJWK: nil,
            now: call.now, lifetime: configuration.codeLifetime.clampedMillis)
        let result = machine.startTrustedDevice(challenge, user: owner, signInContext(owner, call))
        signIns[machine.id] = machine
        client.signInId = machine.id
        update(client, now: call.now)
        return try finish(machine, result, &call)
    }

    /// `attempt_first_factor` with `strategy=trusted_device`: the same credential, `client_data` byte for byte,
    /// `ES256`, and a signature by the credential's key; the challenge is then used up.
    mutating func attemptTrustedDeviceSignIn(_ machine: inout SignInMachine, _ call: Call) throws(FAPIError)
        -> Result<[SignInMachine.Action], FAPIError>
    {
        try requireTrustedDevices()
        let form = call.request.form
        let challenge = try machine.trustedDeviceChallenge(now: call.now).get()
        let attempts = configuration.maximumCodeAttempts
        guard form["trusted_device_id"] == challenge.trustedDeviceId else {
            return machine.trustedDeviceFailed(Self.trustedDeviceNotFound, maximumAttempts: attempts)
        }
        guard try form.required("algorithm") == "ES256" else {
            throw FAPIError.paramInvalid("algorithm", "algorithm must be ES256.")
        }
        guard try form.required("client_data") == challenge.clientData else {
            return machine.trustedDeviceFailed(
                FAPIError.paramInvalid("client_data", "client_data is not this sign-in's challenge."),
                maximumAttempts: attempts)
        }
        guard let ownerId = machine.userId, var owner = users[ownerId],
            let index = owner.trustedDevices.firstIndex(where: { $0.id == challenge.trustedDeviceId && !$0.revoked }),
            let key = TrustedDeviceSignature.publicKey(canonicalJWK: owner.trustedDevices[index].publicKeyJWK)
        else { return machine.trustedDeviceFailed(Self.trustedDeviceNotFound, maximumAttempts: attempts) }
        guard TrustedDeviceSignature.verify(try form.required("signature"), clientData: challenge.clientData, key: key)
        else { return machine.trustedDeviceFailed(Self.trustedDeviceSignatureInvalid, maximumAttempts: attempts) }
        owner.trustedDevices[index].lastUsedAt = call.now
        users[owner.id] = owner
        return machine.trustedDeviceVerified(owner, signInContext(owner, call))
    }
}

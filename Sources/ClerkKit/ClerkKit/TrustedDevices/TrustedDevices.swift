import Foundation

/// Trusted devices: an app installation enrolls a device-bound ES256 key for the signed-in user, and later signs
/// that user in with it (``Auth/signInWithTrustedDevice(id:identifierHint:reason:)``), no password or code needed.
///
/// Keys come from ``ClerkOptions/trustedDeviceKeys`` (the Secure Enclave on Apple devices that have one, else
/// software keys in the instance's store). What this installation enrolled is remembered in the store; a credential
/// the service no longer accepts is forgotten when that is learnt.
@available(OS2023, *)
@MainActor
public struct TrustedDevices {
    let clerk: Clerk

    var keys: any TrustedDeviceKeyStore {
        let options = clerk.configuration.options
        let store = clerk.core.dependencies.store
        return options.trustedDeviceKeys ?? TrustedDeviceKey.platformKeyStore(store: store)
            ?? SoftwareTrustedDeviceKeys(store: store)
    }
    var credentials: TrustedDeviceCredentialStore { TrustedDeviceCredentialStore(store: clerk.core.dependencies.store) }
    var appIdentifier: String? { clerk.configuration.options.device.bundleId }

    /// Sends the request `make` builds under the naming last seen to work; when the service answers 404 there,
    /// sends it once under the other name, and keeps that name when it is served (see ``TrustedDeviceEndpoints``).
    func send<Resource: Decodable & Sendable>(
        signedIn: Bool, as type: Resource.Type,
        _ make: (TrustedDeviceEndpoints) throws(ClerkError) -> FAPIRequest
    ) async throws(ClerkError) -> Resource {
        let naming = clerk.core.trustedDeviceNaming.value
        do {
            return try await perform(try make(TrustedDeviceEndpoints(naming: naming)), signedIn: signedIn, as: type)
        } catch  where error.context.status == 404 {
            let other = naming.other
            let resource: Resource
            do {
                resource = try await perform(
                    try make(TrustedDeviceEndpoints(naming: other)), signedIn: signedIn, as: type)
            } catch let retry where retry.context.status == 404 {
                throw error
            }
            clerk.core.trustedDeviceNaming.withLock { $0 = other }
            return resource
        }
    }

    private func perform<Resource: Decodable & Sendable>(
        _ request: FAPIRequest, signedIn: Bool, as type: Resource.Type
    ) async throws(ClerkError) -> Resource {
        signedIn
            ? try await clerk.account.perform(request, as: type) : try await clerk.auth.perform(request, as: type)
    }

    /// The signed-in user's active trusted devices (`GET /v1/me/trusted_devices`, or
    /// `/v1/me/biometric_credentials` where the service serves only that name).
    public func list() async throws(ClerkError) -> [TrustedDevice] {
        try await send(signedIn: true, as: [TrustedDevice].self) { $0.list() }
    }

    /// Whether this installation can sign in with a trusted device now. With a signed-in user, their credential
    /// is checked against their list; otherwise the service is asked whether the newest matching credential is
    /// still valid for this client. Credentials found dead are forgotten.
    public func availability(id: String? = nil, identifierHint: String? = nil) async throws(ClerkError)
        -> TrustedDeviceAvailability
    {
        if let block = TrustedDeviceRules.featureBlock(clerk.environment) { return block }
        let signedInUser = TrustedDeviceRules.sessionMayManage(clerk.session) ? clerk.user?.id : nil
        let candidates = TrustedDeviceRules.candidates(
            credentials.all(), appIdentifier: appIdentifier, id: id, identifierHint: identifierHint,
            userID: signedInUser)
        guard let credential = candidates.first else { return .noLocalCredential }
        guard try keys.containsKey(keyID: credential.keyID) else {
            forget(credential)
            return .localKeyMissing
        }
        if signedInUser != nil {
            if let verdict = TrustedDeviceRules.serverVerdict(credential, devices: try await list()) {
                forget(credential)
                return verdict
            }
            return .available
        }
        return try await validate(credential)
    }

    /// Enrolls this installation for the signed-in user: a new key, `prepare` for a challenge, the key signs it,
    /// `attempt` creates the credential. The key is deleted again when any step fails.
    ///
    /// - Parameters:
    ///   - deviceName: The name shown in the user's device list.
    ///   - identifierHint: A local hint (such as the email address) to pick this credential at sign-in.
    ///   - reason: What the platform shows when it asks the person to unlock the key.
    /// - Throws: ``ClerkError/Code/notSignedIn`` without an active or pending session;
    ///   ``ClerkError/Code/invalidConfiguration`` when the instance does not allow trusted devices or the app has
    ///   no bundle id.
    @discardableResult
    public func enroll(
        deviceName: String? = nil, identifierHint: String? = nil,
        reason: String = "Use biometrics to enroll this device."
    ) async throws(ClerkError) -> TrustedDevice {
        guard TrustedDeviceRules.sessionMayManage(clerk.session), let userID = clerk.user?.id else {
            throw ClerkError(.notSignedIn, "Enrolling a trusted device needs an active or pending session.")
        }
        if let block = TrustedDeviceRules.featureBlock(clerk.environment) {
            throw ClerkError(.invalidConfiguration, "The instance does not allow trusted devices (\(block)).")
        }
        guard let appIdentifier else {
            throw ClerkError(.invalidConfiguration, "Enrolling a trusted device needs the app's bundle id.")
        }
        let keys = self.keys
        let key = try await keys.createKey()
        do throws(ClerkError) {
            var parameters = TrustedDeviceParameters.Enrollment(
                platform: "ios", appIdentifier: appIdentifier, name: deviceName, algorithm: "ES256",
                publicKeyJwk: key.publicKeyJWK)
            let prepare = parameters
            let challenge = try await send(signedIn: true, as: TrustedDeviceChallenge.self) {
                (endpoints) throws(ClerkError) in try endpoints.prepare(prepare)
            }
            let signature = try await keys.sign(Data(challenge.clientData.utf8), keyID: key.keyID, reason: reason)
            parameters.clientData = challenge.clientData
            parameters.signature = Base64URL.encode(signature)
            let attempt = parameters
            let device = try await send(signedIn: true, as: TrustedDevice.self) {
                (endpoints) throws(ClerkError) in try endpoints.attempt(attempt)
            }
            let credential = TrustedDeviceCredential(
                id: device.id, keyID: key.keyID, userID: userID, identifierHint: identifierHint,
                appIdentifier: appIdentifier, createdAt: clerk.core.dependencies.clock.now)
            // One credential per user and app: an older one of this installation is replaced.
            let existing = credentials.all()
            let replaced = existing.filter { $0.userID == userID && $0.appIdentifier == appIdentifier }
            try credentials.replace(existing.filter { !replaced.contains($0) } + [credential])
            for old in replaced { try? keys.deleteKey(keyID: old.keyID) }
            return device
        } catch {
            try? keys.deleteKey(keyID: key.keyID)
            throw error
        }
    }

    /// Revokes a credential (`DELETE /v1/me/trusted_devices/{id}`) and forgets it here if it is this
    /// installation's.
    @discardableResult
    public func revoke(id: String) async throws(ClerkError) -> TrustedDevice {
        let device = try await send(signedIn: true, as: TrustedDevice.self) { $0.revoke(id) }
        for credential in credentials.all() where credential.id == id { forget(credential) }
        return device
    }

    /// Revokes this installation's credential for the signed-in user; `nil` when it has none. Call it before
    /// signing out: it needs the session.
    @discardableResult
    public func revokeCurrentDevice() async throws(ClerkError) -> TrustedDevice? {
        guard TrustedDeviceRules.sessionMayManage(clerk.session), let userID = clerk.user?.id else {
            throw ClerkError(.notSignedIn, "Revoking a trusted device needs an active or pending session.")
        }
        let mine = TrustedDeviceRules.candidates(credentials.all(), appIdentifier: appIdentifier, userID: userID)
        guard let credential = mine.first else { return nil }
        return try await revoke(id: credential.id)
    }

    /// `POST /v1/client/trusted_devices/validate` for the credential.
    private func validate(_ credential: TrustedDeviceCredential) async throws(ClerkError) -> TrustedDeviceAvailability {
        let parameters = TrustedDeviceParameters.Validate(trustedDeviceId: credential.id)
        let validation: TrustedDeviceValidation
        do throws(ClerkError) {
            validation = try await send(signedIn: false, as: TrustedDeviceValidation.self) {
                (endpoints) throws(ClerkError) in try endpoints.validate(parameters)
            }
        } catch  where TrustedDeviceRules.credentialIsGone(error) {
            forget(credential)
            return .serverCredentialMissing
        }
        guard validation.valid else {
            forget(credential)
            return .serverCredentialMissing
        }
        return .available
    }

    /// Removes a credential and its key from this installation; a failure is logged, not thrown.
    func forget(_ credential: TrustedDeviceCredential) {
        do {
            try credentials.replace(credentials.all().filter { $0.id != credential.id })
            try keys.deleteKey(keyID: credential.keyID)
        } catch {
            clerk.core.dependencies.logger.warning(
                "A forgotten trusted-device credential could not be removed.", metadata: ["error": "\(error.code)"])
        }
    }
}

@available(OS2023, *)
struct TrustedDeviceValidation: Decodable, Sendable {
    var valid: Bool
}

@available(OS2023, *)
enum TrustedDeviceParameters {
    struct Enrollment: Encodable {
        var platform: String
        var appIdentifier: String
        var name: String?
        var algorithm: String
        var publicKeyJwk: String
        var clientData: String?
        var signature: String?
    }

    struct Validate: Encodable {
        var trustedDeviceId: String
    }
}

@available(OS2023, *)
extension Clerk {
    /// Trusted devices: enroll this installation, list and revoke credentials.
    public var trustedDevices: TrustedDevices { TrustedDevices(clerk: self) }
}

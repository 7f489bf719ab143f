public import Foundation

/// Creates and uses the device-bound P-256 keys of trusted devices: ``SecureEnclaveTrustedDeviceKeys`` (the
/// Secure Enclave, behind biometrics) on Apple platforms that have one, ``SoftwareTrustedDeviceKeys`` (a key in a
/// ``SecureStore``) elsewhere. Set ``ClerkOptions/trustedDeviceKeys`` to choose.
@available(OS2023, *)
public protocol TrustedDeviceKeyStore: Sendable {
    /// Creates a new key; its private part never leaves the store.
    func createKey() async throws(ClerkError) -> TrustedDeviceKey

    /// Signs `data` with the key (ECDSA P-256 over SHA-256) and returns the raw 64-byte `r‖s` signature.
    /// `reason` is what the platform shows when it asks the person to unlock the key.
    ///
    /// - Throws: ``ClerkError/Code/authenticationCancelled`` when the person declines;
    ///   ``ClerkError/Code/invalidState`` when the key is gone.
    func sign(_ data: Data, keyID: String, reason: String) async throws(ClerkError) -> Data

    /// Whether the key still exists.
    func containsKey(keyID: String) throws(ClerkError) -> Bool

    /// Deletes the key; deleting a missing key is not an error.
    func deleteKey(keyID: String) throws(ClerkError)
}

/// A key made by a ``TrustedDeviceKeyStore``: its local id and its public key as the canonical JWK the Frontend
/// API takes (`{"crv":"P-256","kty":"EC","x":…,"y":…}`).
@available(OS2023, *)
public struct TrustedDeviceKey: Sendable, Hashable {
    /// The store's id for the key.
    public var keyID: String
    /// The public key as a canonical JWK string.
    public var publicKeyJWK: String

    /// Creates a key description.
    public init(keyID: String, publicKeyJWK: String) {
        self.keyID = keyID
        self.publicKeyJWK = publicKeyJWK
    }

    /// The canonical JWK of an uncompressed P-256 point (`04‖X‖Y`, 65 bytes): members in lexicographic order and
    /// no white space, as RFC 7638 orders them. `nil` for anything else.
    public static func canonicalJWK(x963 point: Data) -> String? {
        let bytes = [UInt8](point)
        guard bytes.count == 65, bytes[0] == 0x04 else { return nil }
        let x = Base64URL.encode(bytes[1..<33])
        let y = Base64URL.encode(bytes[33..<65])
        return #"{"crv":"P-256","kty":"EC","x":"\#(x)","y":"\#(y)"}"#
    }
}

/// Where a key store keeps each key's private part (or its Secure Enclave handle): one ``SecureStore`` value per
/// key, under `clerkTrustedDeviceKey.<key id>`.
@available(OS2023, *)
struct TrustedDeviceKeyShelf: Sendable {
    let store: any SecureStore

    /// Keeps `material` for a new key whose public key is the uncompressed point `x963`, under a new id.
    func add(_ material: Data, publicKey x963: Data) throws(ClerkError) -> TrustedDeviceKey {
        guard let jwk = TrustedDeviceKey.canonicalJWK(x963: x963) else {
            throw ClerkError(.invalidState, "The new key has no usable public key.")
        }
        let keyID = UUID().uuidString.lowercased()
        try store.set(material, forKey: Self.storeKey(keyID))
        return TrustedDeviceKey(keyID: keyID, publicKeyJWK: jwk)
    }

    /// The key's material; ``ClerkError/Code/invalidState`` when it is gone.
    func material(_ keyID: String) throws(ClerkError) -> Data {
        guard Self.isUsableID(keyID), let material = try store.data(forKey: Self.storeKey(keyID)) else {
            throw ClerkError(.invalidState, "The trusted device's key is gone.")
        }
        return material
    }

    /// Whether the key's material is kept.
    func contains(_ keyID: String) throws(ClerkError) -> Bool {
        guard Self.isUsableID(keyID) else { return false }
        return try store.data(forKey: Self.storeKey(keyID)) != nil
    }

    /// Removes the key's material; removing a missing one is not an error.
    func remove(_ keyID: String) throws(ClerkError) {
        guard Self.isUsableID(keyID) else { return }
        try store.remove(forKey: Self.storeKey(keyID))
    }

    private static func storeKey(_ keyID: String) -> String { "clerkTrustedDeviceKey.\(keyID)" }

    /// Whether `keyID` can name a stored key (a plain file name for ``FileSecureStore``).
    private static func isUsableID(_ keyID: String) -> Bool {
        !keyID.isEmpty && keyID.count <= 64
            && keyID.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
    }
}

public import Foundation

#if canImport(CryptoKit)
import CryptoKit
#else
import Crypto
#endif

/// Trusted-device keys in software: a P-256 private key per credential, kept in a ``SecureStore`` (owner-only
/// files with ``FileSecureStore``). The default where there is no Secure Enclave (Linux, simulators).
///
/// The key is as safe as the store: anyone who can read the store's files can sign in as the user.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
public struct SoftwareTrustedDeviceKeys: TrustedDeviceKeyStore {
    private let store: any SecureStore

    /// Keeps keys in `store`.
    public init(store: any SecureStore) {
        self.store = store
    }

    /// Creates a P-256 key and stores its private part.
    public func createKey() async throws(ClerkError) -> TrustedDeviceKey {
        let key = P256.Signing.PrivateKey()
        let keyID = UUID().uuidString.lowercased()
        guard let jwk = TrustedDeviceKey.canonicalJWK(x963: key.publicKey.x963Representation) else {
            throw ClerkError(.invalidState, "The new key has no usable public key.")
        }
        try store.set(key.rawRepresentation, forKey: TrustedDeviceKey.storeKey(keyID))
        return TrustedDeviceKey(keyID: keyID, publicKeyJWK: jwk)
    }

    /// Signs `data` with the stored key; `reason` is not shown (software keys ask nobody).
    public func sign(_ data: Data, keyID: String, reason: String) async throws(ClerkError) -> Data {
        guard TrustedDeviceKey.isUsableID(keyID), let raw = try store.data(forKey: TrustedDeviceKey.storeKey(keyID))
        else { throw ClerkError(.invalidState, "The trusted device's key is gone.") }
        do {
            let key = try P256.Signing.PrivateKey(rawRepresentation: raw)
            return try key.signature(for: data).rawRepresentation
        } catch {
            throw ClerkError(.invalidState, "The trusted device's stored key is unusable.", underlying: error)
        }
    }

    /// Whether the key is stored.
    public func containsKey(keyID: String) throws(ClerkError) -> Bool {
        guard TrustedDeviceKey.isUsableID(keyID) else { return false }
        return try store.data(forKey: TrustedDeviceKey.storeKey(keyID)) != nil
    }

    /// Removes the key.
    public func deleteKey(keyID: String) throws(ClerkError) {
        guard TrustedDeviceKey.isUsableID(keyID) else { return }
        try store.remove(forKey: TrustedDeviceKey.storeKey(keyID))
    }
}

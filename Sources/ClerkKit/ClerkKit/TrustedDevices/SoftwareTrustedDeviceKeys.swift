public import Foundation

#if canImport(CryptoKit)
import CryptoKit
#elseif ClerkKitSoftwareKeys
import Crypto
#endif

/// Trusted-device keys in software: a P-256 private key per credential, kept in a ``SecureStore`` (owner-only
/// files with ``FileSecureStore``). The default where there is no Secure Enclave (Linux, simulators).
///
/// The key is as safe as the store: anyone who can read the store's files can sign in as the user. Where CryptoKit
/// is missing (Linux), keys are made with swift-crypto, which Courier's package trait ClerkKitSoftwareKeys brings;
/// without it, creating or using a key fails with ``ClerkError/Code/invalidConfiguration``.
@available(OS2023, *)
public struct SoftwareTrustedDeviceKeys: TrustedDeviceKeyStore {
    private let shelf: TrustedDeviceKeyShelf

    /// Keeps keys in `store`.
    public init(store: any SecureStore) {
        shelf = TrustedDeviceKeyShelf(store: store)
    }

    /// Creates a P-256 key and stores its private part.
    public func createKey() async throws(ClerkError) -> TrustedDeviceKey {
        #if canImport(CryptoKit) || ClerkKitSoftwareKeys
        let key = P256.Signing.PrivateKey()
        return try shelf.add(key.rawRepresentation, publicKey: key.publicKey.x963Representation)
        #else
        throw Self.withoutCrypto
        #endif
    }

    /// Signs `data` with the stored key; `reason` is not shown (software keys ask nobody).
    public func sign(_ data: Data, keyID: String, reason: String) async throws(ClerkError) -> Data {
        let raw = try shelf.material(keyID)
        #if canImport(CryptoKit) || ClerkKitSoftwareKeys
        do {
            let key = try P256.Signing.PrivateKey(rawRepresentation: raw)
            return try key.signature(for: data).rawRepresentation
        } catch {
            throw ClerkError(.invalidState, "The trusted device's stored key is unusable.", underlying: error)
        }
        #else
        _ = raw
        throw Self.withoutCrypto
        #endif
    }

    #if !canImport(CryptoKit) && !ClerkKitSoftwareKeys
    private static var withoutCrypto: ClerkError {
        ClerkError(
            .invalidConfiguration,
            "Software trusted-device keys need Courier's package trait ClerkKitSoftwareKeys where CryptoKit is missing."
        )
    }
    #endif

    /// Whether the key is stored.
    public func containsKey(keyID: String) throws(ClerkError) -> Bool { try shelf.contains(keyID) }

    /// Removes the key.
    public func deleteKey(keyID: String) throws(ClerkError) { try shelf.remove(keyID) }
}

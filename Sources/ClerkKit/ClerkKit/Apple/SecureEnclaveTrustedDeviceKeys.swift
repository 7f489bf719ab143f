#if canImport(LocalAuthentication)
import CryptoKit
public import Foundation
import LocalAuthentication
public import Security

/// Trusted-device keys in the Secure Enclave: the private key never leaves the hardware and each signature needs
/// the person (biometrics by default). The store keeps only the enclave's opaque handle.
@available(OS2023, *)
public struct SecureEnclaveTrustedDeviceKeys: TrustedDeviceKeyStore {
    private let shelf: TrustedDeviceKeyShelf
    private let flags: SecAccessControlCreateFlags

    /// Whether this device has a Secure Enclave.
    public static var isAvailable: Bool { SecureEnclave.isAvailable }

    /// Keeps key handles in `store`; `flags` say what unlocks a key (default: a biometric of the current set).
    public init(store: any SecureStore, flags: SecAccessControlCreateFlags = [.privateKeyUsage, .biometryCurrentSet]) {
        shelf = TrustedDeviceKeyShelf(store: store)
        self.flags = flags
    }

    /// Creates a key in the Secure Enclave and stores its handle.
    public func createKey() async throws(ClerkError) -> TrustedDeviceKey {
        var failure: Unmanaged<CFError>?
        guard
            let access = SecAccessControlCreateWithFlags(
                nil, kSecAttrAccessibleWhenUnlockedThisDeviceOnly, flags, &failure)
        else {
            throw ClerkError(
                .storage, "The key's access control could not be made.", underlying: failure?.takeRetainedValue())
        }
        let key: SecureEnclave.P256.Signing.PrivateKey
        do {
            key = try SecureEnclave.P256.Signing.PrivateKey(accessControl: access)
        } catch {
            throw ClerkError(.storage, "The Secure Enclave could not create a key.", underlying: error)
        }
        return try shelf.add(key.dataRepresentation, publicKey: key.publicKey.x963Representation)
    }

    /// Signs `data` after the person unlocks the key (`reason` is shown).
    public func sign(_ data: Data, keyID: String, reason: String) async throws(ClerkError) -> Data {
        let handle = try shelf.material(keyID)
        let context = LAContext()
        context.localizedReason = reason
        do {
            let key = try SecureEnclave.P256.Signing.PrivateKey(
                dataRepresentation: handle, authenticationContext: context)
            return try key.signature(for: data).rawRepresentation
        } catch {
            let code = (error as? LAError)?.code.rawValue ?? (error as NSError).code
            throw TrustedDeviceRules.signingFailure(laErrorCode: code, underlying: error)
        }
    }

    /// Whether the key's handle is stored.
    public func containsKey(keyID: String) throws(ClerkError) -> Bool { try shelf.contains(keyID) }

    /// Removes the key's handle (the enclave then has no way back to the key).
    public func deleteKey(keyID: String) throws(ClerkError) { try shelf.remove(keyID) }
}

@available(OS2023, *)
extension TrustedDeviceKey {
    /// The Secure Enclave where the device has one; trusted devices otherwise use software keys.
    static func platformKeyStore(store: any SecureStore) -> (any TrustedDeviceKeyStore)? {
        SecureEnclave.isAvailable ? SecureEnclaveTrustedDeviceKeys(store: store) : nil
    }
}
#endif

#if !canImport(LocalAuthentication)
import Foundation

@available(OS2023, *)
extension TrustedDeviceKey {
    /// The platform's hardware-backed key store: none here, so trusted devices use software keys.
    static func platformKeyStore(store: any SecureStore) -> (any TrustedDeviceKeyStore)? { nil }
}
#endif

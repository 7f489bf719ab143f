#if !canImport(LocalAuthentication)
import Foundation

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension TrustedDeviceKey {
    /// The platform's hardware-backed key store: none here, so trusted devices use software keys.
    static func platformKeyStore(store: any SecureStore) -> (any TrustedDeviceKeyStore)? { nil }
}
#endif

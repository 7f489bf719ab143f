#if canImport(Security)
public import Foundation
import Security

/// A ``SecureStore`` in the Keychain (generic passwords, this device only, after first unlock). What each result
/// code means is decided by `KeychainStatus`.
@available(OS2023, *)
public struct KeychainSecureStore: SecureStore {
    /// `kSecAttrService`: by default the bundle identifier.
    public let service: String
    /// `kSecAttrAccessGroup`, to share with extensions.
    public let accessGroup: String?

    /// Creates a store for `service` in `accessGroup`.
    public init(service: String = Bundle.main.bundleIdentifier ?? "com.clerk.sdk", accessGroup: String? = nil) {
        self.service = service
        self.accessGroup = accessGroup
    }

    private func query(_ key: String) -> [String: Any] {
        var query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service,
            kSecAttrAccount as String: key,
        ]
        if let accessGroup { query[kSecAttrAccessGroup as String] = accessGroup }
        return query
    }

    /// Reads the item.
    public func data(forKey key: String) throws(ClerkError) -> Data? {
        var query = query(key)
        query[kSecReturnData as String] = true
        query[kSecMatchLimit as String] = kSecMatchLimitOne
        var result: AnyObject?
        let status = SecItemCopyMatching(query as CFDictionary, &result)
        guard try KeychainStatus.found(afterRead: status) else { return nil }
        return result as? Data
    }

    /// Adds the item, or updates it when it exists.
    public func set(_ data: Data, forKey key: String) throws(ClerkError) {
        var add = query(key)
        add[kSecValueData as String] = data
        add[kSecAttrAccessible as String] = kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
        var status = SecItemAdd(add as CFDictionary, nil)
        if KeychainStatus.mustUpdate(afterAdd: status) {
            status = SecItemUpdate(query(key) as CFDictionary, [kSecValueData as String: data] as CFDictionary)
        }
        try KeychainStatus.checkWrite(status)
    }

    /// Deletes the item.
    public func remove(forKey key: String) throws(ClerkError) {
        try KeychainStatus.checkDelete(SecItemDelete(query(key) as CFDictionary))
    }
}
#endif

/// What a Keychain result code (`OSStatus`) means for ``KeychainSecureStore``. The decisions live here, in code
/// every platform compiles and tests; the Keychain adapter only makes the calls.
@available(OS2023, *)
enum KeychainStatus {
    /// `errSecSuccess`.
    static let success: Int32 = 0
    /// `errSecItemNotFound`.
    static let itemNotFound: Int32 = -25300
    /// `errSecDuplicateItem`.
    static let duplicateItem: Int32 = -25299
    /// `errSecInteractionNotAllowed`: the device is locked and the item is not yet readable.
    static let interactionNotAllowed: Int32 = -25308
    /// `errSecMissingEntitlement`: the app lacks the keychain access group it asked for.
    static let missingEntitlement: Int32 = -34018

    /// After a read: whether an item was found; throws for anything but found or not found.
    static func found(afterRead status: Int32) throws(ClerkError) -> Bool {
        switch status {
        case success: return true
        case itemNotFound: return false
        default: throw error("read", status)
        }
    }

    /// After an add: whether the item exists already and must be updated instead.
    static func mustUpdate(afterAdd status: Int32) -> Bool {
        status == duplicateItem
    }

    /// After an add or update: throws unless it succeeded.
    static func checkWrite(_ status: Int32) throws(ClerkError) {
        guard status == success else { throw error("write", status) }
    }

    /// After a delete: throws unless the item is gone (deleted, or never there).
    static func checkDelete(_ status: Int32) throws(ClerkError) {
        guard status == success || status == itemNotFound else { throw error("delete", status) }
    }

    /// The storage error for a failed `operation`, saying what the code means where it is a common one.
    static func error(_ operation: String, _ status: Int32) -> ClerkError {
        let meaning =
            switch status {
            case interactionNotAllowed: " The device is locked; the item is readable after the first unlock."
            case missingEntitlement: " The app lacks the keychain access group's entitlement."
            default: ""
            }
        return ClerkError(.storage, "Keychain \(operation) failed (OSStatus \(status)).\(meaning)")
    }
}

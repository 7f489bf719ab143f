public import Foundation

/// Keeps small secrets (the device token, the cached client and environment) between launches.
///
/// Implementations: ``InMemorySecureStore``, ``FileSecureStore`` (owner-only files, Linux and macOS) and, on
/// Apple platforms, ``KeychainSecureStore``.
@available(OS2023, *)
public protocol SecureStore: Sendable {
    /// The value for `key`, or `nil` if there is none.
    func data(forKey key: String) throws(ClerkError) -> Data?
    /// Stores `data` for `key`, replacing any value.
    func set(_ data: Data, forKey key: String) throws(ClerkError)
    /// Removes the value for `key`; removing a missing value is not an error.
    func remove(forKey key: String) throws(ClerkError)
}

/// A ``SecureStore`` in memory, for tests, previews and apps that must not persist anything.
@available(OS2023, *)
public final class InMemorySecureStore: SecureStore {
    private let values: Protected<[String: Data]>

    /// Creates a store holding `values`.
    public init(_ values: [String: Data] = [:]) {
        self.values = Protected(values)
    }

    /// The value for `key`.
    public func data(forKey key: String) -> Data? { values.withLock { $0[key] } }

    /// Stores `data` for `key`.
    public func set(_ data: Data, forKey key: String) { values.withLock { $0[key] = data } }

    /// Removes the value for `key`.
    public func remove(forKey key: String) { values.withLock { _ = $0.removeValue(forKey: key) } }

    /// Every key with a value.
    public var keys: [String] { values.withLock { Array($0.keys).sorted() } }
}

/// The keys ClerkKit stores (the names clerk-ios uses).
@available(OS2023, *)
enum StoreKey {
    static let deviceToken = "clerkDeviceToken"
    static let client = "cachedClient"
    static let clientOrder = "cachedClientOrder"
    static let environment = "cachedEnvironment"
    /// The PKCE verifier of an email link started on this device, until the link comes back.
    static let pendingEmailLink = "pendingMagicLinkFlow"
}

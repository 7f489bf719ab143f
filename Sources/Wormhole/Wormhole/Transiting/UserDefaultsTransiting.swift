import CourierPrimitives
public import Foundation

/// Messages kept in `UserDefaults(suiteName:)`, one key per identifier (latest-value mode only).
///
/// **Apple platforms:** with the app group as suite name, the defaults are shared by the app and its extensions
/// through `cfprefsd`. Writes of one key are atomic, but reading the previous sequence number and storing the next
/// one is not, so two processes writing one identifier at once may store the same number.
///
/// **Linux:** swift-corelibs-foundation keeps a suite in `$XDG_CONFIG_HOME/<suite>.plist` (default
/// `~/.config`) and rewrites the whole file on `synchronize()`. Left alone, two processes writing different keys
/// lose each other's updates. This strategy makes the suite genuinely shared between processes of one user: every
/// write holds an exclusive `flock(2)` on `<suite>.wormhole-lock` next to the plist while it reloads the file,
/// sets its key and saves, and every read reloads first. Sequence numbers are therefore exact on Linux. Each
/// write rewrites the whole suite, so keep messages small; for large or frequent messages use the file
/// strategies.
///
/// Queue mode is not supported (``append(_:for:capacity:)`` throws ``WormholeError/unsupported(_:)``).
@available(OS2021, *)
public final class UserDefaultsTransiting: TransitingStrategy, @unchecked Sendable {
    /// The suite (app group) holding the messages.
    public let suiteName: String

    /// Prepended to identifiers to form keys.
    public let keyPrefix: String

    // `@unchecked Sendable`: `UserDefaults` is not `Sendable` on every platform, and every access goes through `lock`.
    private let defaults: UserDefaults
    private let lock = Locked(())
    private let maximumMessageSize: Int
    private let lockFilePath: String?

    /// Opens the suite.
    ///
    /// - Parameters:
    ///   - suiteName: The suite, normally the app group identifier.
    ///   - keyPrefix: Prepended to identifiers to form keys.
    ///   - maximumMessageSize: The largest payload written or read, in bytes.
    /// - Throws: ``WormholeError/containerUnavailable(appGroup:reason:)`` if the suite cannot be opened.
    public init(suiteName: String, keyPrefix: String = "wormhole.", maximumMessageSize: Int = 16 << 20)
        throws(WormholeError)
    {
        guard let defaults = UserDefaults(suiteName: suiteName) else {
            throw .containerUnavailable(appGroup: suiteName, reason: "UserDefaults(suiteName:) returned nil")
        }
        self.suiteName = suiteName
        self.keyPrefix = keyPrefix
        self.defaults = defaults
        self.maximumMessageSize = maximumMessageSize
        guard !System.coordinatesUserDefaults else {
            self.lockFilePath = nil
            return
        }
        let environment = ProcessInfo.processInfo.environment
        let configHome =
            environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "\(NSHomeDirectory())/.config"
        do throws(WormholeError) {
            // Owner-only, as Foundation makes the suite's file.
            try SystemCalls.makeDirectories(configHome, access: .owner)
        } catch {
            throw .containerUnavailable(appGroup: suiteName, reason: "cannot create \(configHome): \(error)")
        }
        let escaped = (try? MessageIdentifier(suiteName).fileSystemName()) ?? "wormhole"
        self.lockFilePath = "\(configHome)/\(escaped).wormhole-lock"
    }

    private func key(_ identifier: MessageIdentifier) throws(WormholeError) -> String {
        _ = try identifier.fileSystemName()
        return keyPrefix + identifier.rawValue
    }

    /// Runs `body` holding the in-process lock and, on Linux, the cross-process lock, with the suite freshly
    /// loaded; saves afterwards when `saving`.
    private func withSuite<Result>(saving: Bool, _ body: (UserDefaults) throws(WormholeError) -> Result)
        throws(WormholeError) -> Result
    {
        try lock.withLock { _ throws(WormholeError) in
            var fd: Int32 = -1
            if let lockFilePath, saving {
                fd = try SystemCalls.lockExclusively(lockFilePath, access: .owner)
            }
            defer { if fd >= 0 { close(fd) } }
            #if !canImport(Darwin)
            defaults.synchronize()
            #endif
            let result = try body(defaults)
            #if !canImport(Darwin)
            if saving { defaults.synchronize() }
            #endif
            return result
        }
    }

    /// Stores `payload` as the latest message.
    ///
    /// - Throws: ``WormholeError/messageTooLarge(_:size:limit:)``, or an error taking the lock.
    public func write(_ payload: Data, for identifier: MessageIdentifier) throws(WormholeError) -> StoredMessage {
        let key = try key(identifier)
        guard payload.count <= maximumMessageSize else {
            throw .messageTooLarge(identifier, size: payload.count, limit: maximumMessageSize)
        }
        return try withSuite(saving: true) { defaults in
            let previous = defaults.data(forKey: key).flatMap { data in
                data.withUnsafeBytes { MessageEnvelope.sequence(inHeader: $0) }
            }
            let message = StoredMessage(sequence: StoredMessage.latestSequence(after: previous), payload: payload)
            defaults.set(MessageEnvelope.encode(message), forKey: key)
            return message
        }
    }

    /// The latest message, or `nil`.
    ///
    /// - Throws: ``WormholeError/corruptMessage(_:sequence:reason:)`` if the stored value is not a message.
    public func read(for identifier: MessageIdentifier) throws(WormholeError) -> StoredMessage? {
        let key = try key(identifier)
        enum Stored {
            case nothing
            case data(Data)
            case other
        }
        let stored = try withSuite(saving: false) { defaults -> Stored in
            guard let value = defaults.object(forKey: key) else { return .nothing }
            return (value as? Data).map(Stored.data) ?? .other
        }
        switch stored {
        case .nothing:
            return nil
        case .other:
            throw .corruptMessage(identifier, sequence: nil, reason: "the stored value is not data")
        case .data(let data):
            guard data.count <= maximumMessageSize + MessageEnvelope.headerLength else {
                throw .messageTooLarge(
                    identifier, size: data.count - MessageEnvelope.headerLength, limit: maximumMessageSize)
            }
            return try MessageEnvelope.decode(data, for: identifier)
        }
    }

    /// Not supported: user defaults hold one value per key.
    ///
    /// - Throws: ``WormholeError/unsupported(_:)`` always.
    public func append(_ payload: Data, for identifier: MessageIdentifier, capacity: Int) throws(WormholeError)
        -> StoredMessage
    {
        throw .unsupported("queue mode needs a file strategy; user defaults keep only the latest message")
    }

    /// Not supported: user defaults hold one value per key.
    ///
    /// - Throws: ``WormholeError/unsupported(_:)`` always.
    public func readQueue(for identifier: MessageIdentifier, after sequence: UInt64, limit: Int)
        throws(WormholeError) -> QueueSlice
    {
        throw .unsupported("queue mode needs a file strategy; user defaults keep only the latest message")
    }

    /// Removes the identifier's message.
    ///
    /// - Throws: An error taking the lock.
    public func delete(for identifier: MessageIdentifier) throws(WormholeError) {
        let key = try key(identifier)
        try withSuite(saving: true) { defaults in defaults.removeObject(forKey: key) }
    }

    /// Removes every key that starts with ``keyPrefix``.
    ///
    /// - Throws: An error taking the lock.
    public func deleteAll() throws(WormholeError) {
        let prefix = keyPrefix
        try withSuite(saving: true) { defaults in
            for key in defaults.dictionaryRepresentation().keys where key.hasPrefix(prefix) {
                defaults.removeObject(forKey: key)
            }
        }
    }
}

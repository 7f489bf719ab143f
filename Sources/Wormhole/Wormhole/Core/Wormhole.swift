public import Foundation

/// Messages between processes that share a directory: an app and its extensions through an app group container,
/// or any processes on Linux.
///
/// A wormhole is a set of mailboxes named by ``MessageIdentifier``. ``send(_:to:)`` stores a `Codable` message
/// under an identifier and then posts a payload-less notification; every process listening to that identifier
/// wakes, reads what is stored and receives it as a ``Delivery``. By default only the latest message per
/// identifier is kept, as in MMWormhole; identifiers listed in ``Configuration/deliveryModes`` as
/// ``DeliveryMode/queue(capacity:)`` keep every message in order.
///
/// ```swift
/// let wormhole = try Wormhole(appGroupIdentifier: "group.com.example.app", directory: "wormhole")
/// try await wormhole.send(CounterUpdate(count: 42), to: "counter")
///
/// for await delivery in try await wormhole.messages(CounterUpdate.self, for: "counter") {
///     if let update = delivery.message { print(update.count) }
/// }
/// ```
///
/// The actor orders this process's sends, so sequence numbers follow call order. File I/O for sends runs on the
/// actor, and reads for streams and listeners run on their own tasks: never on the caller's actor (the main
/// actor included). Releasing the wormhole ends its streams and listeners.
@available(OS2021, *)
public actor Wormhole {
    /// The configuration the wormhole was created with.
    public nonisolated let configuration: Configuration

    nonisolated let core: WormholeCore

    /// The directory holding the messages, or `nil` for an in-process wormhole.
    public nonisolated var directory: URL? { core.directory }

    /// Opens a wormhole in an app group's shared container, as `MMWormhole(applicationGroupIdentifier:
    /// optionalDirectory:)` does, storing files and using the platform's notifications.
    ///
    /// - Parameters:
    ///   - appGroupIdentifier: The app group shared by the app and its extensions.
    ///   - directory: An optional subdirectory of the container for the wormhole's files (recommended).
    /// - Throws: ``WormholeError/containerUnavailable(appGroup:reason:)`` if the container does not exist (the
    ///   App Groups capability is missing or the identifier is wrong), or
    ///   ``WormholeError/directoryUnavailable(path:reason:)`` if the directory cannot be created or written.
    public init(appGroupIdentifier: String, directory: String? = nil) throws(WormholeError) {
        try self.init(configuration: Configuration(appGroupIdentifier: appGroupIdentifier, directory: directory))
    }

    /// Opens a wormhole in `directory` (created if missing).
    ///
    /// - Parameter directory: The directory for the wormhole's files.
    /// - Throws: ``WormholeError/directoryUnavailable(path:reason:)`` if the directory cannot be created or written.
    public init(directory: URL) throws(WormholeError) {
        try self.init(configuration: Configuration(directory: directory))
    }

    /// Opens a wormhole as configured.
    ///
    /// - Parameter configuration: Location, strategies and delivery modes.
    /// - Throws: ``WormholeError`` if the container or directory is unavailable or notifications cannot be set up.
    public init(configuration: Configuration) throws(WormholeError) {
        self.configuration = configuration
        self.core = try WormholeCore(configuration: configuration)
    }

    deinit {
        core.shutDown()
    }

    // MARK: Sending

    /// Stores `message` under `identifier` and notifies listeners in every process.
    ///
    /// In latest-value mode the message replaces the previous one; in queue mode it is appended. Either way the
    /// write is atomic: a reader sees the whole message or the previous state, never part of it.
    ///
    /// - Parameters:
    ///   - message: The message; encoded with the configured serializer.
    ///   - identifier: Where to send it.
    /// - Returns: The sequence number the message was stored with.
    /// - Throws: ``WormholeError/encodingFailed(_:type:reason:)``, ``WormholeError/messageTooLarge(_:size:limit:)``,
    ///   an I/O error (nothing was stored), or ``WormholeError/notificationFailed(name:reason:)`` (the message was
    ///   stored, but listeners were not told).
    @discardableResult
    public func send<Message: Encodable & Sendable>(_ message: Message, to identifier: MessageIdentifier)
        throws(WormholeError) -> UInt64
    {
        let payload = try core.serializer.encode(message, for: identifier)
        return try sendPayload(payload, to: identifier)
    }

    /// Stores already-encoded bytes under `identifier`, as ``send(_:to:)`` does after encoding.
    ///
    /// - Parameters:
    ///   - payload: The encoded message.
    ///   - identifier: Where to send it.
    /// - Returns: The sequence number the message was stored with.
    /// - Throws: As ``send(_:to:)``, except for encoding.
    @discardableResult
    public func sendPayload(_ payload: Data, to identifier: MessageIdentifier) throws(WormholeError) -> UInt64 {
        let mode = configuration.deliveryMode(for: identifier)
        let stored =
            if let capacity = mode.queueCapacity {
                try core.transiting.append(payload, for: identifier, capacity: capacity)
            } else {
                try core.transiting.write(payload, for: identifier)
            }
        try core.notifier.post(WormholeNotification(identifier: identifier, kind: .changed))
        return stored.sequence
    }

    /// Notifies listeners of `identifier` without storing anything (MMWormhole's `passMessageObject:nil`).
    /// Listeners receive a delivery whose content is ``Delivery/Content/signal``.
    ///
    /// - Parameter identifier: The identifier to signal.
    /// - Throws: ``WormholeError/notificationFailed(name:reason:)`` or ``WormholeError/invalidIdentifier(_:reason:)``.
    public func signal(_ identifier: MessageIdentifier) throws(WormholeError) {
        try core.notifier.post(WormholeNotification(identifier: identifier, kind: .signal))
    }

    // MARK: Reading

    /// The latest message stored under `identifier` (in queue mode, the newest entry), or `nil`.
    ///
    /// - Parameters:
    ///   - type: The message type.
    ///   - identifier: The identifier to read.
    /// - Throws: ``WormholeError/decodingFailed(_:type:sequence:reason:)``,
    ///   ``WormholeError/corruptMessage(_:sequence:reason:)`` or an I/O error.
    public func message<Message: Decodable & Sendable>(_ type: Message.Type, for identifier: MessageIdentifier)
        throws(WormholeError) -> Message?
    {
        let stored: StoredMessage?
        if configuration.deliveryMode(for: identifier).isQueue {
            stored = try newestQueueEntry(identifier)
        } else {
            stored = try core.transiting.read(for: identifier)
        }
        guard let stored else { return nil }
        do throws(WormholeError) {
            return try core.serializer.decode(type, from: stored.payload, for: identifier)
        } catch {
            throw error.code == .decodingFailed ? error.numbered(stored.sequence) : error
        }
    }

    private func newestQueueEntry(_ identifier: MessageIdentifier) throws(WormholeError) -> StoredMessage? {
        let highest = try core.transiting.readQueue(for: identifier, after: .max, limit: 0).highestSequence
        guard let highest, highest > 0 else { return nil }
        let slice = try core.transiting.readQueue(for: identifier, after: highest - 1, limit: 1)
        guard let entry = slice.entries.first, entry.sequence == highest else { return nil }
        return try entry.message.get()
    }

    /// The messages stored under `identifier` after `sequence`, oldest first, as deliveries (a corrupt entry is a
    /// failure delivery). In latest-value mode, the latest message if its number is above `sequence`.
    ///
    /// Use it to catch up on a queue when a process starts ("check your mailbox when you wake up").
    ///
    /// - Parameters:
    ///   - type: The message type.
    ///   - identifier: The identifier to read.
    ///   - sequence: Only messages numbered above this are returned (0: everything stored).
    ///   - limit: The most messages returned.
    /// - Throws: An I/O error reading the queue.
    public func storedMessages<Message: Decodable & Sendable>(
        _ type: Message.Type,
        for identifier: MessageIdentifier,
        after sequence: UInt64 = 0,
        limit: Int = 1024
    ) throws(WormholeError) -> [Delivery<Message>] {
        let subscription = try core.makeSubscription(identifier, after: sequence)
        return subscription.drain(limit: limit).compactMap { raw in
            switch raw.content {
            case .message, .failure: return MessageStream<Message>.decode(raw, for: identifier, using: core.serializer)
            case .signal, .cleared: return nil  // a snapshot has nothing to say about clears
            }
        }
    }
}

@available(OS2021, *)
extension Wormhole {
    /// The deliveries for `identifier` from now on (or after `sequence`), decoded as `type`.
    ///
    /// Returns a ``MessageStream``: its elements are ``Delivery`` values and it never throws, so a corrupt file
    /// or a payload of the wrong type arrives as a ``Delivery/Content/failure(_:)`` and the stream goes on.
    /// Registration happens before this method returns: anything sent afterwards is delivered.
    ///
    /// ```swift
    /// for await delivery in try await wormhole.messages(CounterUpdate.self, for: "counter") {
    ///     switch delivery.content {
    ///     case .message(let update): print(update.count, "missed:", delivery.missedCount)
    ///     case .failure(let error): print("skipped:", error)
    ///     case .signal, .cleared: break
    ///     }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - type: The message type.
    ///   - identifier: The identifier to listen to.
    ///   - sequence: `nil` (the default) for messages stored from now on; a number to first deliver what is
    ///     stored above it (0: everything stored), then continue live. Pass the last sequence number you handled
    ///     to resume a queue without losing anything across restarts.
    /// - Returns: The stream of deliveries.
    /// - Throws: ``WormholeError/invalidIdentifier(_:reason:)``, or an error registering for notifications.
    public func messages<Message: Decodable & Sendable>(
        _ type: Message.Type,
        for identifier: MessageIdentifier,
        after sequence: UInt64? = nil
    ) throws(WormholeError) -> MessageStream<Message> {
        MessageStream(handle: try core.subscribe(identifier, after: sequence), serializer: core.serializer)
    }

    /// Calls `handler` with each delivery for `identifier`, in order, until ``stopListening(_:)``.
    ///
    /// Several listeners may listen to one identifier; each gets every delivery. The handler runs in its own
    /// isolation, which the caller chooses: a `@MainActor` closure runs on the main actor, a closure that calls
    /// an actor's method (`{ await model.apply($0) }`) runs that method on the actor, and a nonisolated closure
    /// runs on the global concurrent executor. Deliveries are handed over one at a time: the next is read only after the handler returns, so a
    /// handler may itself `await`.
    ///
    /// ```swift
    /// let token = try await wormhole.listen(for: "counter", as: CounterUpdate.self) { @MainActor delivery in
    ///     label.text = delivery.message.map { "\($0.count)" }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - identifier: The identifier to listen to.
    ///   - type: The message type.
    ///   - sequence: As for ``messages(_:for:after:)``.
    ///   - handler: Called with each delivery, in the handler's isolation.
    /// - Returns: A token for ``stopListening(_:)``.
    /// - Throws: ``WormholeError/invalidIdentifier(_:reason:)``, or an error registering for notifications.
    @discardableResult
    public func listen<Message: Decodable & Sendable>(
        for identifier: MessageIdentifier,
        as type: Message.Type,
        after sequence: UInt64? = nil,
        handler: @escaping @Sendable (Delivery<Message>) async -> Void
    ) throws(WormholeError) -> ListenerToken {
        let stream = try messages(type, for: identifier, after: sequence)
        let token = ListenerToken(identifier: identifier)
        let subscription = stream.handle.subscription
        core.addListener(token, .init(task: Self.deliver(stream, to: handler), finish: { subscription.finish() }))
        return token
    }

    /// Runs the delivery loop of a listener in a task of its own (not on the wormhole's actor).
    private nonisolated static func deliver<Message>(
        _ stream: MessageStream<Message>,
        to handler: @escaping @Sendable (Delivery<Message>) async -> Void
    ) -> Task<Void, Never> {
        Task {
            for await delivery in stream {
                await handler(delivery)
            }
        }
    }

    /// Stops one listener. Its handler is not called again once any call in progress returns.
    ///
    /// - Parameter token: The token ``listen(for:as:after:handler:)`` returned.
    public nonisolated func stopListening(_ token: ListenerToken) {
        core.removeListeners { $0 == token }
    }

    /// Stops every listener of `identifier` (MMWormhole's `stopListeningForMessageWithIdentifier:`).
    ///
    /// - Parameter identifier: The identifier whose listeners to stop.
    public nonisolated func stopListening(for identifier: MessageIdentifier) {
        core.removeListeners { $0.identifier == identifier }
    }

    // MARK: Clearing

    /// Removes the message (and queue) stored under `identifier`.
    ///
    /// - Parameters:
    ///   - identifier: The identifier to clear.
    ///   - notify: Whether to notify listeners, which then receive a ``Delivery/Content/cleared`` delivery.
    ///     MMWormhole never notified; the default keeps that behaviour.
    /// - Throws: ``WormholeError`` if a file cannot be removed or the notification cannot be posted.
    public func clearMessage(for identifier: MessageIdentifier, notify: Bool = false) throws(WormholeError) {
        try core.transiting.delete(for: identifier)
        if notify {
            try core.notifier.post(WormholeNotification(identifier: identifier, kind: .changed))
        }
    }

    /// Removes every message and queue the wormhole stores (without notifying).
    ///
    /// - Throws: ``WormholeError`` if a file cannot be removed.
    public func clearAllMessages() throws(WormholeError) {
        try core.transiting.deleteAll()
    }
}

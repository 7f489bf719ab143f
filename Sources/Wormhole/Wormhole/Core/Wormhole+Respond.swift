public import Foundation

@available(OS2022, *)
extension Wormhole {
    /// Answers requests sent to `identifier` with ``request(_:to:expecting:timeout:)``, from any process, until
    /// ``stopListening(_:)`` or until the wormhole is released.
    ///
    /// Requests are handled one at a time, in the order they were sent. What `handler` returns is the answer; when
    /// it throws, or the request does not decode as `type`, the requester gets
    /// ``WormholeError/requestFailed(_:reason:)`` with the error's description. A request whose requester has
    /// already given up is skipped. While this responder runs, it holds a lock that requesters check: when its
    /// process ends, however it ends, waiting requesters get ``WormholeError/noResponder(_:reason:)``.
    ///
    /// ```swift
    /// let token = try await server.respond(to: "sum", as: Numbers.self) { numbers in
    ///     numbers.values.reduce(0, +)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - identifier: The identifier to answer.
    ///   - type: The request type.
    ///   - handler: Computes the answer.
    /// - Returns: A token for ``stopListening(_:)``.
    /// - Throws: ``WormholeError/alreadyResponding(_:)`` when another responder (in any process) answers
    ///   `identifier`, or an error registering for notifications.
    @discardableResult
    public func respond<Request: Decodable & Sendable, Response: Encodable & Sendable>(
        to identifier: MessageIdentifier,
        as type: Request.Type,
        handler: @escaping @Sendable (Request) async throws -> Response
    ) throws(WormholeError) -> ListenerToken {
        let serializer = core.serializer
        return try respondPayload(to: identifier) { body throws(WormholeError) in
            let request = try serializer.decode(type, from: body, for: identifier)
            let response: Response
            do {
                response = try await handler(request)
            } catch {
                throw .requestFailed(identifier, reason: "\(error)")
            }
            return try serializer.encode(response, for: identifier)
        }
    }

    /// Answers requests with bytes, as ``respond(to:as:handler:)`` does around decoding and encoding.
    /// - Throws: As ``respond(to:as:handler:)``.
    @discardableResult
    public func respondPayload(
        to identifier: MessageIdentifier,
        handler: @escaping @Sendable (Data) async throws(WormholeError) -> Data
    ) throws(WormholeError) -> ListenerToken {
        let presence = try core.directory.map { directory throws(WormholeError) in
            try ResponderPresence.claim(
                RequestNames.presencePath(identifier, in: directory), identifier: identifier,
                access: configuration.fileAccess)
        }
        let requests: SubscriptionHandle
        do {
            requests = try core.subscribe(RequestNames.requests(identifier), after: nil)
        } catch {
            if let presence { close(presence) }
            throw error
        }
        let token = ListenerToken(identifier: identifier)
        let core = self.core
        let task = Task {
            defer {
                if let presence { close(presence) }
            }
            while let raw = await requests.subscription.next() {
                guard case .message(let stored) = raw.content, let frame = RequestFrame.decode(stored.payload),
                    let reply = frame.metadata.reply
                else { continue }
                if let deadline = frame.metadata.deadline, Int64(Date().timeIntervalSince1970 * 1000) > deadline {
                    continue
                }
                var answer = RequestFrame(metadata: .init(id: frame.metadata.id), body: Data())
                do throws(WormholeError) {
                    answer.body = try await handler(frame.body)
                } catch {
                    answer.metadata.error = error.code == .requestFailed ? error.reason : error.message
                }
                let replyIdentifier = MessageIdentifier(reply)
                // A reply mailbox of another identifier is not ours to write.
                guard replyIdentifier.rawValue.hasPrefix(identifier.rawValue + "#reply-") else { continue }
                _ = try? core.transiting.write(answer.encoded(), for: replyIdentifier)
                try? core.notifier.post(WormholeNotification(identifier: replyIdentifier, kind: .changed))
            }
        }
        core.addListener(token, .init(task: task, finish: { requests.subscription.finish() }))
        return token
    }

    /// Stops a responder once the answer it is computing or writing, if any, is written and posted, and returns
    /// then: after this call no request is taken, and a process may exit as soon as it returns without losing an
    /// answer it has started. (``stopListening(_:)`` stops at once: an answer in progress may never be written.)
    ///
    /// The handler in progress is not cancelled. Works for a listener's token too: its delivery in progress
    /// finishes first.
    ///
    /// - Parameter token: The token ``respond(to:as:handler:)`` or ``listen(for:as:after:handler:)`` returned.
    public nonisolated func finishResponding(_ token: ListenerToken) async {
        await core.finishListener(token)
    }
}

public import Foundation

@available(OS2022, *)
extension Wormhole {
    /// Sends `request` to the process that responds to `identifier` (``respond(to:as:handler:)``) and returns its
    /// answer.
    ///
    /// The request is queued under `<identifier>#requests` with a correlation identifier and the mailbox to answer
    /// to, `<identifier>#reply-<id>`, which this call removes once it has read the answer (or given up).
    ///
    /// ```swift
    /// let sum = try await client.request(Numbers(values: [1, 2, 3]), to: "sum", expecting: Int.self)
    /// ```
    ///
    /// - Parameters:
    ///   - request: The request; encoded with the configured serializer.
    ///   - identifier: The identifier a responder answers.
    ///   - responseType: The type of the answer.
    ///   - timeout: How long to wait for the answer.
    /// - Returns: The answer.
    /// - Throws: ``WormholeError/noResponder(_:reason:)`` when no process responds, or the responder stopped
    ///   before answering; ``WormholeError/requestTimedOut(_:after:)``; ``WormholeError/requestFailed(_:reason:)``
    ///   when the responder's handler threw; encoding, decoding and I/O errors.
    public nonisolated func request<Request: Encodable & Sendable, Response: Decodable & Sendable>(
        _ request: Request,
        to identifier: MessageIdentifier,
        expecting responseType: Response.Type = Response.self,
        timeout: Duration = .seconds(10)
    ) async throws(WormholeError) -> Response {
        let body = try core.serializer.encode(request, for: identifier)
        let answer = try await requestPayload(body, to: identifier, timeout: timeout)
        return try core.serializer.decode(responseType, from: answer, for: identifier)
    }

    /// Sends already-encoded bytes as a request and returns the answer's bytes, as
    /// ``request(_:to:expecting:timeout:)`` does around encoding.
    /// - Throws: As ``request(_:to:expecting:timeout:)``, except for encoding and decoding.
    public nonisolated func requestPayload(
        _ body: Data,
        to identifier: MessageIdentifier,
        timeout: Duration = .seconds(10)
    ) async throws(WormholeError) -> Data {
        let core = self.core
        let presence = try core.directory.map { directory throws(WormholeError) in
            try RequestNames.presencePath(identifier, in: directory)
        }
        let access = configuration.fileAccess
        let responding: @Sendable () -> Bool = { presence.map { ResponderPresence.isHeld($0, access: access) } ?? true }
        guard responding() else { throw .noResponder(identifier, reason: "no responder is running") }

        let correlation = String(FastRandom.next(), radix: 16)
        let replyIdentifier = RequestNames.reply(identifier, correlation)
        let replies = try core.subscribe(replyIdentifier, after: nil)
        defer { try? core.transiting.delete(for: replyIdentifier) }

        let deadline = Date().addingTimeInterval(DurationSeconds.of(timeout))
        let frame = RequestFrame(
            metadata: .init(
                id: correlation, reply: replyIdentifier.rawValue, deadline: Int64(deadline.timeIntervalSince1970 * 1000)
            ),
            body: body)
        let mailbox = RequestNames.requests(identifier)
        try await sendPayload(frame.encoded(), to: mailbox)

        let outcome = await withTaskGroup(of: Result<Data, WormholeError>?.self) { group in
            group.addTask {
                while let raw = await replies.subscription.next() {
                    if let result = Self.answer(raw, correlation: correlation, identifier: identifier) {
                        return result
                    }
                }
                return nil
            }
            group.addTask {
                try? await Task.sleep(for: timeout)
                return Task.isCancelled ? nil : .failure(.requestTimedOut(identifier, after: timeout))
            }
            group.addTask {
                // The responder's process may end without answering: its lock goes with it.
                while !Task.isCancelled {
                    try? await Task.sleep(for: .milliseconds(50))
                    if !responding() {
                        // It may have answered just before it stopped.
                        let stored = try? core.transiting.read(for: replyIdentifier)
                        if let stored,
                            let result = Self.answer(stored, correlation: correlation, identifier: identifier)
                        {
                            return result
                        }
                        return .failure(.noResponder(identifier, reason: "the responder stopped before answering"))
                    }
                }
                return nil
            }
            defer { group.cancelAll() }
            for await result in group {
                if let result { return result }
            }
            return .failure(.noResponder(identifier, reason: "the wormhole was closed"))
        }
        return try outcome.get()
    }

    private nonisolated static func answer(
        _ raw: RawDelivery, correlation: String, identifier: MessageIdentifier
    ) -> Result<Data, WormholeError>? {
        switch raw.content {
        case .message(let stored): answer(stored, correlation: correlation, identifier: identifier)
        case .failure(let error): .failure(error)
        case .signal, .cleared: nil
        }
    }

    private nonisolated static func answer(
        _ stored: StoredMessage, correlation: String, identifier: MessageIdentifier
    ) -> Result<Data, WormholeError>? {
        guard let frame = RequestFrame.decode(stored.payload), frame.metadata.id == correlation else { return nil }
        if let error = frame.metadata.error {
            return .failure(.requestFailed(identifier, reason: error))
        }
        return .success(frame.body)
    }
}

/// Seconds in a `Duration`, for deadlines.
@available(OS2022, *)
enum DurationSeconds {
    static func of(_ duration: Duration) -> TimeInterval {
        let (seconds, attoseconds) = duration.components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}

public import Foundation

@available(OS2022, *)
extension DurableStreamHandle {
    // MARK: - Acknowledged appends

    /// Appends one JSON value and waits for the server's acknowledgment.
    ///
    /// The value is sent wrapped in a one-element array, so an array value is stored as one message.
    /// - Parameters:
    ///   - value: The value to append.
    ///   - seq: An optional `Stream-Seq` writer sequence (must increase lexicographically).
    /// - Returns: The tail offset after the append.
    /// - Throws: ``DurableStreamError``; plain appends are retried only as ``HTTPConfiguration/writeRetryPolicy``
    ///   allows (by default never).
    @discardableResult
    public func appendSync<T: Encodable>(_ value: T, seq: String? = nil) async throws(DurableStreamError)
        -> AppendResult
    {
        try await appendSync(batch: [value], seq: seq)
    }

    /// Appends several JSON values in one request and waits for the acknowledgment.
    ///
    /// - Throws: ``DurableStreamError/invalidArgument`` for an empty batch.
    @discardableResult
    public func appendSync<T: Encodable>(batch values: [T], seq: String? = nil) async throws(DurableStreamError)
        -> AppendResult
    {
        guard !values.isEmpty else { throw .invalidArgument(message: "an append batch must not be empty") }
        let body: Data
        do {
            body = try JSONEncoder().encode(values)
        } catch {
            throw .encodingFailed(message: "\(error)")
        }
        return try await post(body, seq: seq, close: false)
    }

    /// Appends raw bytes and waits for the acknowledgment.
    ///
    /// For JSON streams the bytes are sent as they are: one JSON value, or an array whose elements become
    /// separate messages.
    /// - Throws: ``DurableStreamError``; the server rejects empty data with
    ///   ``DurableStreamError/badRequest``.
    @discardableResult
    public func appendBytesSync(_ data: Data, seq: String? = nil) async throws(DurableStreamError) -> AppendResult {
        try await post(data, seq: seq, close: false)
    }

    /// Closes the stream, optionally appending final bytes in the same request. Closing a closed stream
    /// without data succeeds.
    ///
    /// - Returns: The stream's final offset.
    /// - Throws: ``DurableStreamError/streamClosed`` when final data meets an already closed stream.
    @discardableResult
    public func closeStream(finalData: Data? = nil) async throws(DurableStreamError) -> CloseResult {
        let result = try await post(finalData, seq: nil, close: true)
        return CloseResult(finalOffset: result.offset)
    }

    private func post(_ body: Data?, seq: String?, close: Bool) async throws(DurableStreamError) -> AppendResult {
        var headers: [String: String] = [:]
        if let body, !body.isEmpty || !close { headers[ProtocolHeader.contentType] = contentType }
        if let seq { headers[ProtocolHeader.streamSeq] = seq }
        if close { headers[ProtocolHeader.streamClosed] = "true" }
        var context = client.context(close ? .close : .append, .post)
        context.sentStreamSeq = seq != nil
        let client = self.client
        let response = try await client.send(policy: configuration.http.writeRetryPolicy, context: context) {
            [headers] () throws(DurableStreamError) in
            try await client.makeRequest(.post, headers: headers, body: body, timeout: client.http.timeout)
        }
        await response.body.drain()
        guard let next = response.headers[ProtocolHeader.nextOffset] else {
            throw .invalidResponse(message: "POST \(url.path): no Stream-Next-Offset")
        }
        let offset = Offset(rawValue: next)
        lastKnownOffset = offset
        return AppendResult(
            offset: offset, streamClosed: response.headers[ProtocolHeader.streamClosed]?.lowercased() == "true")
    }

    // MARK: - Fire-and-forget appends (idempotent producer)

    /// Enqueues one JSON value and returns at once; errors go to the producer's `onError` and the next flush.
    public nonisolated func append<T: Encodable>(_ value: T) {
        producer.append(value)
    }

    /// Enqueues several JSON values and returns at once.
    public nonisolated func append<T: Encodable>(batch values: [T]) {
        for value in values { producer.append(value) }
    }

    /// Enqueues raw bytes and returns at once.
    public nonisolated func appendBytes(_ data: Data) {
        producer.appendBytes(data)
    }

    /// Waits until every enqueued append has been acknowledged.
    ///
    /// - Returns: The offset after the flushed data and the number of duplicate batches.
    /// - Throws: The first producer failure since the previous flush.
    @discardableResult
    public func flush() async throws(DurableStreamError) -> FlushResult {
        let result = try await producer.flush()
        lastKnownOffset = result.offset
        return result
    }

    /// Flushes pending appends and stops accepting new ones. The stream stays open (see ``closeStream(finalData:)``).
    ///
    /// - Throws: The first producer failure since the previous flush.
    public func close() async throws(DurableStreamError) {
        try await producer.detach()
    }
}

import CourierPrimitives

@available(OS2022, *)
extension DurableStreamHandle {
    /// The incarnation of the stream this handle follows: the first one a response named (`Stream-Incarnation`),
    /// or the one this handle's own create made or found; `nil` before any response, or when the server does not
    /// send incarnations.
    ///
    /// Reads, `HEAD` and appends send it as `Stream-If-Incarnation`. When the stream was deleted and created again
    /// at the URL they fail with ``DurableStreamError/incarnationChanged`` (its ``DurableStreamError/Context/incarnation``
    /// is the new one) instead of reading or writing another stream at the offsets of the old one.
    public nonisolated var incarnation: String? { client.incarnation.value.current }

    /// Follows another incarnation from now on: `incarnation` (usually the one a
    /// ``DurableStreamError/incarnationChanged`` error named), or `nil` for whichever the next response names.
    ///
    /// Offsets of the old incarnation mean nothing in the new one: read the new one from ``Offset/start``.
    public nonisolated func followIncarnation(_ incarnation: String?) {
        client.incarnation.withLock { $0.current = incarnation }
    }
}

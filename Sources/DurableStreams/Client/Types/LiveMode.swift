/// How a read continues once it has caught up with the stream's tail.
public enum LiveMode: Sendable, Hashable {
    /// Read the data that exists now, then stop.
    case catchUp

    /// Catch up, then wait for new data with HTTP long-polls (CDN-friendly, natural backpressure).
    case longPoll

    /// Follow the stream over one Server-Sent Events connection, reconnecting from the last offset.
    case sse

    /// Chosen by the way the response is consumed: accumulators (`json(as:)`, `text()`, `bytes()`) catch up
    /// and stop; streams and subscribers continue with long-polling. SSE is never chosen automatically.
    case auto
}

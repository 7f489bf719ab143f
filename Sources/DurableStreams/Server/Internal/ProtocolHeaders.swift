import HTTPTypes

/// The protocol's header names.
@available(OS2023, *)
enum ProtocolHeader {
    static let streamNextOffset = name("Stream-Next-Offset")
    static let streamUpToDate = name("Stream-Up-To-Date")
    static let streamClosed = name("Stream-Closed")
    static let streamCursor = name("Stream-Cursor")
    static let streamTTL = name("Stream-TTL")
    static let streamExpiresAt = name("Stream-Expires-At")
    static let streamSeq = name("Stream-Seq")
    static let streamSSEDataEncoding = name("Stream-SSE-Data-Encoding")
    static let streamForkedFrom = name("Stream-Forked-From")
    static let streamForkOffset = name("Stream-Fork-Offset")
    static let streamForkSubOffset = name("Stream-Fork-Sub-Offset")
    static let streamRetentionMaxAge = name("Stream-Retention-Max-Age")
    static let streamRetentionMaxBytes = name("Stream-Retention-Max-Bytes")
    static let streamEarliestOffset = name("Stream-Earliest-Offset")
    static let streamIncarnation = name("Stream-Incarnation")
    static let streamIfIncarnation = name("Stream-If-Incarnation")
    static let producerID = name("Producer-Id")
    static let producerEpoch = name("Producer-Epoch")
    static let producerSeq = name("Producer-Seq")
    static let producerExpectedSeq = name("Producer-Expected-Seq")
    static let producerReceivedSeq = name("Producer-Received-Seq")
    static let accessControlAllowOrigin = name("Access-Control-Allow-Origin")
    static let accessControlAllowMethods = name("Access-Control-Allow-Methods")
    static let accessControlAllowHeaders = name("Access-Control-Allow-Headers")
    static let accessControlExposeHeaders = name("Access-Control-Expose-Headers")
    static let accessControlMaxAge = name("Access-Control-Max-Age")
    static let crossOriginResourcePolicy = name("Cross-Origin-Resource-Policy")
    static let xContentTypeOptions = name("X-Content-Type-Options")
    static let xAccelBuffering = name("X-Accel-Buffering")

    /// Every name above is a valid field name, so the fallback is never used; it exists only so that no
    /// force unwrap is needed.
    private static func name(_ text: String) -> HTTPField.Name {
        HTTPField.Name(text) ?? .via
    }
}

import DurableStreamsStorage

/// What the console API answers, as JSON.
@available(OS2023, *)
enum ConsoleModels {
    /// `GET /__console/api/session`.
    struct Session: Encodable {
        let csrf: String
        let basePath: String
        let maximumBodyBytes: Int
    }

    /// One stream, in the list and on its page.
    struct Stream: Encodable {
        let path: String
        let contentType: String
        /// Bytes stored (the tail's position).
        let size: UInt64
        let tail: String
        let ttlSeconds: UInt64?
        let expiresAt: String?
        let closed: Bool
        let forkSource: String?
        let forkOffset: String?

        init(_ info: StreamInfo) {
            path = info.path.value
            contentType = info.configuration.contentType
            size = info.tail.position
            tail = info.tail.token
            switch info.configuration.expiry {
            case .never:
                ttlSeconds = nil
                expiresAt = nil
            case .timeToLive(let seconds):
                ttlSeconds = seconds
                expiresAt = nil
            case .expiresAt(let timestamp):
                ttlSeconds = nil
                expiresAt = timestamp.text
            }
            closed = info.isClosed
            forkSource = info.fork?.source.value
            forkOffset = info.fork?.offset.token
        }
    }

    /// `GET /__console/api/streams`.
    struct StreamPage: Encodable {
        let streams: [Stream]
        let total: Int
        let next: String?
    }

    /// A subscription linked to a stream.
    struct Subscription: Encodable {
        let id: String
        let type: String
        let pattern: String?
        let description: String?
        let link: String
        let acked: String
        let tail: String
        let pending: Bool
    }

    /// `GET /__console/api/subscriptions`.
    struct Subscriptions: Encodable {
        let available: Bool
        let subscriptions: [Subscription]
    }

    /// A change's answer.
    struct Done: Encodable {
        let ok: Bool
        let tail: String?
        let closed: Bool?
    }

    /// The body of every change (`POST /__console/api/…`): the fields each one uses.
    struct Change: Decodable {
        var path: String?
        var contentType: String?
        var ttlSeconds: UInt64?
        var body: String?
        var close: Bool?
        /// `append` to a text stream: end the body with a newline unless it ends with one, so that sends stay
        /// separate lines (the console's "End with a newline", on by default).
        var newline: Bool?
        var source: String?
        var offset: String?
    }
}

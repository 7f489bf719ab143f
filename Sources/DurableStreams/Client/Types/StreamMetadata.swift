public import Foundation

/// Metadata about a stream, as returned by a `HEAD` request.
public struct StreamMetadata: Sendable, Hashable {
    /// The tail offset: where the next append will be written.
    public let offset: Offset

    /// The stream's content type.
    public let contentType: String?

    /// The absolute expiry time, if the stream has one.
    public let expires: Date?

    /// The sliding time-to-live window in seconds, if the stream has one.
    public let timeToLive: Int?

    /// Whether the stream has been closed: no further appends are accepted.
    public let isClosed: Bool

    /// The `Cache-Control` header of the response.
    public let cacheControl: String?

    /// The entity tag of the response.
    public let etag: String?

    /// Which creation of the stream this is (`Stream-Incarnation`): a stream deleted and created again at the same
    /// URL has another one. `nil` when the server does not send it.
    public let incarnation: String?

    /// Creates stream metadata without an incarnation (the initializer before incarnations existed).
    public init(
        offset: Offset, contentType: String?, expires: Date? = nil, timeToLive: Int? = nil, isClosed: Bool = false,
        cacheControl: String? = nil, etag: String? = nil
    ) {
        self.init(
            offset: offset, contentType: contentType, expires: expires, timeToLive: timeToLive, isClosed: isClosed,
            cacheControl: cacheControl, etag: etag, incarnation: nil)
    }

    /// Creates stream metadata.
    public init(
        offset: Offset,
        contentType: String?,
        expires: Date? = nil,
        timeToLive: Int? = nil,
        isClosed: Bool = false,
        cacheControl: String? = nil,
        etag: String? = nil,
        incarnation: String?
    ) {
        self.offset = offset
        self.contentType = contentType
        self.expires = expires
        self.timeToLive = timeToLive
        self.isClosed = isClosed
        self.cacheControl = cacheControl
        self.etag = etag
        self.incarnation = incarnation
    }
}

/// A request to create a stream as a fork of another (`PUT` with `Stream-Forked-From`).
///
/// A fork shares its source's offsets up to the fork offset and reads the source's data there; what is
/// appended to the fork afterwards is the fork's alone. Its source is kept (soft-deleted if need be) for as
/// long as the fork exists.
@available(OS2022, *)
public struct ForkRequest: Sendable, Hashable {
    /// The stream to fork.
    public var source: StreamPath
    /// Where the fork diverges from its source (`Stream-Fork-Offset`); `nil` forks at the source's tail.
    public var offset: StreamOffset?
    /// How much of the source's append at ``offset`` the fork also takes (`Stream-Fork-Sub-Offset`): messages
    /// for JSON streams, bytes otherwise. `0` takes none.
    public var subOffset: UInt64
    /// Whether the fork takes its source's content type because the request named none. When `false`, the
    /// create request's content type must have the source's media type.
    public var inheritsContentType: Bool

    /// Creates a request.
    public init(source: StreamPath, offset: StreamOffset? = nil, subOffset: UInt64 = 0, inheritsContentType: Bool) {
        self.source = source
        self.offset = offset
        self.subOffset = subOffset
        self.inheritsContentType = inheritsContentType
    }
}

/// Where a fork came from.
@available(OS2022, *)
public struct ForkOrigin: Sendable, Hashable {
    /// The stream it was forked from.
    public let source: StreamPath
    /// The offset it diverged at: data before it is the source's.
    public let offset: StreamOffset
    /// The sub-offset it was created with (`0` for none); what it took is the fork's first append.
    public let subOffset: UInt64

    /// Creates an origin.
    public init(source: StreamPath, offset: StreamOffset, subOffset: UInt64) {
        self.source = source
        self.offset = offset
        self.subOffset = subOffset
    }
}

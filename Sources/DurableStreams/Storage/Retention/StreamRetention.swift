/// How much of a stream is kept: appends older than ``maxAge`` and the oldest appends beyond ``maxBytes`` are
/// dropped, while the stream itself goes on (its offsets never move). Set at creation with
/// `Stream-Retention-Max-Age` and `Stream-Retention-Max-Bytes`, changed later with `PATCH`.
@available(OS2022, *)
public struct StreamRetention: Sendable, Hashable {
    /// Appends older than this many seconds are dropped (the newest one too: an idle stream empties).
    public var maxAge: UInt64?
    /// The oldest appends are dropped while more than this many bytes (in offset units) are kept; the newest
    /// append is always kept, however large.
    public var maxBytes: UInt64?

    /// Keeps everything: the default.
    public static let none = StreamRetention()

    /// Creates a retention policy; `nil` sets no limit of that kind.
    public init(maxAge: UInt64? = nil, maxBytes: UInt64? = nil) {
        self.maxAge = maxAge
        self.maxBytes = maxBytes
    }

    /// Whether the policy keeps everything.
    public var keepsEverything: Bool { maxAge == nil && maxBytes == nil }
}

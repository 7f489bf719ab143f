import DurableStreamsStorage
import PostgresNIO

/// One row of the `streams` table, decoded.
@available(OS2022, *)
struct StreamRow: Sendable {
    /// What a stream is to a client at the moment of a lookup.
    enum Status {
        case live
        case softDeleted
        case expired
    }

    /// The columns every lookup selects (`s` is the stream, `src` its fork source).
    static let columns = """
        s.id, s.path, s.content_type, s.ttl_seconds, s.expires_at, s.tail, s.closed, s.closed_by_producer, \
        s.closed_by_epoch, s.closed_by_seq, s.last_stream_seq, s.last_use, s.soft_deleted, s.fork_source, \
        s.fork_offset, s.fork_sub_offset, s.fork_count, src.path, s.retention_max_age, s.retention_max_bytes, \
        s.retained_start, s.created_at
        """

    let id: Int64
    let path: StreamPath
    /// The protocol state, without producers (those are loaded one at a time, when a request names one).
    var state: StreamState
    let lastUse: Double
    let isSoftDeleted: Bool
    let forkSource: Int64?
    let origin: ForkOrigin?
    let forkCount: Int
    /// Where what remains begins: retention dropped everything before it.
    let retainedStart: UInt64
    /// When the stream was created (seconds since 1970): a fork's inherited range counts as appended then.
    let createdAt: Double

    var configuration: StreamConfiguration { state.configuration }
    /// Stable for the row's lifetime and never reused: row ids come from a sequence.
    var incarnation: String { "p\(id)" }
    /// Where the stream's own records start (its fork offset, or zero).
    var base: UInt64 { origin?.offset.position ?? 0 }

    var info: StreamInfo {
        var info = StreamInfo(
            path: path, configuration: state.configuration, tail: state.tail, isClosed: state.isClosed,
            incarnation: incarnation, fork: origin)
        info.retainedStart = StreamOffset(position: retainedStart)
        return info
    }

    var snapshot: StreamChangeNotifier.Snapshot {
        StreamChangeNotifier.Snapshot(tail: state.tail, isClosed: state.isClosed, isGone: isSoftDeleted)
    }

    /// Decodes a row selected with ``columns``.
    init(_ row: PostgresRow) throws {
        let full = try row.decode(
            (
                Int64, String, String, Int64?, String?, Int64, Bool, String?, Int64?, Int64?, String?, Double, Bool,
                Int64?, Int64?, Int64?, Int32, String?, Int64?, Int64?, Int64, Double
            ).self)
        let (id, pathText, contentType, ttl, expiresAt, tail, closed) = (
            full.0, full.1, full.2, full.3, full.4, full.5, full.6
        )
        let (closedBy, closedByEpoch, closedBySeq) = (full.7, full.8, full.9)
        let expiry: StreamExpiry
        if let ttl {
            expiry = .timeToLive(seconds: UInt64(max(0, ttl)))
        } else if let expiresAt {
            guard let timestamp = StreamTimestamp(rfc3339: expiresAt) else {
                throw StreamStorageError.storageFailure("a stream row has an unreadable expiry")
            }
            expiry = .expiresAt(timestamp)
        } else {
            expiry = .never
        }
        var configuration = StreamConfiguration(contentType: contentType, expiry: expiry)
        configuration.retention = StreamRetention(
            maxAge: full.18.map { UInt64(max(0, $0)) }, maxBytes: full.19.map { UInt64(max(0, $0)) })
        self.id = id
        self.path = try StreamPath(validating: pathText)
        var state = StreamState(
            configuration: configuration,
            tail: StreamOffset(position: UInt64(max(0, tail))), isClosed: closed)
        if let closedBy, let closedByEpoch, let closedBySeq {
            state.closedBy = ProducerStamp(
                id: closedBy, epoch: UInt64(max(0, closedByEpoch)), sequence: UInt64(max(0, closedBySeq)))
        }
        state.lastStreamSequence = full.10
        self.state = state
        self.lastUse = full.11
        self.isSoftDeleted = full.12
        self.forkSource = full.13
        if full.13 != nil, let offset = full.14, let sourcePath = full.17 {
            origin = ForkOrigin(
                source: try StreamPath(validating: sourcePath), offset: StreamOffset(position: UInt64(max(0, offset))),
                subOffset: UInt64(max(0, full.15 ?? 0)))
        } else {
            origin = nil
        }
        self.forkCount = Int(full.16)
        self.retainedStart = UInt64(max(0, full.20))
        self.createdAt = full.21
    }
}

/// Converts protocol numbers (below 2^63) to `bigint`.
extension UInt64 {
    var sql: Int64 { Int64(clamping: self) }
}

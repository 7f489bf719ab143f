/// Why a stream store refused an operation. Each case corresponds to one protocol response.
public enum StreamStorageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No stream at the path (or it expired).
    case notFound
    /// A stream exists at the path with a different configuration (`409`).
    case configurationMismatch
    /// The stream is closed and the request would append to it (`409` with `Stream-Closed`).
    case streamClosed(tail: StreamOffset)
    /// The request's content type differs from the stream's (`409`).
    case contentTypeMismatch(expected: String)
    /// `Stream-Seq` is not greater than the last one accepted (`409`).
    case streamSequenceConflict(last: String)
    /// The producer's epoch is older than the server's (`403` with the current epoch).
    case staleProducerEpoch(current: UInt64)
    /// A producer raised its epoch without starting at sequence 0 (`400`).
    case producerEpochMustStartAtZero
    /// A producer skipped sequence numbers (`409` with the expected and received numbers).
    case producerSequenceGap(expected: UInt64, received: UInt64)
    /// The payload is not acceptable for the stream (for example invalid JSON) (`400`).
    case invalidPayload(String)
    /// The offset is not a position this stream ever returned (`400`).
    case invalidOffset(StreamOffset)
    /// The store could not read or write its data; nothing was acknowledged (`500`).
    case storageFailure(String)
    /// The store is shutting down (`503`).
    case unavailable
    /// The stream was deleted while forks still read from it: it is kept for them, but gone for everyone
    /// else (`410`).
    case gone
    /// A soft-deleted stream still holds the path, so no stream can be created there until its forks are
    /// deleted (`409`).
    case retainedForForks
    /// The stream named by `Stream-Forked-From` does not exist (`404`).
    case forkSourceNotFound
    /// The stream named by `Stream-Forked-From` is soft-deleted and cannot be forked again (`409`).
    case forkSourceGone
    /// The fork offset or sub-offset does not name a position of the source (`400`).
    case invalidForkOffset(String)

    /// A sentence describing the error.
    public var description: String {
        switch self {
        case .notFound: "stream not found"
        case .configurationMismatch: "a stream already exists at this path with a different configuration"
        case .streamClosed: "the stream is closed"
        case .contentTypeMismatch(let expected): "content type does not match the stream's (\(expected))"
        case .streamSequenceConflict(let last): "Stream-Seq must be greater than the last one accepted (\(last))"
        case .staleProducerEpoch(let current): "stale producer epoch (current epoch is \(current))"
        case .producerEpochMustStartAtZero: "a new producer epoch must start at Producer-Seq 0"
        case .producerSequenceGap(let expected, let received):
            "producer sequence gap: expected \(expected), received \(received)"
        case .invalidPayload(let reason): reason
        case .invalidOffset(let offset): "offset \(offset) is not a position in this stream"
        case .storageFailure(let reason): "storage failure: \(reason)"
        case .unavailable: "the stream store is shutting down"
        case .gone: "the stream was deleted (its data is kept only for its forks)"
        case .retainedForForks:
            "a deleted stream at this path is kept for its forks; the path cannot be reused until they are deleted"
        case .forkSourceNotFound: "the source stream does not exist"
        case .forkSourceGone: "the source stream was deleted (it is kept only for its existing forks)"
        case .invalidForkOffset(let reason): reason
        }
    }
}

/// The idempotent-producer headers of one request: `Producer-Id`, `Producer-Epoch`, `Producer-Seq`.
@available(OS2022, *)
public struct ProducerStamp: Sendable, Hashable {
    /// The largest epoch or sequence number a client may send (2^53 - 1, for JavaScript clients).
    public static let maximumNumber: UInt64 = (1 << 53) - 1

    /// The producer's stable identifier.
    public let id: String
    /// The producer's session, raised by the producer on restart.
    public let epoch: UInt64
    /// The request's number within the epoch, starting at 0.
    public let sequence: UInt64

    /// Creates a stamp.
    public init(id: String, epoch: UInt64, sequence: UInt64) {
        self.id = id
        self.epoch = epoch
        self.sequence = sequence
    }
}

/// What the server remembers about one producer of one stream.
@available(OS2022, *)
public struct ProducerState: Sendable, Hashable {
    /// The producer's current epoch.
    public var epoch: UInt64
    /// The highest sequence number accepted in that epoch.
    public var lastSequence: UInt64

    /// Creates a state.
    public init(epoch: UInt64, lastSequence: UInt64) {
        self.epoch = epoch
        self.lastSequence = lastSequence
    }
}

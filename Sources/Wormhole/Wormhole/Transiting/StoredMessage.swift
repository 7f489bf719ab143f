public import Foundation

/// A message as stored: the sender's sequence number, a unique message ID, the send time and the payload.
@available(OS2021, *)
public struct StoredMessage: Sendable, Equatable {
    /// Counts up by one per message on an identifier.
    public var sequence: UInt64

    /// Random per message: tells two messages apart even if they carry the same sequence number (two writers
    /// racing without coordination).
    public var messageID: UInt64

    /// When the sender stored the message, in microseconds since 1970.
    public var sentAtMicroseconds: Int64

    /// The serialized message.
    public var payload: Data

    /// Creates a stored message.
    public init(sequence: UInt64, messageID: UInt64, sentAtMicroseconds: Int64, payload: Data) {
        self.sequence = sequence
        self.messageID = messageID
        self.sentAtMicroseconds = sentAtMicroseconds
        self.payload = payload
    }

    /// A new message with a random ID, stamped now.
    public init(sequence: UInt64, payload: Data) {
        self.init(
            sequence: sequence,
            messageID: FastRandom.next(),
            sentAtMicroseconds: Int64((Date().timeIntervalSince1970 * 1e6).rounded()),
            payload: payload
        )
    }

    /// The number a latest-value message gets after `previous` (`nil`: nothing stored): one more, and 1 again after
    /// `UInt64.max` (receivers see a new message ID and a lower number, as after a clear). The built-in strategies
    /// number this way; custom ones should too.
    public static func latestSequence(after previous: UInt64?) -> UInt64 {
        guard let previous, previous < .max else { return 1 }
        return previous + 1
    }

    /// ``sentAtMicroseconds`` as a date.
    public var sentAt: Date {
        Date(timeIntervalSince1970: Double(sentAtMicroseconds) / 1e6)
    }
}

/// One entry of a queue, read back: its sequence number and either the message or why it cannot be read.
@available(OS2021, *)
public struct QueueEntry: Sendable {
    /// The entry's sequence number (from its name, so known even when its contents are not).
    public var sequence: UInt64
    /// The message, or why it cannot be read.
    public var message: Result<StoredMessage, WormholeError>

    /// Creates an entry.
    public init(sequence: UInt64, message: Result<StoredMessage, WormholeError>) {
        self.sequence = sequence
        self.message = message
    }
}

/// What a queue holds after a given sequence number.
@available(OS2021, *)
public struct QueueSlice: Sendable {
    /// Entries after the requested sequence number, oldest first.
    public var entries: [QueueEntry]
    /// When ``entries`` is empty: the highest sequence number stored, or `nil` if the queue is empty. (A value
    /// below the requested one means the queue was cleared and numbering started again.) When ``entries`` is not
    /// empty, at least the last entry's sequence number.
    public var highestSequence: UInt64?

    /// Creates a slice.
    public init(entries: [QueueEntry], highestSequence: UInt64?) {
        self.entries = entries
        self.highestSequence = highestSequence
    }
}

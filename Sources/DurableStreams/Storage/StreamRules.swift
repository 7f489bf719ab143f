public import Foundation

/// The state of one stream that the protocol's write rules look at.
@available(OS2022, *)
public struct StreamState: Sendable, Equatable {
    /// The stream's configuration.
    public var configuration: StreamConfiguration
    /// The offset after the last byte.
    public var tail: StreamOffset
    /// Whether the stream is closed.
    public var isClosed: Bool
    /// The producer request that closed the stream, so that its retry is recognised as a duplicate.
    public var closedBy: ProducerStamp?
    /// What the server remembers about each producer, by producer id. Kept for the stream's lifetime.
    public var producers: [String: ProducerState]
    /// The last `Stream-Seq` accepted.
    public var lastStreamSequence: String?

    /// Creates the state of a new, empty stream.
    public init(configuration: StreamConfiguration, tail: StreamOffset = .zero, isClosed: Bool = false) {
        self.configuration = configuration
        self.tail = tail
        self.isClosed = isClosed
        self.closedBy = nil
        self.producers = [:]
        self.lastStreamSequence = nil
    }
}

/// The protocol's write rules, shared by every ``StreamStorage`` backend so that all of them answer alike.
///
/// A backend calls ``decide(_:on:)`` inside its per-stream critical section (a lock, a serial queue, a
/// database transaction), writes the payload if the decision says so, and then calls ``apply(_:_:to:newTail:)``
/// in the same critical section.
@available(OS2022, *)
public enum StreamRules {
    /// Why a new stream cannot be created as asked, checked once no live stream holds the path: an invalid
    /// initial payload, or an absolute expiry (`Stream-Expires-At`) that is not after `now` (a stream that
    /// would be gone before it could be used). `nil` when it can be created.
    public static func creationIssue(_ request: CreateRequest, now: Date) -> StreamStorageError? {
        if let issue = request.payloadIssue { return .invalidPayload(issue) }
        if case .expiresAt(let instant) = request.configuration.expiry, instant.date <= now {
            return .invalidPayload("Stream-Expires-At \(instant.text) is not in the future")
        }
        return nil
    }

    /// What to do with an append request.
    public enum Decision: Sendable, Equatable {
        /// Store the payload as one append; close the stream too when `closes` is set.
        case append(closes: Bool)
        /// Close the stream without appending.
        case close
        /// The stream is already closed and this is a plain close: succeed without change.
        case alreadyClosed
        /// The producer already sent this request: succeed without change.
        case duplicate(lastSequence: UInt64)
        /// Refuse the request.
        case reject(StreamStorageError)
    }

    /// Decides an append request against a stream's state, in the protocol's precedence: closure first,
    /// then content type, producer epoch and sequence (before `Stream-Seq`, so that a retry carrying both is
    /// a duplicate rather than a conflict), `Stream-Seq`, and finally the payload's own validity.
    public static func decide(_ request: AppendRequest, on state: StreamState) -> Decision {
        let hasPayload = !request.payload.isEmpty || request.payloadIssue != nil
        if state.isClosed {
            if let producer = request.producer, state.closedBy == producer {
                return .duplicate(lastSequence: producer.sequence)
            }
            if !hasPayload && request.closeStream && request.producer == nil {
                return .alreadyClosed
            }
            return .reject(.streamClosed(tail: state.tail))
        }
        if hasPayload, let contentType = request.contentType,
            StreamConfiguration.mediaType(of: contentType) != state.configuration.mediaType
        {
            return .reject(.contentTypeMismatch(expected: state.configuration.contentType))
        }
        if let producer = request.producer {
            switch validate(producer, against: state.producers[producer.id]) {
            case .accept: break
            case .duplicate(let last): return .duplicate(lastSequence: last)
            case .reject(let error): return .reject(error)
            }
        }
        if hasPayload, let sequence = request.streamSequence, let last = state.lastStreamSequence,
            !last.utf8.lexicographicallyPrecedes(sequence.utf8)
        {
            return .reject(.streamSequenceConflict(last: last))
        }
        if let issue = request.payloadIssue {
            return .reject(.invalidPayload(issue))
        }
        if !hasPayload {
            return request.closeStream ? .close : .reject(.invalidPayload("an append must have a body"))
        }
        return .append(closes: request.closeStream)
    }

    /// Applies an accepted decision to the state. `newTail` is the tail after the payload was stored.
    public static func apply(
        _ decision: Decision, _ request: AppendRequest, to state: inout StreamState, newTail: StreamOffset
    ) {
        switch decision {
        case .append(let closes):
            state.tail = newTail
            if let producer = request.producer {
                state.producers[producer.id] = ProducerState(epoch: producer.epoch, lastSequence: producer.sequence)
            }
            if let sequence = request.streamSequence {
                state.lastStreamSequence = sequence
            }
            if closes {
                state.isClosed = true
                state.closedBy = request.producer
            }
        case .close:
            if let producer = request.producer {
                state.producers[producer.id] = ProducerState(epoch: producer.epoch, lastSequence: producer.sequence)
            }
            state.isClosed = true
            state.closedBy = request.producer
        case .alreadyClosed, .duplicate, .reject:
            break
        }
    }

    /// The outcome of checking a producer stamp.
    public enum ProducerCheck: Sendable, Equatable {
        /// The request is the producer's next one.
        case accept
        /// The request was already accepted; `lastSequence` is the highest accepted.
        case duplicate(lastSequence: UInt64)
        /// The request is refused.
        case reject(StreamStorageError)
    }

    /// Checks a producer stamp against the producer's state (the protocol's validation table).
    public static func validate(_ stamp: ProducerStamp, against state: ProducerState?) -> ProducerCheck {
        guard let state else {
            return stamp.sequence == 0
                ? .accept : .reject(.producerSequenceGap(expected: 0, received: stamp.sequence))
        }
        if stamp.epoch < state.epoch {
            return .reject(.staleProducerEpoch(current: state.epoch))
        }
        if stamp.epoch > state.epoch {
            return stamp.sequence == 0 ? .accept : .reject(StreamStorageError(.producerEpochMustStartAtZero))
        }
        if stamp.sequence <= state.lastSequence {
            return .duplicate(lastSequence: state.lastSequence)
        }
        if stamp.sequence == state.lastSequence + 1 {
            return .accept
        }
        return .reject(.producerSequenceGap(expected: state.lastSequence + 1, received: stamp.sequence))
    }

    /// Whether a stream with this configuration has expired at `now`, given its last read or append.
    public static func isExpired(_ configuration: StreamConfiguration, lastUse: Date, now: Date) -> Bool {
        switch configuration.expiry {
        case .never:
            return false
        case .timeToLive(let seconds):
            return now.timeIntervalSince(lastUse) >= Double(seconds)
        case .expiresAt(let timestamp):
            return now >= timestamp.date
        }
    }
}

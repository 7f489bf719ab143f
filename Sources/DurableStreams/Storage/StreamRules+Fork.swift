@available(OS2022, *)
extension StreamRules {
    /// A fork resolved against its source: what the new stream is created with.
    public struct ResolvedFork: Sendable, Equatable {
        /// The fork's configuration.
        public var configuration: StreamConfiguration
        /// Where it diverges from its source.
        public var offset: StreamOffset
        /// Whether the source has an append at ``offset`` (the offset is below its tail). The backend then
        /// reads that append, which also proves that the offset is a position of the source, and passes it
        /// to ``forkPrefix(_:appendAtOffset:)``.
        public var hasAppendAtOffset: Bool
        /// How much of that append the fork takes (`Stream-Fork-Sub-Offset`, `0` for none).
        public var subOffset: UInt64
        /// Whether the source is a JSON stream (its sub-offsets count messages).
        public var isJSON: Bool
    }

    /// Resolves a fork request against its source's metadata, in the protocol's order: content type (`409`
    /// on a mismatch), then the fork offset (the source's tail when omitted; `400` beyond it).
    ///
    /// The backend then reads the source's append at the fork offset if there is one (mapping a read error
    /// with ``forkReadError(_:at:)``), and cuts the sub-offset's part with
    /// ``forkPrefix(_:appendAtOffset:)``.
    public static func resolveFork(_ request: CreateRequest, _ fork: ForkRequest, source: StreamInfo)
        throws(StreamStorageError) -> ResolvedFork
    {
        let configuration = try forkConfiguration(request, source: source.configuration)
        let offset = fork.offset ?? source.tail
        guard offset <= source.tail else { throw .forkOffsetBeyondTail }
        return ResolvedFork(
            configuration: configuration,
            offset: offset,
            hasAppendAtOffset: offset < source.tail,
            subOffset: fork.subOffset,
            isJSON: source.configuration.isJSON
        )
    }

    /// The error to answer when reading the source's append at the fork offset failed: an offset that is not
    /// a record boundary of the source is a bad fork offset (`400`), not a bad read offset.
    public static func forkReadError(_ error: StreamStorageError, at offset: StreamOffset) -> StreamStorageError {
        error.code == .invalidOffset && error.context.offset == offset ? .forkOffsetNotAPosition : error
    }

    /// The configuration a fork gets: the request's content type, which must have the source's media type,
    /// or the source's when the request named none; and the expiry of the protocol's table: the requested
    /// one if any (`Stream-TTL` or `Stream-Expires-At`, never capped by the source's), otherwise the
    /// source's (a time-to-live slides independently on the fork).
    public static func forkConfiguration(_ request: CreateRequest, source: StreamConfiguration)
        throws(StreamStorageError) -> StreamConfiguration
    {
        var configuration = request.configuration
        if request.fork?.inheritsContentType ?? false {
            configuration.contentType = source.contentType
        } else if configuration.mediaType != source.mediaType {
            throw .contentTypeMismatch(expected: source.contentType)
        }
        if configuration.expiry == .never {
            configuration.expiry = source.expiry
        }
        return configuration
    }

    /// Whether an existing stream answers a create request as identical (`200`): same configuration and
    /// closure, and, for forks, the same source, sub-offset and (when the request names one) fork offset.
    ///
    /// - Parameters:
    ///   - request: The create request.
    ///   - existing: The stream at the path.
    ///   - existingSource: The configuration of the existing stream's source, when it is a fork.
    public static func matches(
        _ request: CreateRequest, existing: StreamInfo, existingSource: StreamConfiguration?
    ) -> Bool {
        guard existing.isClosed == request.closed else { return false }
        guard let fork = request.fork else {
            return existing.fork == nil && existing.configuration.matches(request.configuration)
        }
        guard let origin = existing.fork, origin.source == fork.source, origin.subOffset == fork.subOffset,
            fork.offset.map({ $0 == origin.offset }) ?? true
        else { return false }
        guard let existingSource, let resolved = try? forkConfiguration(request, source: existingSource) else {
            return false
        }
        return existing.configuration.matches(resolved)
    }

    /// What a fork takes of the source's append at the fork offset (it becomes the fork's first append):
    /// nothing without a sub-offset; otherwise the first `subOffset` messages of a JSON append (in storage
    /// form), or its first `subOffset` bytes.
    ///
    /// - Parameters:
    ///   - fork: The resolved fork.
    ///   - appendAtOffset: The source's append at the fork offset, or `nil` when the fork offset is the
    ///     source's tail.
    /// - Throws: ``StreamStorageError/invalidForkOffset(_:)`` when there is no append at the fork offset or it
    ///   is shorter than the sub-offset.
    public static func forkPrefix(_ fork: ResolvedFork, appendAtOffset: [UInt8]?) throws(StreamStorageError)
        -> [UInt8]
    {
        guard fork.subOffset > 0 else { return [] }
        guard let payload = appendAtOffset else { throw .forkSubOffsetWithoutData }
        guard fork.isJSON else {
            let length = try forkPrefixLength(fork, appendLength: UInt64(payload.count))
            return Array(payload[0..<Int(length)])
        }
        return try messages(payload, count: fork.subOffset)
    }

    /// How many bytes a fork of a binary stream takes of the source's append at the fork offset, given only
    /// that append's length (for a backend that copies the bytes without loading them): the same rule as
    /// ``forkPrefix(_:appendAtOffset:)``.
    ///
    /// - Parameters:
    ///   - fork: The resolved fork (of a binary stream).
    ///   - appendLength: The length of the source's append at the fork offset, or `nil` when the fork offset is
    ///     the source's tail.
    /// - Throws: ``StreamStorageError/invalidForkOffset(_:)`` when there is no append at the fork offset or it
    ///   is shorter than the sub-offset.
    public static func forkPrefixLength(_ fork: ResolvedFork, appendLength: UInt64?) throws(StreamStorageError)
        -> UInt64
    {
        guard fork.subOffset > 0 else { return 0 }
        guard let appendLength else { throw .forkSubOffsetWithoutData }
        guard fork.subOffset <= appendLength else {
            throw .invalidForkOffset(
                "Stream-Fork-Sub-Offset \(fork.subOffset) is past the end of the append at the fork offset "
                    + "(\(appendLength) bytes)")
        }
        return fork.subOffset
    }

    /// The first `subOffset` messages of a JSON append (storage form: each followed by a comma).
    private static func messages(_ payload: [UInt8], count subOffset: UInt64) throws(StreamStorageError) -> [UInt8] {
        var count: UInt64 = 0
        var depth = 0
        var inString = false
        var escaped = false
        for (index, byte) in payload.enumerated() {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            case UInt8(ascii: ",") where depth == 0:
                count += 1
                if count == subOffset { return Array(payload[0...index]) }
            default: break
            }
        }
        throw .invalidForkOffset(
            "Stream-Fork-Sub-Offset \(subOffset) is past the end of the append at the fork offset "
                + "(\(count) messages)")
    }
}

@available(OS2022, *)
extension StreamStorageError {
    /// `Stream-Fork-Offset` is past the source's tail.
    public static var forkOffsetBeyondTail: StreamStorageError {
        .invalidForkOffset("Stream-Fork-Offset is beyond the source stream's tail")
    }

    /// `Stream-Fork-Offset` is not an offset of the source (not the boundary of an append).
    public static var forkOffsetNotAPosition: StreamStorageError {
        .invalidForkOffset("Stream-Fork-Offset is not a position of the source stream")
    }

    /// A sub-offset was asked for at the source's tail, where there is no append to cut.
    public static var forkSubOffsetWithoutData: StreamStorageError {
        .invalidForkOffset("Stream-Fork-Sub-Offset needs an append at the fork offset; the source has none there")
    }
}

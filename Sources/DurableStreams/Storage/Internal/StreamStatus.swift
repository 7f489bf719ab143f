/// What a stream in a store's catalog is to a client at a given moment.
@available(OS2022, *)
enum StreamStatus {
    /// Readable and writable; its metadata as of the lookup.
    case live(StreamInfo)
    /// Deleted while forks read from it: kept for them, gone (`410`) for everyone else.
    case softDeleted
    /// Past its expiry, but not yet deleted or soft-deleted.
    case expired
}

@available(OS2022, *)
extension WaitResult {
    /// The answer to a wait on a stream that could not be looked up.
    init(failedLookup error: StreamStorageError) {
        switch error {
        case .unavailable: self = .shutdown
        case .gone: self = .gone
        default: self = .notFound
        }
    }
}

@available(OS2022, *)
extension StreamStorageError {
    /// Refuses a stream that is deleted (`notFound`) or soft-deleted (`gone`).
    static func requireLive(deleted: Bool, softDeleted: Bool) throws(StreamStorageError) {
        guard !deleted else { throw StreamStorageError(.notFound) }
        guard !softDeleted else { throw StreamStorageError(.gone) }
    }
}

/// A store whose appends never wait: nothing to flush to disk, no database to ask. A server may make them on the
/// thread that read the request instead of handing each one to a task, so a small append costs no thread hop.
///
/// ``MemoryStreamStorage`` is one. A store adopts this only when ``appendNow(_:_:)`` returns in about the time a
/// lock is held: it runs on a connection's event loop, where anything slower holds up every connection of that
/// loop.
@available(OS2022, *)
public protocol ImmediateAppending: StreamStorage {
    /// Appends to, or closes, a stream, with the rules and errors of ``StreamStorage/append(_:_:)``, without
    /// suspending.
    func appendNow(_ path: StreamPath, _ request: AppendRequest) throws(StreamStorageError) -> AppendResult
}

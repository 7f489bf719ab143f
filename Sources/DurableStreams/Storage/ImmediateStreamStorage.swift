/// A store whose appends and reads never wait: nothing to flush to disk, no database to ask. A server may run them
/// on the thread that read the request instead of handing each one to a task, so a small append or a long-poll
/// costs no thread hop.
///
/// ``MemoryStreamStorage`` is one. A store adopts this only when its `…Now` operations return in about the time
/// a lock is held: they run on a connection's event loop, where anything slower holds up every connection of that
/// loop.
@available(OS2022, *)
public protocol ImmediateStreamStorage: StreamStorage {
    /// Appends to, or closes, a stream, with the rules and errors of ``StreamStorage/append(_:_:)``, without
    /// suspending.
    func appendNow(_ path: StreamPath, _ request: AppendRequest) throws(StreamStorageError) -> AppendResult

    /// Reads as ``StreamStorage/read(_:from:maxBytes:)`` does, without suspending.
    func readNow(_ path: StreamPath, from start: ReadStart, maxBytes: Int) throws(StreamStorageError) -> ReadResult
}

import Foundation

@available(OS2022, *)
extension MemoryStreamStorage {
    /// Creates a fork of a live source (catalog locked): resolves its configuration and offset, checks that
    /// the offset is a position of the source, cuts the sub-offset's part, and takes a reference on the
    /// source. The caller adds the initial payload.
    static func makeFork(
        _ path: StreamPath,
        _ request: CreateRequest,
        _ fork: ForkRequest,
        incarnation: String,
        time: Date,
        catalog: inout Catalog,
        wakeups: inout Wakeups
    ) throws(StreamStorageError) -> Stream {
        guard let source = catalog.streams[fork.source] else { throw StreamStorageError(.forkSourceNotFound) }
        let info: StreamInfo
        switch status(of: source, at: time) {
        case .softDeleted:
            throw StreamStorageError(.forkSourceGone)
        case .expired:
            throw expire(source, in: &catalog, wakeups: &wakeups)
                ? StreamStorageError(.forkSourceGone) : StreamStorageError(.forkSourceNotFound)
        case .live(let live):
            info = live
        }
        let resolved = try StreamRules.resolveFork(request, fork, source: info)
        var appendAtOffset: [UInt8]?
        if resolved.hasAppendAtOffset {
            do {
                appendAtOffset = try read(source, from: .offset(resolved.offset), maxBytes: 1, asSource: true).payload
            } catch {
                throw StreamRules.forkReadError(error, at: resolved.offset)
            }
        }
        let prefix = try StreamRules.forkPrefix(resolved, appendAtOffset: appendAtOffset)
        let sourceStart = source.contents.withLock { $0.retainedStart }
        guard resolved.offset.position >= sourceStart else {
            throw .offsetDropped(earliest: StreamOffset(position: sourceStart))
        }
        source.contents.withLock { $0.forkCount += 1 }
        var contents = Contents(
            state: StreamState(configuration: resolved.configuration, tail: resolved.offset), lastUse: time)
        // The inherited range counts as one append made now; what the source dropped stays dropped.
        contents.retainedStart = sourceStart
        contents.times.record(end: resolved.offset.position, at: time)
        if !prefix.isEmpty { contents.add(prefix, at: time) }
        let origin = ForkOrigin(source: fork.source, offset: resolved.offset, subOffset: fork.subOffset)
        return Stream(
            path: path, incarnation: incarnation, origin: Origin(source: source, fork: origin), contents: contents)
    }
}

@available(OS2022, *)
extension FileStreamStorage {
    /// Creates a fork of a live source (gate held): resolves its configuration and offset, checks that the
    /// offset is a position of the source, cuts the sub-offset's part, and writes the fork's directory.
    func makeFork(_ path: StreamPath, _ request: CreateRequest, _ fork: ForkRequest) async throws(StreamStorageError)
        -> StreamInfo
    {
        guard let source = try existingStream(fork.source) else { throw StreamStorageError(.forkSourceNotFound) }
        let info: StreamInfo
        switch status(of: source) {
        case .softDeleted:
            throw StreamStorageError(.forkSourceGone)
        case .expired:
            throw try await expireLocked(source)
                ? StreamStorageError(.forkSourceGone) : StreamStorageError(.forkSourceNotFound)
        case .live(let live):
            info = live
        }
        let resolved = try StreamRules.resolveFork(request, fork, source: info)
        if resolved.offset < info.retainedStart { throw .offsetDropped(earliest: info.retainedStart) }
        var appendAtOffset: [UInt8]?
        if resolved.hasAppendAtOffset {
            do throws(StreamStorageError) {
                appendAtOffset = try await read(source, from: .offset(resolved.offset), maxBytes: 1, asSource: true)
                    .payload
            } catch {
                throw StreamRules.forkReadError(error, at: resolved.offset)
            }
        }
        let prefix = try StreamRules.forkPrefix(resolved, appendAtOffset: appendAtOffset)
        return try await makeStream(
            path,
            request,
            configuration: resolved.configuration,
            origin: FileStream.Origin(source: source, offset: resolved.offset, subOffset: fork.subOffset),
            prefix: prefix
        )
    }
}

@available(OS2022, *)
extension FileStreamStorage: StreamCatalog {
    /// The paths of the live streams.
    public func streamPaths() async throws(StreamStorageError) -> [StreamPath] {
        let streams = catalog.withLock { Array($0.streams.values) }
        return streams.compactMap { stream in
            stream.state.withLock { $0.isSoftDeleted || $0.isRemoved } ? nil : stream.path
        }
    }

    /// Every document in `folder`, by name.
    public func controlDocuments(in folder: String) async throws(StreamStorageError) -> [String: [UInt8]] {
        try ControlDocumentName.check(folder)
        let directory = "\(root)/control/\(folder)"
        do throws(FileIOError) {
            return try await pool.run { () throws(FileIOError) -> [String: [UInt8]] in
                guard FileIO.isDirectory(directory) else { return [:] }
                var documents: [String: [UInt8]] = [:]
                for name in try FileIO.contents(ofDirectory: directory) where !name.hasPrefix(".") {
                    documents[name] = try FileIO.readWholeFile(directory + "/" + name)
                }
                return documents
            }
        } catch {
            throw .storageFailure(error)
        }
    }

    /// Writes a document, replacing one of the same name.
    public func writeControlDocument(_ bytes: [UInt8], named name: String, in folder: String)
        async throws(StreamStorageError)
    {
        try ControlDocumentName.check(folder, name)
        guard bytes.count <= ControlDocumentName.maximumBytes else {
            throw StreamStorageError(.invalidPayload, "a control document holds at most 1 MiB")
        }
        let control = "\(root)/control"
        let directory = "\(control)/\(folder)"
        let syncs = options.syncPolicy.syncsMetadata
        let (fileMode, directoryMode) = (options.fileMode, options.directoryMode)
        do throws(FileIOError) {
            try await pool.run { () throws(FileIOError) in
                try FileIO.makeDirectory(control, mode: directoryMode)
                try FileIO.makeDirectory(directory, mode: directoryMode)
                let temporary = "\(directory)/.\(name).tmp"
                try FileIO.writeWholeFile(temporary, bytes, sync: syncs, mode: fileMode)
                try FileIO.rename(temporary, "\(directory)/\(name)")
                if syncs { try FileIO.syncDirectory(directory) }
            }
        } catch {
            throw .storageFailure(error)
        }
    }

    /// Removes a document, if there is one.
    public func removeControlDocument(named name: String, in folder: String) async throws(StreamStorageError) {
        try ControlDocumentName.check(folder, name)
        let directory = "\(root)/control/\(folder)"
        let syncs = options.syncPolicy.syncsMetadata
        do throws(FileIOError) {
            try await pool.run { () throws(FileIOError) in
                guard FileIO.exists("\(directory)/\(name)") else { return }
                try FileIO.removeFile("\(directory)/\(name)")
                if syncs { try FileIO.syncDirectory(directory) }
            }
        } catch {
            throw .storageFailure(error)
        }
    }
}

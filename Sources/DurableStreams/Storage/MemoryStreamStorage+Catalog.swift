@available(OS2022, *)
extension MemoryStreamStorage: StreamCatalog {
    /// The paths of the live streams.
    public func streamPaths() async throws(StreamStorageError) -> [StreamPath] {
        catalog.withLock { catalog in
            catalog.streams.values.compactMap { stream in
                stream.contents.withLock { $0.isDeleted || $0.isSoftDeleted } ? nil : stream.path
            }
        }
    }

    /// Every document in `folder`, by name.
    public func controlDocuments(in folder: String) async throws(StreamStorageError) -> [String: [UInt8]] {
        try ControlDocumentName.check(folder)
        return documents.withLock { $0[folder] ?? [:] }
    }

    /// Writes a document, replacing one of the same name.
    public func writeControlDocument(_ bytes: [UInt8], named name: String, in folder: String)
        async throws(StreamStorageError)
    {
        try ControlDocumentName.check(folder, name)
        guard bytes.count <= ControlDocumentName.maximumBytes else {
            throw StreamStorageError(.invalidPayload, "a control document holds at most 1 MiB")
        }
        documents.withLock { $0[folder, default: [:]][name] = bytes }
    }

    /// Removes a document, if there is one.
    public func removeControlDocument(named name: String, in folder: String) async throws(StreamStorageError) {
        try ControlDocumentName.check(folder, name)
        _ = documents.withLock { $0[folder]?.removeValue(forKey: name) }
    }
}

/// What a server needs from a store beyond the protocol's operations: the list of its streams, and small control
/// documents (such as subscriptions) kept as durably as the streams themselves.
///
/// ``MemoryStreamStorage`` keeps documents in memory; ``FileStreamStorage`` writes each one to
/// `control/<folder>/<name>` in its data directory (written to a temporary file, synced when the sync policy syncs
/// metadata, then renamed into place, so a crash leaves the old or the new document, never a torn one).
@available(OS2022, *)
public protocol StreamCatalog: StreamStorage {
    /// The paths of the store's live streams (soft-deleted ones excluded), in no particular order.
    func streamPaths() async throws(StreamStorageError) -> [StreamPath]

    /// Every document in `folder`, by name.
    func controlDocuments(in folder: String) async throws(StreamStorageError) -> [String: [UInt8]]

    /// Writes a document (at most 1 MiB), replacing one of the same name.
    ///
    /// - Throws: ``StreamStorageError/Code/invalidPath`` for a folder or name that is not 1–128 of
    ///   `A–Z a–z 0–9 . _ -` (and not `.` or `..`), and storage failures.
    func writeControlDocument(_ bytes: [UInt8], named name: String, in folder: String) async throws(StreamStorageError)

    /// Removes a document; removing a missing one does nothing.
    func removeControlDocument(named name: String, in folder: String) async throws(StreamStorageError)
}

@available(OS2022, *)
enum ControlDocumentName {
    /// The largest document.
    static let maximumBytes = 1 << 20

    static func check(_ names: String...) throws(StreamStorageError) {
        for name in names {
            let valid =
                (1...128).contains(name.utf8.count) && name != "." && name != ".."
                && name.utf8.allSatisfy { byte in
                    switch byte {
                    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"):
                        true
                    default: false
                    }
                }
            guard valid else { throw StreamStorageError(.invalidPath, "invalid control document name \"\(name)\"") }
        }
    }
}

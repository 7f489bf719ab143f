public import Foundation

/// A file received from the counterpart.
public struct ConnectivityFile: Sendable {
    /// Where the file is now. It belongs to you: move or delete it when done.
    public let fileURL: URL

    /// The metadata sent with it.
    public let metadata: ConnectivityMessage?

    /// Creates a received file.
    public init(fileURL: URL, metadata: ConnectivityMessage?) {
        self.fileURL = fileURL
        self.metadata = metadata
    }
}

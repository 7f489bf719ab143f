/// Who may read and write the files and directories a wormhole creates.
///
/// Messages are application data, so by default only the owner has access, whatever the process's umask. On Linux,
/// where processes of several users of one group can share a directory (the app-group case), choose
/// ``ownerAndGroup``. Existing files and directories keep their permissions; only new ones get these.
@available(OS2021, *)
public enum FileAccess: Sendable, Equatable {
    /// Only the owning user: files `0600`, directories `0700` (the default).
    case owner
    /// The owning user and the file's group: files `0660`, directories `0770`.
    case ownerAndGroup

    /// The permission bits of a new file.
    public var fileMode: UInt16 {
        self == .owner ? 0o600 : 0o660
    }

    /// The permission bits of a new directory.
    public var directoryMode: UInt16 {
        self == .owner ? 0o700 : 0o770
    }
}

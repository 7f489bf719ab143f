/// When a message stored by the file strategies is safe.
@available(OS2021, *)
public enum Durability: Sendable, Equatable {
    /// Once a write returns, the message survives the writing process dying at any point (the default): files
    /// are written aside, then renamed or linked into place, but not flushed to the device.
    case processCrash
    /// The message also survives the machine losing power: each file is flushed to the device before it is
    /// renamed or linked into place, and its directory after (`F_FULLFSYNC` on Apple platforms, where `fsync`
    /// stops at the drive's cache; `fsync` on Linux). Each write then waits for the device: use it for
    /// messages that must not be lost, not for frequent updates.
    case powerLoss
}

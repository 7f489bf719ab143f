import ClerkKit
import Foundation

/// `--state-dir`: an owner-only directory (0700) holding the device token, the cached client and, for the
/// embedded emulator, its users and sessions.
struct StateDirectory {
    let url: URL

    init(path: String) throws(ClerkError) {
        url = URL(fileURLWithPath: path, isDirectory: true)
        do {
            try FileManager.default.createDirectory(
                at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: url.path)
        } catch {
            throw ClerkError(.storage, "cannot use --state-dir \(path): \(error.localizedDescription)")
        }
    }

    /// Where the embedded emulator keeps its state.
    var emulatorState: URL { url.appendingPathComponent("emulator.json") }
}

import ClerkKit
import Foundation

/// `--state-dir`: an owner-only directory (0700) holding the device token and the cached client (in its
/// `clerk` subdirectory). An embedded emulator keeps nothing here: it lives as long as its command.
@available(OS2023, *)
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
}

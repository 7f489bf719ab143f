#if os(Linux)
import Foundation
import Glibc

/// Cross-process notifications on Linux through inotify.
///
/// Posting a notification touches the file `<directory>/.wormhole-notify/<name>` (see
/// ``WormholeNotification/name()``), creating it the first time; observers watch that directory with inotify
/// (`IN_ATTRIB`, `IN_CLOSE_WRITE`, `IN_MOVED_TO`) on one dedicated thread per notifier, so a process wakes as soon as another one writes, with no
/// polling. Any program can post by touching the file (`touch dir/.wormhole-notify/counter`) and observe with any
/// inotify tool.
///
/// Like Darwin notifications, these carry no payload and coalesce. Handlers run on the notifier's thread.
public final class InotifyNotifier: WormholeNotifier {
    /// The message directory whose `.wormhole-notify` subdirectory carries the notifications.
    public let directory: URL

    private let notificationPath: String
    private let watcher: InotifyWatcher

    /// The name of the subdirectory that carries notifications.
    public static let subdirectoryName = ".wormhole-notify"

    /// Creates a notifier for the wormhole in `directory` (created if missing).
    ///
    /// - Throws: ``WormholeError/directoryUnavailable(path:reason:)`` if the directory cannot be created, or
    ///   ``WormholeError/notificationFailed(name:reason:)`` if inotify is unavailable (for example, the watch limit
    ///   is reached).
    public init(directory: URL) throws(WormholeError) {
        self.directory = directory
        let base = try FileStore.prepare(directory)
        notificationPath = "\(base)/\(Self.subdirectoryName)"
        do throws(WormholeError) {
            try SystemCalls.makeDirectory(notificationPath)
        } catch {
            throw .directoryUnavailable(path: notificationPath, reason: "\(error)")
        }
        watcher = try InotifyWatcher(path: notificationPath)
    }

    deinit {
        watcher.stop()
    }

    /// Posts `notification` by touching its file (creating it the first time).
    ///
    /// - Throws: ``WormholeError/notificationFailed(name:reason:)``.
    public func post(_ notification: WormholeNotification) throws(WormholeError) {
        let name = try notification.name()
        let path = "\(notificationPath)/\(name)"
        // One system call when the file exists (`IN_ATTRIB`); otherwise create it (`IN_CLOSE_WRITE`).
        var code = SystemCalls.touch(path)
        if code == ENOENT {
            var fd = SystemCalls.open(path, O_WRONLY | O_CREAT)
            if fd == -ENOENT {
                // Someone removed the notification directory: put it back.
                try? SystemCalls.makeDirectory(notificationPath)
                fd = SystemCalls.open(path, O_WRONLY | O_CREAT)
            }
            code = fd >= 0 ? 0 : -fd
            if fd >= 0 { close(fd) }
        }
        guard code == 0 else {
            throw .notificationFailed(name: name, reason: SystemCalls.describe(code))
        }
    }

    /// Observes `notification`; `handler` runs on the notifier's thread.
    ///
    /// - Throws: ``WormholeError/invalidIdentifier(_:reason:)``.
    public func observe(_ notification: WormholeNotification, handler: @escaping @Sendable () -> Void)
        throws(WormholeError) -> NotificationObservation
    {
        let name = try notification.name()
        let registry = watcher.registry
        let id = registry.add(name, handler)
        watcher.startIfNeeded()
        return NotificationObservation { registry.remove(name, id) }
    }
}
#endif

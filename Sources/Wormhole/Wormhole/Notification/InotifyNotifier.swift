#if os(Linux)
public import Foundation
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
@available(OS2021, *)
public final class InotifyNotifier: WormholeNotifier {
    /// The message directory whose `.wormhole-notify` subdirectory carries the notifications.
    public let directory: URL

    private let notificationPath: String
    private let access: FileAccess
    private let watcher: InotifyWatcher

    /// The name of the subdirectory that carries notifications.
    public static let subdirectoryName = ".wormhole-notify"

    /// Creates a notifier for the wormhole in `directory` (created if missing).
    ///
    /// - Throws: ``WormholeError/directoryUnavailable(path:reason:)`` if the directory cannot be created, or
    ///   ``WormholeError/notificationFailed(name:reason:)`` if inotify is unavailable (for example, the watch limit
    ///   is reached).
    ///
    /// - Parameters:
    ///   - directory: The message directory.
    ///   - access: Who may read and write the notification directory and files it creates (default: the owner).
    public init(directory: URL, access: FileAccess = .owner) throws(WormholeError) {
        self.directory = directory
        self.access = access
        let base = try FileStore.prepare(directory, access: access)
        notificationPath = "\(base)/\(Self.subdirectoryName)"
        do throws(WormholeError) {
            try SystemCalls.makeDirectory(notificationPath, access: access)
        } catch {
            guard error.code == .fileSystem else { throw error }
            throw .directoryUnavailable(path: notificationPath, reason: error.reason, underlying: error.underlying)
        }
        watcher = try InotifyWatcher(path: notificationPath, access: access)
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
        // One system call when the file exists (`IN_ATTRIB`); otherwise create it (`IN_MOVED_TO`).
        var code = SystemCalls.touch(path)
        if code == ENOENT {
            code = create(path)
            if code == ENOENT {
                // Someone removed the notification directory: put it back.
                _ = try? SystemCalls.makeDirectory(notificationPath, access: access)
                code = create(path)
            }
        }
        guard code == 0 else {
            throw .notificationFailed(name: name, reason: SystemCalls.describe(code))
        }
    }

    /// Creates the notification file at `path` with its permissions already set, then renames it in, so observers
    /// wake once (`IN_MOVED_TO`); returns `errno` on failure, 0 on success.
    private func create(_ path: String) -> Int32 {
        let temporary = "\(notificationPath)/.\(SystemCalls.temporarySuffix()).tmp"
        let fd = SystemCalls.create(temporary, O_WRONLY, access: access)
        guard fd >= 0 else { return -fd }
        close(fd)
        guard System.rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            return code
        }
        return 0
    }

    /// The notifier's thread as a task executor (see ``Wormhole/deliveryExecutor``).
    var deliveryExecutor: any TaskExecutor { watcher }

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

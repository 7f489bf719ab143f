import Foundation

/// Turns a ``Configuration/Location`` into a directory and a notification namespace.
@available(OS2021, *)
enum ContainerLocator {
    /// The message directory, or `nil` for ``Configuration/Location/inProcess``. Does not create it.
    static func directory(for location: Configuration.Location) throws(WormholeError) -> URL? {
        switch location {
        case .directory(let url):
            return url
        case .inProcess:
            return nil
        case .appGroup(let group, let subdirectory):
            let container = try containerDirectory(forAppGroup: group)
            guard let subdirectory, !subdirectory.isEmpty else { return container }
            let components = subdirectory.split(separator: "/")
            guard !subdirectory.hasPrefix("/"), !components.contains(".."), !components.contains(".") else {
                throw .directoryUnavailable(
                    path: subdirectory,
                    reason: "the subdirectory must be a relative path without . or .. components"
                )
            }
            return container.appendingPathComponent(subdirectory, isDirectory: true)
        }
    }

    /// The shared container of an app group.
    static func containerDirectory(forAppGroup group: String) throws(WormholeError) -> URL {
        guard !group.isEmpty else {
            throw .containerUnavailable(appGroup: group, reason: "the app group identifier is empty")
        }
        #if canImport(Darwin)
        guard let url = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: group) else {
            throw .containerUnavailable(
                appGroup: group,
                reason: "no shared container; check the App Groups capability and that the identifier matches it"
            )
        }
        return url
        #else
        // Linux has no app groups: processes of one user that name the same group meet in the same directory.
        guard let name = try? MessageIdentifier(group).fileSystemName() else {
            throw .containerUnavailable(appGroup: group, reason: "the app group identifier is too long")
        }
        let environment = ProcessInfo.processInfo.environment
        if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty {
            return URL(fileURLWithPath: runtime).appendingPathComponent("wormhole/\(name)", isDirectory: true)
        }
        return FileManager.default.temporaryDirectory
            .appendingPathComponent("wormhole-\(getuid())/\(name)", isDirectory: true)
        #endif
    }

    /// A short, stable namespace for Darwin notification names: a hash of the app group and subdirectory, or of
    /// the directory's resolved path, so every process that uses the same wormhole derives the same namespace.
    static func namespace(for location: Configuration.Location) -> String {
        let key: String
        switch location {
        case .appGroup(let group, let subdirectory):
            key = "group:\(group)/\(subdirectory ?? "")"
        case .directory(let url):
            key = "directory:\(url.standardizedFileURL.resolvingSymlinksInPath().path)"
        case .inProcess:
            key = "in-process"
        }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a, 64 bits
        for byte in key.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}

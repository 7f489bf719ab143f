import CourierPrimitives
import Foundation

/// Called with the temporary file's path after half of a payload is written (tests simulate a writer killed
/// mid-write with it).
package typealias WormholePartialWriteHook = @Sendable (_ temporaryPath: String) -> Void

/// The file layout and operations shared by ``FileTransiting`` and ``CoordinatedFileTransiting``.
///
/// Layout inside the directory, for an identifier whose escaped name is `N`:
/// - `N.message`: the latest message (``MessageEnvelope`` format), replaced by rename.
/// - `N.queue/`: queue entries `00000000000000000042.message`, plus `floor` (the highest number cleared).
/// - `.N.lock`: the lock file of the coordinated strategy (never removed).
/// - `.N.<pid>-<random>.tmp`, `N.queue/.tmp-<pid>-<random>`: files being written.
@available(OS2021, *)
struct FileStore: Sendable {
    typealias PartialWriteHook = WormholePartialWriteHook

    let directory: String
    let maximumMessageSize: Int
    let fileAccess: FileAccess
    let coordination: FileCoordination
    let durability: Durability
    let partialWriteHook: PartialWriteHook?
    /// The last queue sequence number this store appended, per escaped name (a hint; checked before use).
    let lastAppended = Locked<[String: UInt64]>([:])
    /// The last latest-value message this store wrote, per escaped name: without coordination another writer's
    /// late rename can put an older number back, and this writer's own numbers should still go up.
    let lastWritten = Locked<[String: WrittenFile]>([:])

    /// A latest-value file this store renamed into place: its number, and the file's identity once written.
    struct WrittenFile: Sendable {
        var sequence: UInt64
        var identity: FileIdentity?
    }

    /// Opens the store in `directory`, creating it (see ``prepare(_:access:)``) if needed.
    init(
        directory: URL,
        options: FileTransitingOptions,
        coordination: FileCoordination,
        hook: PartialWriteHook?
    ) throws(WormholeError) {
        self.directory = try Self.prepare(directory, access: options.access)
        self.maximumMessageSize = options.maximumMessageSize
        self.fileAccess = options.access
        self.coordination = coordination
        self.durability = options.durability
        self.partialWriteHook = hook
    }

    /// Creates the directory (and missing parents, with `access`'s permissions) if needed and checks that it is a
    /// writable directory.
    static func prepare(_ directory: URL, access fileAccess: FileAccess) throws(WormholeError) -> String {
        let path = directory.standardizedFileURL.path
        do throws(WormholeError) {
            try SystemCalls.makeDirectories(path, access: fileAccess)
        } catch {
            guard error.code == .fileSystem, let failedPath = error.context.path else { throw error }
            let reason = failedPath == path ? error.reason : "\(failedPath): \(error.reason)"
            throw .directoryUnavailable(path: path, reason: reason, underlying: error.underlying)
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .directoryUnavailable(path: path, reason: "not a directory")
        }
        guard access(path, W_OK | X_OK) == 0 else {
            throw .directoryUnavailable(path: path, reason: SystemCalls.describe(errno))
        }
        return path
    }

    // MARK: Paths

    func messagePath(_ name: String) -> String { "\(directory)/\(name).message" }
    func queuePath(_ name: String) -> String { "\(directory)/\(name).queue" }
    func lockPath(_ name: String) -> String { "\(directory)/.\(name).lock" }
    func entryPath(_ name: String, _ sequence: UInt64) -> String {
        "\(queuePath(name))/\(Self.entryName(sequence))"
    }

    static func entryName(_ sequence: UInt64) -> String {
        let digits = String(sequence)
        return String(repeating: "0", count: max(0, 20 - digits.count)) + digits + ".message"
    }

    static func sequence(ofEntry name: String) -> UInt64? {
        guard name.utf8.count == 28, name.hasSuffix(".message") else { return nil }
        let digits = name.utf8.prefix(20)
        guard digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        return UInt64(String(decoding: digits, as: UTF8.self))
    }

    // MARK: Latest value

    func write(_ payload: Data, for identifier: MessageIdentifier) throws(WormholeError) -> StoredMessage {
        let name = try identifier.fileSystemName()
        try checkSize(payload, identifier)
        let path = messagePath(name)
        return try coordination.exclusive(path: path, lockPath: lockPath(name), access: fileAccess) {
            () throws(WormholeError) in
            let written = lastWritten.withLock { $0[name] }
            let last = try previousSequence(at: path, written: written)
            // After a clear (no file) numbering starts again at 1, and so it does after UInt64.max.
            let base = last.map { max($0, written?.sequence ?? 0) }
            let message = StoredMessage(sequence: StoredMessage.latestSequence(after: base), payload: payload)
            let temporary = "\(directory)/.\(name).\(SystemCalls.temporarySuffix()).tmp"
            let identity = try writeNewFile(
                temporary, header: MessageEnvelope.header(for: message), payload: payload, identify: true)
            do throws(WormholeError) {
                try SystemCalls.rename(temporary, path)
            } catch {
                try? SystemCalls.remove(temporary)
                throw error
            }
            try syncIfDurable(directory: directory)
            lastWritten.withLock { $0[name] = WrittenFile(sequence: message.sequence, identity: identity) }
            return message
        }
    }

    /// The number of the message stored at `path`, `nil` if there is none. When the file there is still the one
    /// this store wrote last (same identity), its number is known without opening it; otherwise its header is read.
    private func previousSequence(at path: String, written: WrittenFile?) throws(WormholeError) -> UInt64? {
        if let written, let identity = written.identity, FileIdentity.at(path) == identity {
            return written.sequence
        }
        let previous = try SystemCalls.readPrefix(path, count: MessageEnvelope.headerLength)
        return previous.flatMap { bytes in bytes.withUnsafeBytes { MessageEnvelope.sequence(inHeader: $0) } }
    }

    func read(for identifier: MessageIdentifier) throws(WormholeError) -> StoredMessage? {
        let name = try identifier.fileSystemName()
        let path = messagePath(name)
        return try coordination.shared(path: path) { () throws(WormholeError) in
            try readMessage(at: path, identifier: identifier)
        }
    }

    func readMessage(at path: String, identifier: MessageIdentifier) throws(WormholeError) -> StoredMessage? {
        let limit = maximumMessageSize + MessageEnvelope.headerLength
        switch try SystemCalls.readFile(path, limit: limit, headLength: MessageEnvelope.headerLength) {
        case .missing:
            return nil
        case .notRegular(let kind):
            throw .corruptMessage(
                identifier, sequence: nil, reason: "\(path) is \(kind), not a regular file (not read)")
        case .tooLarge(let size):
            throw .messageTooLarge(identifier, size: size - MessageEnvelope.headerLength, limit: maximumMessageSize)
        case .contents(let header, let payload):
            return try MessageEnvelope.decode(header: header, payload: payload, for: identifier)
        }
    }

    func checkSize(_ payload: Data, _ identifier: MessageIdentifier) throws(WormholeError) {
        guard payload.count <= maximumMessageSize else {
            throw .messageTooLarge(identifier, size: payload.count, limit: maximumMessageSize)
        }
    }

    /// Creates `path` (which must not exist) holding `header` then `payload`; with `identify`, returns the new
    /// file's identity (`nil` if it cannot be read).
    @discardableResult
    func writeNewFile(_ path: String, header: [UInt8], payload: Data, identify: Bool = false)
        throws(WormholeError) -> FileIdentity?
    {
        let fd = SystemCalls.create(path, O_WRONLY, access: fileAccess)
        guard fd >= 0 else { throw SystemCalls.failure("create", path, -fd) }
        do throws(WormholeError) {
            try header.withUnsafeBytes { head in
                payload.withUnsafeBytes { (body: UnsafeRawBufferPointer) in
                    Result { () throws(WormholeError) in
                        if let partialWriteHook, body.count > 1 {
                            let half = body.count / 2
                            try SystemCalls.writeAll(
                                fd, head, UnsafeRawBufferPointer(rebasing: body[..<half]), path: path)
                            partialWriteHook(path)
                            try SystemCalls.writeAll(fd, UnsafeRawBufferPointer(rebasing: body[half...]), path: path)
                        } else {
                            try SystemCalls.writeAll(fd, head, body, path: path)
                        }
                    }
                }
            }.get()
            if durability == .powerLoss { try SystemCalls.sync(fd, path: path) }
        } catch {
            close(fd)
            try? SystemCalls.remove(path)
            throw error
        }
        // Taken after the last write: a rename keeps the inode and the modification time.
        let identity = identify ? FileIdentity.of(fd) : nil
        guard close(fd) == 0 else {
            let failure = SystemCalls.failure("close", path)
            try? SystemCalls.remove(path)
            throw failure
        }
        return identity
    }

    /// With ``Durability/powerLoss``, flushes `directory`'s entries (a file just renamed or linked into it).
    func syncIfDurable(directory: String) throws(WormholeError) {
        if durability == .powerLoss { try SystemCalls.syncDirectory(directory) }
    }

    // MARK: Removal

    func delete(for identifier: MessageIdentifier) throws(WormholeError) {
        let name = try identifier.fileSystemName()
        let path = messagePath(name)
        try coordination.exclusive(path: path, lockPath: lockPath(name), access: fileAccess) {
            () throws(WormholeError) in
            try SystemCalls.remove(path)
            try clearQueue(name)
        }
    }

    func deleteAll() throws(WormholeError) {
        guard let names = try SystemCalls.listDirectory(directory) else { return }
        var identifiers = Set<MessageIdentifier>()
        for entry in names {
            for suffix in [".message", ".queue"] where entry.hasSuffix(suffix) {
                if let identifier = MessageIdentifier(fileSystemName: String(entry.dropLast(suffix.count))) {
                    identifiers.insert(identifier)
                }
            }
            if entry.hasPrefix(".") && entry.hasSuffix(".tmp") {
                try removeIfStale("\(directory)/\(entry)")
            }
        }
        for identifier in identifiers.sorted() {
            try delete(for: identifier)
        }
    }

    /// Removes a temporary file left by a writer that died, but not one being written right now.
    func removeIfStale(_ path: String) throws(WormholeError) {
        if let modified = SystemCalls.modificationTime(path), Date().timeIntervalSince1970 - modified > 60 {
            try SystemCalls.remove(path)
        }
    }
}

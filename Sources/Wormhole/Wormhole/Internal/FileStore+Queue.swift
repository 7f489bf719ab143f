import Foundation

/// Queue mode: one file per message, claimed with `link(2)`.
///
/// A writer writes the whole message to a private temporary file, then hard-links it to the next free entry name.
/// `link` fails if the name exists, so two writers (threads or processes) can never claim the same number and no
/// message overwrites another; the loser re-reads the queue and takes the next number. A reader never sees a
/// partial entry, because an entry's name appears only after its contents are complete, and a writer killed at
/// any point leaves at most a temporary file, never a broken entry. Numbers stay contiguous: a writer claims
/// `n + 1` only after seeing `n`, so a reader can follow the queue by probing the next number.
@available(OS2021, *)
extension FileStore {
    func append(_ payload: Data, for identifier: MessageIdentifier, capacity: Int) throws(WormholeError)
        -> StoredMessage
    {
        let name = try identifier.fileSystemName()
        try checkSize(payload, identifier)
        let queue = queuePath(name)
        return try coordination.exclusive(path: queue, lockPath: lockPath(name), access: fileAccess) {
            () throws(WormholeError) in
            // The first append creates the queue directory; a symbolic link in its place is not followed.
            if try SystemCalls.makeDirectory(queue, access: fileAccess) {
                try syncIfDurable(directory: directory)
            }
            var sequence = try nextSequence(name, identifier)
            var message = StoredMessage(sequence: sequence, payload: payload)
            var header = MessageEnvelope.header(for: message)
            let temporary = "\(queue)/.tmp-\(SystemCalls.temporarySuffix())"
            try writeNewFile(temporary, header: header, payload: payload)
            defer { try? SystemCalls.remove(temporary) }
            var attempts = 0
            while try !SystemCalls.linkIfAbsent(temporary, entryPath(name, sequence)) {
                // Another writer took this number: move past everything now in the queue and try again.
                attempts += 1
                guard attempts < 10_000 else {
                    throw .fileSystem(operation: "append to", path: queue, reason: "too much contention")
                }
                sequence = try Self.following(max(sequence, try scan(name).highest), identifier)
                MessageEnvelope.setSequence(sequence, inHeader: &header)
                let fd = SystemCalls.open(temporary, O_WRONLY | O_NOFOLLOW)
                guard fd >= 0 else { throw SystemCalls.failure("open", temporary, -fd) }
                defer { close(fd) }
                try SystemCalls.writeAll(fd, header, at: 0, path: temporary)
                if durability == .powerLoss { try SystemCalls.sync(fd, path: temporary) }  // before the next link
            }
            try syncIfDurable(directory: queue)
            message.sequence = sequence
            lastAppended.withLock { $0[name] = sequence }
            try prune(name, after: sequence, capacity: capacity)
            return message
        }
    }

    func readQueue(for identifier: MessageIdentifier, after sequence: UInt64, limit: Int) throws(WormholeError)
        -> QueueSlice
    {
        let name = try identifier.fileSystemName()
        let queue = queuePath(name)
        return try coordination.shared(path: queue) { () throws(WormholeError) in
            if limit <= 0 {
                let highest = try scan(name).highest
                return QueueSlice(entries: [], highestSequence: highest > 0 ? highest : nil)
            }
            var entries: [QueueEntry] = []
            var next = sequence
            // Numbers end at UInt64.max: nothing follows it.
            while entries.count < limit, next < .max, let entry = try readEntry(name, next + 1, identifier) {
                entries.append(entry)
                next += 1
            }
            if let last = entries.last {
                return QueueSlice(entries: entries, highestSequence: last.sequence)
            }
            // Nothing follows `sequence`. If `sequence` itself is still there, the reader is up to date.
            if sequence > 0 && SystemCalls.exists(entryPath(name, sequence)) {
                return QueueSlice(entries: [], highestSequence: sequence)
            }
            // The reader fell behind the capacity, or the queue was cleared: find out from the listing.
            let (stored, highest) = try scanEntries(name)
            for candidate in stored where candidate > sequence && entries.count < limit {
                if let entry = try readEntry(name, candidate, identifier) {
                    entries.append(entry)
                }
            }
            return QueueSlice(entries: entries, highestSequence: stored.isEmpty ? nil : highest)
        }
    }

    private func readEntry(_ name: String, _ sequence: UInt64, _ identifier: MessageIdentifier) throws(WormholeError)
        -> QueueEntry?
    {
        do throws(WormholeError) {
            guard let message = try readMessage(at: entryPath(name, sequence), identifier: identifier) else {
                return nil
            }
            return QueueEntry(sequence: sequence, message: .success(message))
        } catch {
            // A damaged entry is reported in place; the entries around it are still read.
            guard error.code == .corruptMessage || error.code == .messageTooLarge else { throw error }
            return QueueEntry(sequence: sequence, message: .failure(error.numbered(sequence)))
        }
    }

    /// The number the next append should try: one past this store's last append if that entry is still there,
    /// otherwise one past the highest entry (or cleared number) in the queue.
    private func nextSequence(_ name: String, _ identifier: MessageIdentifier) throws(WormholeError) -> UInt64 {
        if let last = lastAppended.withLock({ $0[name] }), SystemCalls.exists(entryPath(name, last)) {
            return try Self.following(last, identifier)
        }
        return try Self.following(scan(name).highest, identifier)
    }

    /// The number after `sequence`. A queue never wraps (entries would collide with older ones): once
    /// `UInt64.max` is used, appends fail until the queue is cleared, which restarts numbering at 1.
    private static func following(_ sequence: UInt64, _ identifier: MessageIdentifier) throws(WormholeError)
        -> UInt64
    {
        guard sequence < .max else { throw .sequenceExhausted(identifier) }
        return sequence + 1
    }

    /// The stored entry numbers, ascending, and the highest number ever used (entries or `floor`).
    private func scan(_ name: String) throws(WormholeError) -> (entries: [UInt64], highest: UInt64) {
        let (entries, highest) = try scanEntries(name)
        return (entries, max(highest, readFloor(name)))
    }

    private func scanEntries(_ name: String) throws(WormholeError) -> ([UInt64], UInt64) {
        let names = try SystemCalls.listDirectory(queuePath(name), followingLink: false) ?? []
        let entries = names.compactMap(Self.sequence(ofEntry:)).sorted()
        return (entries, entries.last ?? 0)
    }

    private func readFloor(_ name: String) -> UInt64 {
        guard let bytes = try? SystemCalls.readPrefix("\(queuePath(name))/floor", count: 32) else { return 0 }
        return UInt64(String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    }

    /// Drops the entry that fell out of the window, and now and then sweeps everything older.
    private func prune(_ name: String, after sequence: UInt64, capacity: Int) throws(WormholeError) {
        let capacity = UInt64(max(1, capacity))
        guard sequence > capacity else { return }
        try SystemCalls.remove(entryPath(name, sequence - capacity))
        if sequence % capacity == 0 {
            for old in try scanEntries(name).0 where old <= sequence - capacity {
                try SystemCalls.remove(entryPath(name, old))
            }
        }
    }

    /// Removes every entry, remembering the highest number in `floor` so numbering continues after a clear (unless
    /// it reached `UInt64.max`: then numbering restarts at 1).
    func clearQueue(_ name: String) throws(WormholeError) {
        let queue = queuePath(name)
        if let kind = SystemCalls.entryKind(at: queue), kind != "a directory" {
            // Something planted in place of the queue directory (a symbolic link, a FIFO): remove it, unfollowed.
            try SystemCalls.remove(queue)
            return
        }
        guard let names = try SystemCalls.listDirectory(queue, followingLink: false) else { return }
        let highest = try scan(name).highest
        if highest == .max {
            try SystemCalls.remove("\(queue)/floor")
        } else if highest > 0 {
            let temporary = "\(queue)/.floor-\(SystemCalls.temporarySuffix())"
            try writeNewFile(temporary, header: Array("\(highest)\n".utf8), payload: Data())
            try SystemCalls.rename(temporary, "\(queue)/floor")
            try syncIfDurable(directory: queue)
        }
        for entry in names {
            if Self.sequence(ofEntry: entry) != nil {
                try SystemCalls.remove("\(queue)/\(entry)")
            } else if entry.hasPrefix(".tmp-") || entry.hasPrefix(".floor-") {
                try removeIfStale("\(queue)/\(entry)")
            }
        }
    }
}

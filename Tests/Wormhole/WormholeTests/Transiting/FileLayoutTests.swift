import Foundation
import Testing
import Wormhole

#if canImport(Glibc)
import Glibc
#endif

@Suite("File strategies: layout and damaged files")
struct FileLayoutTests {
    @Test(
        "files are named after escaped identifiers and hold the documented envelope",
        arguments: DirectoryStrategy.allCases)
    @available(OS2022, *)
    func layout(strategy: DirectoryStrategy) async throws {
        try await withDirectory { directory in
            let store = try strategy.make(directory)
            _ = try store.write(Data("{}".utf8), for: "com.example/state")
            _ = try store.append(Data("1".utf8), for: "jobs", capacity: 8)
            var expected = ["com.example%2Fstate.message", "jobs.queue"]
            if strategy == .coordinatedFile {
                expected += lockFiles("com.example%2Fstate", "jobs")
            }
            #expect(try contents(of: directory) == expected.sorted())
            #expect(
                try contents(of: directory.appendingPathComponent("jobs.queue")) == ["00000000000000000001.message"])
            let file = try Data(contentsOf: directory.appendingPathComponent("com.example%2Fstate.message"))
            #expect(file.starts(with: Data("wormhole1 00000000000000000001 ".utf8)))
            #expect(file.suffix(2) == Data("{}".utf8))
        }
    }

    @Test(
        "a corrupt, truncated or foreign file is a typed error, and the next write replaces it",
        arguments: DirectoryStrategy.allCases
    )
    @available(OS2022, *)
    func damagedFiles(strategy: DirectoryStrategy) async throws {
        try await withDirectory { directory in
            let store = try strategy.make(directory)
            let path = directory.appendingPathComponent("a.message")
            let valid = MessageEnvelope.encode(StoredMessage(sequence: 5, payload: Data(repeating: 7, count: 64)))
            for damaged in [Data("plain text from another tool".utf8), valid.prefix(100), Data(), valid.prefix(20)] {
                try damaged.write(to: path)
                #expect(throws: WormholeError.self) { try store.read(for: "a") }
            }
            // Numbering restarts from a file whose header cannot be read; the write succeeds.
            #expect(try store.write(Data("ok".utf8), for: "a").sequence == 1)
            #expect(try store.read(for: "a")?.payload == Data("ok".utf8))
        }
    }

    @Test(
        "the next latest-value number follows the file in place: this writer's, another writer's, one rewritten in place, or none",
        arguments: DirectoryStrategy.allCases
    )
    @available(OS2022, *)
    func numberingFollowsTheFileInPlace(strategy: DirectoryStrategy) async throws {
        try await withDirectory { directory in
            let store = try strategy.make(directory)
            let other = try strategy.make(directory)
            let path = directory.appendingPathComponent("a.message")
            #expect(try store.write(Data("1".utf8), for: "a").sequence == 1)
            #expect(try store.write(Data("2".utf8), for: "a").sequence == 2)
            #expect(try other.write(Data("3".utf8), for: "a").sequence == 3)
            #expect(try store.write(Data("4".utf8), for: "a").sequence == 4)
            // Another tool rewrites the file in place (same inode) with a higher number.
            let foreign = MessageEnvelope.encode(StoredMessage(sequence: 41, payload: Data("foreign".utf8)))
            let handle = try FileHandle(forWritingTo: path)
            try handle.write(contentsOf: foreign)
            try handle.close()
            #expect(try store.write(Data("5".utf8), for: "a").sequence == 42)
            // A late rename of an older message: this writer's own numbers still go up.
            let older = directory.appendingPathComponent("older")
            try MessageEnvelope.encode(StoredMessage(sequence: 7, payload: Data("old".utf8))).write(to: older)
            #expect(rename(older.path, path.path) == 0)
            #expect(try store.write(Data("6".utf8), for: "a").sequence == 43)
            // Cleared: numbering starts again at 1.
            try FileManager.default.removeItem(at: path)
            #expect(try store.write(Data("7".utf8), for: "a").sequence == 1)
            #expect(try other.read(for: "a")?.payload == Data("7".utf8))
        }
    }

    @Test("payloads of every length around the header's read back byte for byte", arguments: DirectoryStrategy.allCases)
    @available(OS2022, *)
    func payloadLengths(strategy: DirectoryStrategy) async throws {
        try await withDirectory { directory in
            let store = try strategy.make(directory)
            for length in [0, 1, 79, 80, 81, 4095, 65_536, 1 << 20] {
                let payload = Data((0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ length) })
                let written = try store.write(payload, for: "a")
                let read = try #require(try store.read(for: "a"))
                #expect(read == written)
                #expect(read.payload == payload)
                #expect(read.payload.startIndex == 0)
            }
        }
    }

    @Test("a damaged queue entry is reported in place and the entries around it are still read")
    @available(OS2022, *)
    func damagedQueueEntry() async throws {
        try await withDirectory { directory in
            let store = try FileTransiting(directory: directory)
            for index in 1...3 { _ = try store.append(Data("\(index)".utf8), for: "q", capacity: 10) }
            let entry = directory.appendingPathComponent("q.queue/00000000000000000002.message")
            try Data("garbage".utf8).write(to: entry)
            let slice = try store.readQueue(for: "q", after: 0, limit: 10)
            #expect(slice.entries.map(\.sequence) == [1, 2, 3])
            #expect((try? slice.entries[0].message.get()) != nil)
            guard case .failure(let error) = slice.entries[1].message, error.code == .corruptMessage else {
                Issue.record("expected a corrupt entry, got \(slice.entries[1].message)")
                return
            }
            #expect(error.context.sequence == 2)
            #expect((try? slice.entries[2].message.get()) != nil)
        }
    }

    @Test("a file larger than the limit is reported without being read")
    @available(OS2022, *)
    func oversizeFile() async throws {
        try await withDirectory { directory in
            let store = try FileTransiting(directory: directory, maximumMessageSize: 1000)
            let big = MessageEnvelope.encode(StoredMessage(sequence: 1, payload: Data(repeating: 0, count: 5000)))
            try big.write(to: directory.appendingPathComponent("big.message"))
            #expect(throws: WormholeError.messageTooLarge("big", size: 5000, limit: 1000)) {
                try store.read(for: "big")
            }
        }
    }

    @Test("deleteAll removes messages, queues and stale temporary files, and nothing else")
    @available(OS2022, *)
    func deleteAllScope() async throws {
        try await withDirectory { directory in
            let store = try CoordinatedFileTransiting(directory: directory)
            _ = try store.write(Data("1".utf8), for: "a")
            _ = try store.append(Data("2".utf8), for: "q", capacity: 4)
            let foreign = directory.appendingPathComponent("notes.txt")
            try Data("keep me".utf8).write(to: foreign)
            let stale = directory.appendingPathComponent(".a.1-old.tmp")
            let fresh = directory.appendingPathComponent(".a.2-new.tmp")
            try Data("partial".utf8).write(to: stale)
            try Data("partial".utf8).write(to: fresh)
            var times = [timespec(tv_sec: 1_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000, tv_nsec: 0)]
            #expect(utimensat(AT_FDCWD, stale.path, &times, 0) == 0)
            try store.deleteAll()
            // The lock files stay: removing one while another process holds it would break the exclusion.
            let kept = [".a.2-new.tmp", "notes.txt", "q.queue"] + lockFiles("a", "q")
            #expect(try contents(of: directory) == kept.sorted())
            #expect(try contents(of: directory.appendingPathComponent("q.queue")) == ["floor"])
        }
    }

    @Test("a directory that cannot be created is a typed error, not a crash")
    @available(OS2022, *)
    func unavailableDirectory() async throws {
        try await withDirectory { directory in
            let file = directory.appendingPathComponent("plain-file")
            try Data().write(to: file)
            let inside = file.appendingPathComponent("messages")
            #expect {
                try FileTransiting(directory: inside)
            } throws: { error in
                guard let error = error as? WormholeError, error.code == .directoryUnavailable else { return false }
                return error.context.path == inside.path
            }
            #expect(throws: WormholeError.self) { try FileTransiting(directory: file) }
        }
    }
}

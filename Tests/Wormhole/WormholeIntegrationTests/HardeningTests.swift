import CourierTestSupport
import Foundation
import Testing
import Wormhole

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `wormhole` binary against special files, hostile layouts, huge input and every documented exit code.
@Suite("wormhole command-line tool: special files, limits and exit codes")
struct HardeningTests {
    /// A FIFO in place of a message: `read` must not wait for a writer, `send` must not either.
    @Test("a FIFO at a message path blocks neither read nor send")
    @available(OS2022, *)
    func fifo() async throws {
        try await withDirectory { (directory: URL) async throws in
            let path = directory.appendingPathComponent("counter.message").path
            #expect(mkfifo(path, 0o600) == 0)
            let read = try await tool(directory, ["read", "counter"], within: .seconds(30))
            #expect(read.status == 65)
            #expect(read.lines.first?.contains("a FIFO, not a regular file") == true)
            let payload = try await tool(directory, ["read", "--payload", "counter"], within: .seconds(30))
            #expect(payload.status == 65)
            #expect(payload.standardError.contains("\(path) is a FIFO"))
            // send replaces the FIFO with a message.
            #expect(try await tool(directory, ["send", "counter", "5"], within: .seconds(30)).lines == ["1"])
            #expect(try await tool(directory, ["read", "--payload", "counter"]).lines == ["5"])
        }
    }

    /// A symbolic link in place of a message: never followed, neither to read another file nor to write it.
    @Test("a symbolic link at a message path is not followed by read or send")
    @available(OS2022, *)
    func symbolicLink() async throws {
        try await withDirectory { (directory: URL) async throws in
            // The target looks like a message, so following the link would print it.
            let secret = directory.appendingPathComponent("secret")
            let secretMessage = MessageEnvelope.encode(StoredMessage(sequence: 1, payload: Data("\"secret\"".utf8)))
            try secretMessage.write(to: secret)
            let link = directory.appendingPathComponent("box.message").path
            #expect(symlink(secret.path, link) == 0)
            let read = try await tool(directory, ["read", "box"])
            #expect(read.status == 65)
            #expect(!read.lines.joined().contains("secret\""))
            #expect(read.lines.first?.contains("a symbolic link, not a regular file") == true)
            let payload = try await tool(directory, ["read", "--payload", "box"])
            #expect(payload.status == 65)
            #expect(payload.lines.isEmpty)
            // send replaces the link, and the file it pointed to is untouched.
            #expect(try await tool(directory, ["send", "box", "7"]).lines == ["1"])
            #expect(try Data(contentsOf: secret) == secretMessage)
            #expect(SystemFile.kind(link) == "regular")
            #expect(try await tool(directory, ["read", "--payload", "box"]).lines == ["7"])
        }
    }

    @Test("a symbolic link in place of a queue directory is not followed")
    @available(OS2022, *)
    func symbolicQueueDirectory() async throws {
        try await withDirectory { (directory: URL) async throws in
            let elsewhere = directory.appendingPathComponent("elsewhere")
            try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: false)
            #expect(symlink(elsewhere.path, directory.appendingPathComponent("jobs.queue").path) == 0)
            let sent = try await tool(directory, ["send", "--queue", "jobs", "1"])
            #expect(sent.status == 74)
            #expect(sent.standardError.contains("a symbolic link, not a directory"))
            #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty)
            #expect(try await tool(directory, ["read", "--queue", "jobs"]).status == 74)
            // clear removes the link itself, and the queue works again.
            #expect(try await tool(directory, ["clear", "--all"]).status == 0)
            #expect(SystemFile.kind(directory.appendingPathComponent("jobs.queue").path) == nil)
            #expect(try await tool(directory, ["send", "--queue", "jobs", "1"]).lines == ["1"])
        }
    }

    @Test("files are 0600 and directories 0700 whatever the umask; --group-access gives 0660 and 0770")
    @available(OS2022, *)
    func permissions() async throws {
        try await withDirectory { (directory: URL) async throws in
            for (umask, group) in [("000", false), ("077", false), ("022", true), ("000", true)] {
                let base = directory.appendingPathComponent("u\(umask)-\(group)/nested/box").path
                let flag = group ? " --group-access" : ""
                let script = """
                    umask \(umask)
                    "$WORMHOLE" send -d \(base)\(flag) counter 1 &&
                    "$WORMHOLE" send -d \(base)\(flag) --queue jobs 1 &&
                    "$WORMHOLE" send -d \(base)\(flag) --coordinated locked 1
                    """
                let finished = try await shell(script)
                #expect(finished.status == 0, "\(finished.standardError)")
                let file: mode_t = group ? 0o660 : 0o600
                let folder: mode_t = group ? 0o770 : 0o700
                for name in ["counter.message", "jobs.queue/00000000000000000001.message", "locked.message"]
                    + Self.linuxFiles
                {
                    #expect(SystemFile.permissions("\(base)/\(name)") == file, "\(name), umask \(umask)")
                }
                for name in ["", "/..", "/jobs.queue"] + Self.linuxDirectories {
                    #expect(SystemFile.permissions(base + name) == folder, "\(name), umask \(umask)")
                }
            }
        }
    }

    /// The `flock(2)` file of the coordinated identifier `locked` and the inotify notification file: Linux only
    /// (Apple platforms coordinate with `NSFileCoordinator` and notify through the Darwin notification center).
    #if os(Linux)
    static let (linuxFiles, linuxDirectories) = ([".locked.lock", ".wormhole-notify/counter"], ["/.wormhole-notify"])
    #else
    static let (linuxFiles, linuxDirectories): ([String], [String]) = ([], [])
    #endif

    @Test("send refuses a 100 MB standard input after reading just past the limit, in bounded memory")
    @available(OS2022, *)
    func hugeInput() async throws {
        try await withDirectory { (directory: URL) async throws in
            let input = directory.appendingPathComponent("huge")
            #expect(FileManager.default.createFile(atPath: input.path, contents: nil))
            let handle = try FileHandle(forWritingTo: input)
            try handle.truncate(atOffset: 100_000_000)  // sparse: no disk space used
            try handle.close()
            for raw in [true, false] {
                let run = try await MeasuredRun.run(
                    "wormhole", ["send", "-d", directory.path, "big"] + (raw ? ["--raw"] : []), input: input,
                    scratch: directory, within: .seconds(120))
                #expect(run.status == 65)
                #expect(run.standardError.contains("larger than the limit of 16777216 bytes"))
                // The limit is 16 MiB; reading everything took 328 MB.
                #expect(run.peakResidentBytes < 96 << 20, "peak \(run.peakResidentBytes >> 20) MiB")
            }
            #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("big.message").path))
            // Exactly at the limit is accepted (with the newline echo adds).
            let atLimit = directory.appendingPathComponent("limit")
            try Data(repeating: UInt8(ascii: "a"), count: 16 << 20).write(to: atLimit)
            let handle2 = try FileHandle(forWritingTo: atLimit)
            try handle2.seekToEnd()
            try handle2.write(contentsOf: Data("\n".utf8))
            try handle2.close()
            let accepted = try await MeasuredRun.run(
                "wormhole", ["send", "-d", directory.path, "--raw", "big"], input: atLimit, scratch: directory,
                within: .seconds(120))
            #expect(accepted.status == 65)  // --raw keeps the newline: one byte over
            let stripped = try await shell("printf '\"%s\"\\n' x | \"$WORMHOLE\" send -d \(directory.path) small")
            #expect(stripped.lines == ["1"])
        }
    }

    @Test("listen --payload reports an unreadable message on standard error, as one delivery")
    @available(OS2022, *)
    func listenPayloadFailure() async throws {
        try await withDirectory { (directory: URL) async throws in
            let errorFile = directory.appendingPathComponent("listen.stderr")
            let listener = try start(
                "wormhole", ["listen", "-d", directory.path, "--ready", "--payload", "--count", "1", "box"],
                standardError: errorFile)
            #expect(try await listener.lines.first(1, within: .seconds(60)).first?.contains("ready") == true)
            #expect(mkfifo(directory.appendingPathComponent("box.message").path, 0o600) == 0)
            try Data().write(to: directory.appendingPathComponent(".wormhole-notify/box"))
            #expect(try await listener.waitForExit(within: .seconds(60)) == 0)
            let standardError = try String(contentsOf: errorFile, encoding: .utf8)
            #expect(standardError.contains("box.message is a FIFO, not a regular file"))
        }
    }

    @Test("read of one message reports missed 0; --after counts what was replaced since")
    @available(OS2022, *)
    func missed() async throws {
        try await withDirectory { (directory: URL) async throws in
            for count in 1...3 { #expect(try await tool(directory, ["send", "c", "\(count)"]).status == 0) }
            let plain = try object(try #require(try await tool(directory, ["read", "c"]).lines.first))
            #expect(plain["sequence"] as? Int == 3)
            #expect(plain["missed"] as? Int == 0)
            let after = try object(try #require(try await tool(directory, ["read", "c", "--after", "1"]).lines.first))
            #expect(after["missed"] as? Int == 1)
        }
    }

    @Test("send strips one trailing newline from standard input; --raw keeps it")
    @available(OS2022, *)
    func trailingNewline() async throws {
        try await withDirectory { (directory: URL) async throws in
            #expect(try await tool(directory, ["send", "--raw", "text"], input: "hello\n").status == 0)
            #expect(try await makeWormhole(directory).message(Data.self, for: "text") == Data("hello\n".utf8))
            #expect(try await tool(directory, ["send", "json"], input: "{\"k\": 1}\n\n").status == 0)
            #expect(try await makeWormhole(directory).message(Data.self, for: "json") == Data("{\"k\": 1}\n".utf8))
            #expect(try await tool(directory, ["send", "crlf"], input: "42\r\n").status == 0)
            #expect(try await makeWormhole(directory).message(Data.self, for: "crlf") == Data("42".utf8))
            // An argument is taken as it is.
            #expect(try await tool(directory, ["send", "arg", "42\n"]).status == 0)
            #expect(try await makeWormhole(directory).message(Data.self, for: "arg") == Data("42\n".utf8))
        }
    }

    @Test("every exit code the README documents")
    @available(OS2022, *)
    func exitCodes() async throws {
        try await withDirectory { (directory: URL) async throws in
            // 0 success
            #expect(try await tool(directory, ["send", "ok", "1"]).status == 0)
            #expect(try await tool(directory, ["read", "ok"]).status == 0)
            // 1 read found nothing
            #expect(try await tool(directory, ["read", "none"]).status == 1)
            // 64 usage: bad option, empty identifier
            #expect(try await tool(directory, ["send", "--bogus", "ok", "1"]).status == 64)
            #expect(try await tool(directory, ["send", "--capacity", "0", "ok", "1"]).status == 64)
            #expect(try await tool(directory, ["read", ""]).status == 64)
            #expect(try await tool(directory, ["read", "--limit", "0", "ok"]).status == 64)
            // 65 bad data: not JSON, too large (hugeInput), unreadable
            #expect(try await tool(directory, ["send", "ok", "{"]).status == 65)
            try Data("wormhole1 garbage".utf8).write(to: directory.appendingPathComponent("bad.message"))
            let corrupt = try await tool(directory, ["read", "--payload", "bad"])
            #expect(corrupt.status == 65)
            #expect(corrupt.lines.isEmpty)
            #expect(corrupt.standardError.contains("the stored message for \"bad\" is unreadable"))
            #expect(try await tool(directory, ["read", "bad"]).status == 65)
            // 69 directory or container unavailable
            let file = directory.appendingPathComponent("plain-file")
            try Data().write(to: file)
            let unavailable = try await run(
                "wormhole", ["send", "-d", file.appendingPathComponent("x").path, "a", "1"])
            #expect(unavailable.status == 69)
            #expect(
                unavailable.standardError
                    == "wormhole: the message directory \(file.path)/x is unavailable: Not a directory\n")
            #expect(try await run("wormhole", ["send", "--app-group", "", "a", "1"]).status == 69)
            // 74 I/O error: a directory where the message file goes
            try FileManager.default.createDirectory(
                at: directory.appendingPathComponent("dir.message"), withIntermediateDirectories: false)
            let ioError = try await tool(directory, ["send", "dir", "1"])
            #expect(ioError.status == 74)
            #expect(ioError.standardError.contains("\(directory.path)/dir.message failed: Is a directory"))
        }
    }

    @Test("a failed open names the path and the system's reason")
    @available(OS2022, *)
    func failureMessages() async throws {
        try await withDirectory { (directory: URL) async throws in
            let missingParent = "/proc/self/no-such-dir/box"
            let denied = try await run("wormhole", ["send", "-d", missingParent, "a", "1"])
            #expect(denied.status == 69)
            #expect(denied.standardError.hasPrefix("wormhole: the message directory \(missingParent) is unavailable: "))
            #expect(denied.standardError.contains("No such file or directory"))
            let notify = directory.appendingPathComponent(".wormhole-notify")
            try Data().write(to: notify)
            let blocked = try await tool(directory, ["send", "a", "1"])
            #expect(blocked.status == 69)
            #expect(blocked.standardError.contains(notify.path))
            #expect(blocked.standardError.contains("a regular file, not a directory"))
        }
    }

    @Test("a queue at UInt64.max refuses appends with exit 65 until cleared, then numbers from 1")
    @available(OS2022, *)
    func exhaustedQueue() async throws {
        try await withDirectory { (directory: URL) async throws in
            let queue = directory.appendingPathComponent("jobs.queue")
            try FileManager.default.createDirectory(at: queue, withIntermediateDirectories: false)
            try MessageEnvelope.encode(StoredMessage(sequence: .max, payload: Data("0".utf8)))
                .write(to: queue.appendingPathComponent("18446744073709551615.message"))
            let refused = try await tool(directory, ["send", "--queue", "jobs", "1"])
            #expect(refused.status == 65)
            #expect(refused.standardError.contains("used its last sequence number"))
            let read = try await tool(directory, ["read", "--queue", "jobs", "--after", "18446744073709551614"])
            #expect(try read.lines.map { try object($0)["sequence"] as? UInt64 } == [.max])
            #expect(
                try await tool(directory, ["read", "--queue", "jobs", "--after", "18446744073709551615"]).status == 1)
            #expect(try await tool(directory, ["clear", "--queue", "jobs"]).status == 0)
            #expect(try await tool(directory, ["send", "--queue", "jobs", "1"]).lines == ["1"])
        }
    }
}

/// File facts for the tests, without following symbolic links.
@available(OS2022, *)
enum SystemFile {
    static func permissions(_ path: String) -> mode_t? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return info.st_mode & 0o7777
    }

    static func kind(_ path: String) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return "regular"
        case S_IFLNK: return "link"
        case S_IFIFO: return "fifo"
        case S_IFDIR: return "directory"
        default: return "other"
        }
    }
}

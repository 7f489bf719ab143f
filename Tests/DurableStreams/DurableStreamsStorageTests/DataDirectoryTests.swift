import CourierTestSupport
import DurableStreamsStorage
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The file store's data directory on a real file system: permissions, special files, many streams with few
/// open descriptors.
@Suite("Data directory")
struct DataDirectoryTests {
    @available(OS2023, *)
    private static func create(_ store: FileStreamStorage, _ name: String) async throws -> String {
        let result = try await store.create(
            try path(name),
            CreateRequest(
                configuration: StreamConfiguration(contentType: "text/plain"), initialPayload: Array("x".utf8)))
        return result.info.incarnation
    }

    @available(OS2023, *)
    private static func mode(_ path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & 0o777 : 0
    }

    @Test(
        "Files are created 0600 and directories 0700 by default; 0660 and 0770 with group access",
        arguments: [false, true])
    @available(OS2023, *)
    func permissions(groupAccess: Bool) async throws {
        try await withTemporaryDirectory(prefix: "ds-perm") { directory in
            let root = directory.path + "/data"
            let store = try await FileStreamStorage.open(at: root, options: .init(groupAccess: groupAccess))
            let incarnation = try await Self.create(store, "/private")
            await store.shutdown()
            let (file, folder): (mode_t, mode_t) = groupAccess ? (0o660, 0o770) : (0o600, 0o700)
            for name in ["", "/streams", "/tmp", "/trash", "/streams/\(incarnation)"] {
                #expect(Self.mode(root + name) == folder, "\(name)")
            }
            for name in ["/LOCK", "/streams/\(incarnation)/log", "/streams/\(incarnation)/meta.json"] {
                #expect(Self.mode(root + name) == file, "\(name)")
            }
        }
    }

    @Test("A log replaced by a symbolic link or a FIFO is refused at once, never followed or waited on")
    @available(OS2023, *)
    func specialFilesWhileRunning() async throws {
        try await withTemporaryDirectory(prefix: "ds-special") { directory in
            let secret = directory.path + "/secret"
            try Data("secret contents".utf8).write(to: URL(fileURLWithPath: secret))
            let store = try await FileStreamStorage.open(
                at: directory.path + "/data", options: .init(maximumOpenLogs: 1))
            let linked = try await Self.create(store, "/linked")
            let piped = try await Self.create(store, "/piped")
            for index in 0..<4 { _ = try await Self.create(store, "/other/\(index)") }
            let streams = directory.path + "/data/streams/"
            #expect(unlink(streams + linked + "/log") == 0)
            #expect(symlink(secret, streams + linked + "/log") == 0)
            #expect(unlink(streams + piped + "/log") == 0)
            #expect(mkfifo(streams + piped + "/log", 0o600) == 0)

            for (name, expected) in [("/linked", "symbolic link"), ("/piped", "not a regular file")] {
                let outcome = try await withTimeout(.seconds(10)) { () -> String in
                    do {
                        let result = try await store.read(try path(name), from: .beginning, maxBytes: 1 << 20)
                        return "read \(result.payload.count) bytes"
                    } catch {
                        return "\(error)"
                    }
                }
                #expect(outcome.contains(expected), "\(name): \(outcome)")
            }
            let other = try await store.read(try path("/other/3"), from: .beginning, maxBytes: 1 << 20)
            #expect(other.payload == Array("x".utf8))
            await store.shutdown()

            await #expect(throws: StreamStorageError.self) {
                try await withTimeout(.seconds(10)) {
                    _ = try await FileStreamStorage.open(at: directory.path + "/data")
                }
            }
        }
    }

    @Test("A store keeps at most its bound of logs open, reopening them on use")
    @available(OS2023, *)
    func boundedDescriptors() async throws {
        try await withTemporaryDirectory(prefix: "ds-bound") { directory in
            let store = try await FileStreamStorage.open(at: directory.path, options: .init(maximumOpenLogs: 8))
            for index in 0..<200 { _ = try await Self.create(store, "/s/\(index)") }
            for index in 0..<200 {
                _ = try await store.append(try path("/s/\(index)"), .text("y"))
                let read = try await store.read(try path("/s/\(index)"), from: .beginning, maxBytes: 1 << 20)
                #expect(read.payload == Array("xy".utf8))
            }
            #expect(store.openLogCount <= 8 + 2)
            await store.shutdown()
            let reopened = try await FileStreamStorage.open(at: directory.path, options: .init(maximumOpenLogs: 8))
            #expect(reopened.streamCount == 200)
            #expect(reopened.openLogCount == 0)
            await reopened.shutdown()
        }
    }

}

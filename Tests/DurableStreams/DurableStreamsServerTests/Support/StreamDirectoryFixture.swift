import CourierPrimitives
import CourierTestSupport
import DurableStreamsStorage
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a data directory of many streams straight to disk in the file store's layout, far faster than
/// creating them through a server: `streams/<id>/meta.json` and `streams/<id>/log` per stream.
///
/// The two files are copies of a stream the real store wrote (text, one append of `x`), with only the path in
/// the metadata changed, so the server recovers them as it would its own.
@available(OS2023, *)
enum StreamDirectoryFixture {
    /// Runs `body` with a fresh directory for a data directory of many small files: in `/dev/shm` where there is
    /// one (a memory file system, so that writing and removing 100,000 streams does not wait on a disk other
    /// builds are using), in the system's temporary directory otherwise. Removed afterwards.
    static func withDirectory<Value>(prefix: String, _ body: (String) async throws -> Value) async throws -> Value {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: "/dev/shm", isDirectory: &isDirectory), isDirectory.boolValue
        else { return try await withTemporaryDirectory(prefix: prefix) { try await body($0.path) } }
        let directory = "/dev/shm/\(prefix)-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        return try await body(directory)
    }

    /// The path of stream `index`.
    static func path(_ index: Int) -> String { "/many/\(index)" }

    /// Writes streams `/many/0` … `/many/<count - 1>` under `root` (created if missing).
    static func populate(count: Int, at root: String) async throws {
        let (meta, log) = try await template()
        try FileManager.default.createDirectory(atPath: root + "/streams", withIntermediateDirectories: true)
        let failures = Locked<[String]>([])
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                let workers = 4
                DispatchQueue.concurrentPerform(iterations: workers) { worker in
                    for index in stride(from: worker, to: count, by: workers) {
                        let text = String(index, radix: 16)
                        let directory = root + "/streams/" + String(repeating: "0", count: 32 - text.count) + text
                        // After the path's leading `/` (which JSON may write as `\/`).
                        let metadata = meta.replacingOccurrences(of: templateName, with: path(index).dropFirst())
                        if let failure = writeStream(directory, meta: Array(metadata.utf8), log: log) {
                            failures.withLock { $0.append(failure) }
                            return
                        }
                    }
                }
                done.resume()
            }
        }
        if let failure = failures.value.first { throw HarnessError("writing the data directory: \(failure)") }
    }

    private static let templateName = "template-stream-path"

    /// The `meta.json` text and the log bytes of one stream, as the store wrote them.
    private static func template() async throws -> (meta: String, log: [UInt8]) {
        try await withTemporaryDirectory(prefix: "ds-template") { directory in
            let store = try await FileStreamStorage.open(at: directory.path, options: .init(syncPolicy: .never))
            let created = try await store.create(
                try StreamPath(validating: "/" + templateName),
                CreateRequest(
                    configuration: StreamConfiguration(contentType: "text/plain"), initialPayload: Array("x".utf8)))
            await store.shutdown()
            let stream = directory.url.appendingPathComponent("streams/\(created.info.incarnation)")
            let meta = String(decoding: try Data(contentsOf: stream.appendingPathComponent("meta.json")), as: UTF8.self)
            guard meta.contains(templateName) else { throw HarnessError("unexpected metadata: \(meta)") }
            return (meta, Array(try Data(contentsOf: stream.appendingPathComponent("log"))))
        }
    }

    /// Creates one stream's directory and files; the failure's description, or `nil`.
    private static func writeStream(_ directory: String, meta: [UInt8], log: [UInt8]) -> String? {
        guard mkdir(directory, 0o700) == 0 else { return "mkdir \(directory): \(String(cString: strerror(errno)))" }
        for (name, bytes) in [("meta.json", meta), ("log", log)] {
            let file = directory + "/" + name
            let fd = open(file, O_WRONLY | O_CREAT | O_EXCL, 0o600)
            guard fd >= 0 else { return "open \(file): \(String(cString: strerror(errno)))" }
            let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            close(fd)
            guard written == bytes.count else { return "write \(file): \(String(cString: strerror(errno)))" }
        }
        return nil
    }
}

import CourierTestSupport
import Crypto
import Foundation

/// Large request bodies sent with chunked encoding on a plain connection, and what a test checks around them: the
/// server's peak memory and the rows the PostgreSQL store wrote.
@available(OS2023, *)
enum StreamedUpload {
    /// The port and path of a URL such as `http://127.0.0.1:40123/v1/stream/a`.
    static func target(_ url: String) throws -> (port: Int, path: String) {
        guard let components = URLComponents(string: url), let port = components.port else {
            throw HarnessError("not a URL with a port: \(url)")
        }
        return (port, components.path)
    }

    /// Opens a connection and sends the head of a `POST` with a chunked body.
    static func start(_ url: String, contentType: String = "application/octet-stream", headers: [String] = [])
        async throws -> RawConnection
    {
        let (port, path) = try target(url)
        let connection = try await RawConnection.connect(port: port)
        let extra = headers.map { $0 + "\r\n" }.joined()
        try await connection.send(
            "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: \(contentType)\r\n\(extra)"
                + "Transfer-Encoding: chunked\r\n\r\n")
        return connection
    }

    /// Sends one chunk of the body.
    static func send(_ bytes: [UInt8], on connection: RawConnection) async throws {
        var framed = Array((String(bytes.count, radix: 16) + "\r\n").utf8)
        framed += bytes
        framed += Array("\r\n".utf8)
        try await connection.send(framed)
    }

    /// Ends the body and reads the response's status.
    static func finish(_ connection: RawConnection) async throws -> Int {
        try await connection.send("0\r\n\r\n")
        return status(of: try await connection.receiveResponse())
    }

    /// The status of a response's text.
    static func status(of response: String) -> Int {
        response.split(separator: " ", maxSplits: 2).dropFirst().first.flatMap { Int($0) } ?? 0
    }

    /// The `index`-th MiB of a deterministic body (a pseudo-random block, different in every MiB).
    static func block(_ index: Int, seed: [UInt8]) -> [UInt8] {
        var block = seed
        withUnsafeBytes(of: UInt64(index).littleEndian) { bytes in
            for (offset, byte) in bytes.enumerated() { block[offset] = byte }
        }
        return block
    }

    /// One MiB of pseudo-random bytes.
    static func seed() -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<(1 << 17)).flatMap { _ in withUnsafeBytes(of: generator.next()) { Array($0) } }
    }

    /// The hex SHA-256 of bytes.
    static func hex(_ digest: SHA256.Digest) -> String {
        digest.map { String(format: "%02x", $0) }.joined()
    }

    /// A process's peak resident memory (`VmHWM`), in bytes.
    static func peakMemory(of pid: pid_t) throws -> Int {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
        else { throw HarnessError("no VmHWM for \(pid)") }
        return kilobytes * 1024
    }

    /// Runs one SQL statement with `psql` on the test cluster and returns its unaligned output.
    static func sql(_ statement: String) async throws -> String {
        guard let url = PostgresCluster.url else { throw HarnessError("DURABLE_STREAMS_POSTGRES_URL is not set") }
        let psql = try FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")
            .sorted { $0.compare($1, options: .numeric) == .orderedAscending }.last
            .map { "/usr/lib/postgresql/\($0)/bin/psql" }
        guard let psql, FileManager.default.isExecutableFile(atPath: psql) else { throw HarnessError("no psql") }
        let child = try ChildProcess(
            executable: URL(fileURLWithPath: psql),
            arguments: [url, "-X", "-At", "-v", "ON_ERROR_STOP=1", "-c", statement])
        var output: [String] = []
        for await line in child.lines { output.append(line) }
        let status = try await child.waitForExit(within: .seconds(60))
        guard status == 0 else { throw HarnessError("psql failed (\(status)): \(child.standardError)") }
        return output.joined(separator: "\n")
    }
}

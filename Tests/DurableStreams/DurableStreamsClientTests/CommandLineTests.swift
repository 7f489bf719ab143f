import CourierTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The client subcommands of `durable-streams`, run as a child process against the in-process server.
@Suite("durable-streams client subcommands")
struct CommandLineTests {
    @available(OS2023, *)
    private func run(_ arguments: [String], input: String? = nil) async throws -> (
        status: Int32, output: String, error: String
    ) {
        try await DurableStreamsCLI.run(arguments, input: input)
    }

    @Test(
        "A refused connection prints the host, the port and the system's reason at once (no retrying for a minute)",
        arguments: ["head", "read", "append", "create"])
    @available(OS2023, *)
    func refusedConnection(command: String) async throws {
        let (socket, port) = try Self.closedPort()
        defer { close(socket) }
        let arguments = [command, "http://127.0.0.1:\(port)/x"] + (command == "append" ? ["data"] : [])
        // Retrying the connection took 52 s; a refused connection is known at once, and 15 s leaves room for
        // starting the command on a loaded machine.
        let result = try await DurableStreamsCLI.run(arguments, within: .seconds(15))
        #expect(result.status != 0)
        #expect(
            result.error.trimmingCharacters(in: .whitespacesAndNewlines)
                == "error: cannot connect to 127.0.0.1:\(port): Connection refused",
            "\(result.error)")
    }

    /// A port nothing listens on: bound but never listening (a connection to it is refused), and held by the
    /// returned socket so that no other test's server can take it meanwhile. Close the socket when done.
    @available(OS2023, *)
    private static func closedPort() throws -> (socket: Int32, port: Int) {
        let fd = SocketShim.tcpSocket()
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        guard fd >= 0, bound else {
            if fd >= 0 { close(fd) }
            throw CocoaError(.featureUnsupported)
        }
        return (fd, Int(UInt16(bigEndian: address.sin_port)))
    }

    @Test("read --live sse prints lines that start with spaces or tabs as a catch-up read does")
    @available(OS2023, *)
    func liveReadKeepsLeadingWhitespace() async throws {
        try await withTestServer { server in
            let url = server.streamURL("spaces").absoluteString
            #expect(try await run(["create", url, "--content-type", "text/plain"]).status == 0)
            #expect(try await run(["append", url], input: "first").status == 0)
            #expect(try await run(["append", url], input: " two\n\tthree").status == 0)
            #expect(try await run(["append", url, "--close"], input: "\n  four").status == 0)
            let catchUp = try await run(["read", url])
            let live = try await run(["read", url, "--live", "sse"])
            #expect(catchUp.output == "first two\n\tthree\n  four")
            #expect(live.output == catchUp.output)
        }
    }

    @Test("--version prints the version")
    @available(OS2023, *)
    func version() async throws {
        let result = try await run(["--version"])
        #expect(result.status == 0)
        #expect(result.output.trimmingCharacters(in: .whitespacesAndNewlines) == "0.2.0-dev", "\(result.error)")
    }

    @Test("reading a deleted stream that still has forks says what the server said")
    @available(OS2023, *)
    func deletedWithForks() async throws {
        try await withTestServer { server in
            let sourceURL = server.streamURL("deleted-source")
            let source = sourceURL.absoluteString
            let fork = server.streamURL("deleted-fork").absoluteString
            #expect(try await run(["create", source, "--content-type", "text/plain"]).status == 0)
            #expect(try await run(["append", source, "kept"]).status == 0)
            let forked = try await run(["create", fork, "--fork-from", sourceURL.path])
            #expect(forked.status == 0, "\(forked.error)")
            #expect(try await run(["delete", source]).status == 0)
            let read = try await run(["read", source])
            #expect(read.status != 0)
            #expect(read.error.contains("deleted"), "\(read.error)")
            #expect(!read.error.contains("older than the stream retains"), "\(read.error)")
        }
    }

    @Test("create, append (argument and standard input), read, head and delete")
    @available(OS2023, *)
    func roundTrip() async throws {
        try await withTestServer { server in
            let url = server.streamURL("cli").absoluteString
            let created = try await run(["create", url, "--content-type", "text/plain"])
            #expect(created.status == 0)
            #expect(created.output.hasPrefix("created"))
            #expect(try await run(["append", url, "hello "]).status == 0)
            #expect(try await run(["append", url], input: "world").status == 0)
            let read = try await run(["read", url])
            #expect(read.output == "hello world")
            #expect(read.error.contains("offset:"))
            let head = try await run(["head", url])
            #expect(head.output.contains("content-type: text/plain"))
            #expect(head.output.contains("closed: false"))
            #expect(try await run(["append", url, "--close", "!"]).status == 0)
            let live = try await run(["read", url, "--live", "sse"])
            #expect(live.output == "hello world!", "a live read ends when the stream is closed")
            #expect(try await run(["delete", url]).status == 0)
            let missing = try await run(["head", url])
            #expect(missing.status != 0)
            #expect(missing.error.contains("not found"))
        }
    }
}

import CourierTestSupport
import Foundation
import Testing

@testable import ClerkKitTesting

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The console against DNS rebinding (a page whose name now resolves to 127.0.0.1 sends its own name as Host and
/// a matching Origin) and against passwords the instance would refuse.
@Suite("The Clerk emulator console: hosts and password rules")
struct EmulatorConsoleHostTests {
    /// Sends `text` as is to 127.0.0.1:`port` and returns the status code of the answer.
    static func rawStatus(port: Int, _ text: String) throws -> Int {
        let socket = SocketShim.tcpSocket()
        guard socket >= 0 else { throw POSIXError(.EIO) }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw POSIXError(.ECONNREFUSED) }
        let bytes = Array(text.utf8)
        guard bytes.withUnsafeBytes({ SocketShim.send(socket, $0) }) == bytes.count else {
            throw POSIXError(.EIO)
        }
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !answer.contains(UInt8(ascii: "\n")) {
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            answer += buffer[0..<count]
        }
        let line = String(decoding: answer, as: UTF8.self).split(separator: " ")
        guard line.count > 1, let status = Int(line[1]) else { throw POSIXError(.EBADMSG) }
        return status
    }

    @Test("only localhost and IP addresses name the console")
    func hostNames() {
        for allowed in ["127.0.0.1:8080", "localhost:1", "LOCALHOST", "[::1]:443", "[::1]", "10.0.0.7:80", "127.0.0.1"]
        {
            #expect(EmulatorConsoleHTTP.isLoopbackOrLiteral(host: allowed), "\(allowed)")
        }
        for refused in [
            nil, "", "evil.example:8080", "evil.example", "127.0.0.1.evil.example", "localhost.evil.example:1",
            "256.0.0.1", "1.2.3", "[::1", "[::1]x", "127.0.0.1:80x", "0x7f.0.0.1",
        ] {
            #expect(!EmulatorConsoleHTTP.isLoopbackOrLiteral(host: refused), "\(refused ?? "nil")")
        }
    }

    @Test("a rebound name gets neither the state (outbox codes) nor changes")
    @available(OS2023, *)
    func rebindingIsRefused() async throws {
        try await withEmulator { emulator, _ in
            let port = try #require(await emulator.baseURL?.port)
            let evil = "evil.example:\(port)"
            let state = "GET /__emulator/api/state HTTP/1.1\r\nHost: \(evil)\r\nConnection: close\r\n\r\n"
            #expect(try Self.rawStatus(port: port, state) == 403)
            let body = #"{"emailAddress":"x@example.com"}"#
            let change =
                "POST /__emulator/api/users/create HTTP/1.1\r\nHost: \(evil)\r\nOrigin: http://\(evil)\r\n"
                + "Content-Type: application/json\r\nX-Emulator-Console: 1\r\nContent-Length: \(body.utf8.count)\r\n"
                + "Connection: close\r\n\r\n\(body)"
            #expect(try Self.rawStatus(port: port, change) == 403)
            #expect(await emulator.consoleState()["users"] == .array([]))
            let local = "GET /__emulator/api/state HTTP/1.1\r\nHost: localhost:\(port)\r\nConnection: close\r\n\r\n"
            #expect(try Self.rawStatus(port: port, local) == 200)
        }
    }

    @Test("users created or given a password from the console meet the instance's password rules")
    @available(OS2023, *)
    func consolePasswordsFollowTheRules() async throws {
        try await withEmulator { emulator, _ in
            #expect(
                await emulator.consoleChange("users/create", ["emailAddress": "a@example.com", "password": "abc"])
                    .status == 400)
            #expect(await emulator.consoleState()["users"] == .array([]))
            let created = await emulator.consoleChange(
                "users/create", ["emailAddress": "a@example.com", "password": "analytical-engine"])
            #expect(created.status == 201)
            let id = try #require(created.body["id"]?.stringValue)
            #expect(await emulator.consoleChange("users/password", ["id": id, "password": "abc"]).status == 400)
        }
    }
}

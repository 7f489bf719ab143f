import CourierPrimitives
import NIOCore
import NIOPosix

/// A plain TCP connection to the server, for requests no HTTP client would send (dot segments, slow or
/// vanishing clients, malformed framing).
@available(OS2023, *)
final class RawConnection: Sendable {
    private let channel: NIOAsyncChannel<ByteBuffer, ByteBuffer>

    private init(channel: NIOAsyncChannel<ByteBuffer, ByteBuffer>) {
        self.channel = channel
    }

    static func connect(port: Int) async throws -> RawConnection {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        return RawConnection(channel: channel)
    }

    /// Sends bytes as they are.
    func send(_ text: String) async throws {
        try await channel.channel.writeAndFlush(ByteBuffer(string: text))
    }

    /// Sends bytes as they are.
    func send(_ bytes: [UInt8]) async throws {
        try await channel.channel.writeAndFlush(ByteBuffer(bytes: bytes))
    }

    /// Reads until the server closes the connection or `limit` bytes arrived, whichever is first.
    func receive(upTo limit: Int = 1 << 20) async throws -> String {
        var received: [UInt8] = []
        do {
            try await channel.executeThenClose { inbound, _ in
                for try await chunk in inbound {
                    received.append(contentsOf: chunk.readableBytesView)
                    if received.count >= limit { break }
                }
            }
        } catch {}
        return String(decoding: received, as: UTF8.self)
    }

    /// Reads until the server closes the connection or `duration` passed, whichever is first: what arrived, and
    /// whether the server closed the connection.
    func receive(within duration: Duration) async -> (text: String, closed: Bool) {
        let received = Locked<[UInt8]>([])
        let reading = Task {
            try? await channel.executeThenClose { inbound, _ in
                for try await chunk in inbound { received.withLock { $0 += chunk.readableBytesView } }
            }
        }
        let closed = await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                await reading.value
                return !Task.isCancelled
            }
            group.addTask {
                try? await Task.sleep(for: duration)
                return false
            }
            let first = await group.next() ?? false
            group.cancelAll()
            reading.cancel()
            return first
        }
        return (String(decoding: received.value, as: UTF8.self), closed)
    }

    /// Reads until the response head and a body of `Content-Length` bytes arrived.
    func receiveResponse() async throws -> String {
        var received: [UInt8] = []
        try await channel.executeThenClose { inbound, _ in
            for try await chunk in inbound {
                received.append(contentsOf: chunk.readableBytesView)
                let text = String(decoding: received, as: UTF8.self)
                guard let headEnd = text.range(of: "\r\n\r\n") else { continue }
                let head = text[..<headEnd.lowerBound].lowercased()
                let length =
                    head.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
                    .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
                if text.utf8.count - text[..<headEnd.upperBound].utf8.count >= length { break }
            }
        }
        return String(decoding: received, as: UTF8.self)
    }

    /// Closes the connection abruptly.
    func close() async {
        try? await channel.channel.close()
    }
}

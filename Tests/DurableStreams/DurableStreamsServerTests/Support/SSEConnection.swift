import CourierPrimitives
import CourierTestSupport
import Foundation
import NIOHTTP1

/// One event of an SSE stream.
@available(OS2023, *)
struct SSEEvent: Sendable, Equatable {
    let type: String
    let data: String

    /// The data of a `control` event, parsed.
    var control: [String: Any]? {
        guard type == "control" else { return nil }
        return (try? JSONSerialization.jsonObject(with: Data(data.utf8))) as? [String: Any]
    }
}

/// An open SSE response, parsed incrementally into events (CR, LF and CR LF line ends; `data:` lines joined
/// with LF; one optional space after the colon removed). Read it with ``next(within:)``.
@available(OS2023, *)
final class SSEConnection: Sendable {
    private struct Buffer {
        var events: [SSEEvent] = []
        var head = 0
        var isFinished = false
        var waiter: CheckedContinuation<Void, Never>?
    }

    let status: Int
    let headers: HTTPHeaders
    private let buffer = Locked(Buffer())
    private let reader: Locked<Task<Void, Never>?> = Locked(nil)

    init(status: Int, headers: HTTPHeaders, body: AsyncThrowingStream<[UInt8], any Error>) {
        self.status = status
        self.headers = headers
        let task = Task { [buffer] in
            var parser = Parser()
            do {
                for try await chunk in body {
                    for event in parser.feed(chunk) {
                        let waiter = buffer.withLock { state -> CheckedContinuation<Void, Never>? in
                            state.events.append(event)
                            defer { state.waiter = nil }
                            return state.waiter
                        }
                        waiter?.resume()
                    }
                }
            } catch {}
            let waiter = buffer.withLock { state -> CheckedContinuation<Void, Never>? in
                state.isFinished = true
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume()
        }
        reader.withLock { $0 = task }
    }

    /// The next event, or `nil` when the server ended the response; fails after `limit`.
    func next(within limit: Duration = .seconds(20)) async throws -> SSEEvent? {
        try await withTimeout(limit) { await self.nextEvent() }
    }

    /// The next `count` events.
    func take(_ count: Int, within limit: Duration = .seconds(20)) async throws -> [SSEEvent] {
        var events: [SSEEvent] = []
        while events.count < count {
            guard let event = try await next(within: limit) else { break }
            events.append(event)
        }
        return events
    }

    /// Every event until the server ends the response.
    func remaining(within limit: Duration = .seconds(20)) async throws -> [SSEEvent] {
        try await withTimeout(limit) {
            var events: [SSEEvent] = []
            while let event = await self.nextEvent() { events.append(event) }
            return events
        }
    }

    /// Closes the connection.
    func cancel() {
        reader.value?.cancel()
    }

    deinit {
        reader.value?.cancel()
    }

    private func nextEvent() async -> SSEEvent? {
        while !Task.isCancelled {
            let (event, finished) = buffer.withLock { state -> (SSEEvent?, Bool) in
                guard state.head < state.events.count else { return (nil, state.isFinished) }
                state.head += 1
                return (state.events[state.head - 1], false)
            }
            if let event { return event }
            if finished { return nil }
            await withTaskCancellationHandler {
                await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                    let ready = buffer.withLock { state -> Bool in
                        if state.head < state.events.count || state.isFinished || Task.isCancelled { return true }
                        state.waiter = continuation
                        return false
                    }
                    if ready { continuation.resume() }
                }
            } onCancel: {
                let waiter = buffer.withLock { state -> CheckedContinuation<Void, Never>? in
                    defer { state.waiter = nil }
                    return state.waiter
                }
                waiter?.resume()
            }
        }
        return nil
    }

    /// The SSE wire format, incrementally.
    private struct Parser {
        private var pending: [UInt8] = []
        private var type = ""
        private var data: [String] = []
        private var hasData = false

        mutating func feed(_ bytes: [UInt8]) -> [SSEEvent] {
            pending += bytes
            var events: [SSEEvent] = []
            var start = 0
            var index = 0
            while index < pending.count {
                let byte = pending[index]
                if byte == 0x0A || byte == 0x0D {
                    if byte == 0x0D && index + 1 == pending.count { break }
                    if let event = line(Array(pending[start..<index])) { events.append(event) }
                    if byte == 0x0D && pending[index + 1] == 0x0A { index += 1 }
                    start = index + 1
                }
                index += 1
            }
            pending.removeFirst(start)
            return events
        }

        private mutating func line(_ line: [UInt8]) -> SSEEvent? {
            if line.isEmpty {
                defer {
                    type = ""
                    data = []
                    hasData = false
                }
                guard hasData || !type.isEmpty else { return nil }
                return SSEEvent(type: type.isEmpty ? "message" : type, data: data.joined(separator: "\n"))
            }
            let text = String(decoding: line, as: UTF8.self)
            guard let colon = text.firstIndex(of: ":") else { return nil }
            var value = text[text.index(after: colon)...]
            if value.first == " " { value = value.dropFirst() }
            switch text[..<colon] {
            case "event": type = String(value)
            case "data":
                data.append(String(value))
                hasData = true
            default: break
            }
            return nil
        }
    }
}

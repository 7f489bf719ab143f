import CourierPrimitives
import DurableStreams
import Foundation

/// What a read collected so far (shared with the task that reads, so a timeout keeps what arrived).
@available(OS2023, *)
final class ReadProgress: Sendable {
    /// `@unchecked Sendable`: the JSON chunks (`[String: Any]` of strings, numbers and Booleans) are built and read
    /// only under the lock.
    struct State: @unchecked Sendable {
        var chunks: [[String: Any]] = []
        var offset: String?
        var upToDate: Bool?
        var streamClosed: Bool?
        var status = 200
    }

    let state = Locked(State())
}

@available(OS2023, *)
extension Adapter {
    func read(_ command: Command) async throws(DurableStreamError) -> [String: Any] {
        let live: LiveMode
        switch command.string("live") {
        case "long-poll": live = .longPoll
        case "sse": live = .sse
        default: live = command.bool("live") == true ? .auto : .catchUp
        }
        let offset = command.string("offset").map(Offset.init(rawValue:)) ?? .start
        let timeout = Duration.milliseconds(command.int("timeoutMs") ?? 5000)
        let maxChunks = command.int("maxChunks") ?? 100
        let waitForUpToDate = command.bool("waitForUpToDate") ?? false
        let http = configuration(headers: command.headers()).http
        let url = url(command.path)
        let progress = ReadProgress()
        progress.state.withLock { $0.offset = offset.rawValue }

        let outcome = await Self.withDeadline(live == .catchUp ? nil : timeout) { () async throws(DurableStreamError) in
            let response = try await DurableStream.stream(url: url, offset: offset, live: live, configuration: http)
            let isJSON = response.contentType?.lowercased().hasPrefix("application/json") ?? false
            progress.state.withLock { $0.status = response.status }
            if live == .catchUp {
                let result = try await response.bytes()
                let text = try Self.text(result.data, json: isJSON)
                progress.state.withLock { state in
                    if !text.isEmpty { state.chunks.append(["data": text, "offset": result.offset.rawValue]) }
                    state.offset = result.offset.rawValue
                    state.upToDate = result.upToDate
                    state.streamClosed = result.streamClosed
                }
                return
            }
            var iterator = response.byteStream().makeAsyncIterator()
            var count = 0
            while let chunk = try await Self.next(&iterator) {
                let text = try Self.text(chunk.data, json: isJSON)
                progress.state.withLock { state in
                    if !chunk.data.isEmpty {
                        state.chunks.append(["data": text, "offset": chunk.offset.rawValue])
                    }
                    state.offset = chunk.offset.rawValue
                    state.upToDate = chunk.upToDate
                    state.streamClosed = chunk.streamClosed
                }
                if !chunk.data.isEmpty { count += 1 }
                if count >= maxChunks || (waitForUpToDate && chunk.upToDate) || chunk.streamClosed { break }
            }
        }
        switch outcome {
        case .failure(let error):
            throw error
        case .timedOut:
            progress.state.withLock { $0.upToDate = true }
        case .finished:
            break
        }
        let state = progress.state.value
        var result: [String: Any] = ["type": "read", "success": true, "status": state.status, "chunks": state.chunks]
        if let offset = state.offset { result["offset"] = offset }
        if let upToDate = state.upToDate { result["upToDate"] = upToDate }
        result["streamClosed"] = state.streamClosed ?? false
        result.merge(sentValues()) { _, new in new }
        return result
    }

    static func next(_ iterator: inout ChunkSequence<ByteChunk>.Iterator) async throws(DurableStreamError) -> ByteChunk?
    {
        do {
            return try await iterator.next()
        } catch let error as DurableStreamError {
            throw error
        } catch {
            throw .cancelled
        }
    }

    /// The chunk as text; JSON bodies must parse, so corruption surfaces as a parse error.
    static func text(_ data: Data, json: Bool) throws(DurableStreamError) -> String {
        if json, !data.isEmpty {
            do {
                _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            } catch {
                throw .invalidResponse(message: "JSON body does not parse: \(error.localizedDescription)")
            }
        }
        return String(decoding: data, as: UTF8.self)
    }

    enum DeadlineOutcome {
        case finished
        case timedOut
        case failure(DurableStreamError)
    }

    /// Runs `body`, cancelling it when `limit` passes (no limit when `nil`).
    static func withDeadline(
        _ limit: Duration?,
        _ body: @escaping @Sendable () async throws(DurableStreamError) -> Void
    ) async -> DeadlineOutcome {
        await withTaskGroup(of: DeadlineOutcome?.self) { group in
            group.addTask {
                do throws(DurableStreamError) {
                    try await body()
                    return .finished
                } catch {
                    return Task.isCancelled ? nil : .failure(error)
                }
            }
            if let limit {
                group.addTask {
                    try? await Task.sleep(for: limit)
                    return Task.isCancelled ? nil : .timedOut
                }
            }
            while let next = await group.next() {
                if let next {
                    group.cancelAll()
                    return next
                }
            }
            return .timedOut
        }
    }
}

import DurableStreams
import Foundation

@available(OS2023, *)
extension Adapter {
    /// The suite's benchmark operations, timed inside the adapter.
    func benchmark(_ command: Command) async throws(DurableStreamError) -> [String: Any] {
        let operation = command.nested("operation")
        let path = operation.path
        let url = url(path)
        let configuration = configuration()
        var metrics: [String: Any] = [:]
        let clock = ContinuousClock()
        let start = clock.now
        switch operation.string("op") {
        case "append":
            let size = operation.int("size") ?? 100
            let handle = try DurableStreamHandle.attach(
                url: url, contentType: contentTypes[path] ?? "application/octet-stream", configuration: configuration)
            try await handle.appendBytesSync(Data(repeating: 42, count: size))
            metrics["bytesTransferred"] = size
        case "read":
            let response = try await DurableStream.stream(
                url: url, offset: operation.string("offset").map(Offset.init(rawValue:)) ?? .start, live: .catchUp,
                configuration: configuration.http)
            metrics["bytesTransferred"] = try await response.bytes().data.count
        case "roundtrip":
            let size = operation.int("size") ?? 100
            let live: LiveMode = operation.string("live") == "sse" ? .sse : .longPoll
            let handle = try await DurableStreamHandle.create(
                url: url, contentType: operation.string("contentType") ?? "application/octet-stream",
                configuration: configuration)
            // Read from the exact tail (not `now`), so an append racing the first request is never missed.
            let tail = try await handle.head().offset
            let reader = Task { () throws(DurableStreamError) -> Int in
                let response = try await handle.stream(offset: tail, live: live)
                var iterator = response.byteStream().makeAsyncIterator()
                while let chunk = try await Self.next(&iterator) {
                    if !chunk.data.isEmpty { return chunk.data.count }
                }
                return 0
            }
            try await handle.appendBytesSync(Data(repeating: 42, count: size))
            let received: Int
            switch await reader.result {
            case .success(let count): received = count
            case .failure(let error): throw (error as? DurableStreamError) ?? .cancelled
            }
            metrics["bytesTransferred"] = size + received
        case "create":
            _ = try await DurableStreamHandle.create(
                url: url, contentType: operation.string("contentType") ?? "application/octet-stream",
                configuration: configuration)
        case "throughput_append":
            let count = operation.int("count") ?? 1000
            let size = operation.int("size") ?? 100
            let contentType = contentTypes[path] ?? "application/octet-stream"
            _ = try? await DurableStreamHandle.create(url: url, contentType: contentType, configuration: configuration)
            var producerConfiguration = configuration
            producerConfiguration.idempotentProducer = IdempotentProducerConfiguration(
                producerId: "bench-producer-\(UUID().uuidString.prefix(8))", lingerTime: .zero)
            let handle = try DurableStreamHandle.attach(
                url: url, contentType: contentType, configuration: producerConfiguration)
            let payload = Data(repeating: 42, count: size)
            for _ in 0..<count { handle.appendBytes(payload) }
            try await handle.flush()
            metrics["bytesTransferred"] = count * size
            metrics["messagesProcessed"] = count
        case "throughput_read":
            let response = try await DurableStream.stream(url: url, live: .catchUp, configuration: configuration.http)
            var count = 0
            var bytes = 0
            var iterator = response.byteStream().makeAsyncIterator()
            while let chunk = try await Self.next(&iterator) {
                bytes += chunk.data.count
                if let items = try? JSONSerialization.jsonObject(with: chunk.data) as? [Any] { count += items.count }
            }
            metrics["bytesTransferred"] = bytes
            metrics["messagesProcessed"] = count
        default:
            return AdapterResult.error("benchmark", code: "NOT_SUPPORTED", message: "unknown benchmark operation")
        }
        let elapsed = clock.now - start
        let (seconds, attoseconds) = elapsed.components
        let nanoseconds = seconds * 1_000_000_000 + attoseconds / 1_000_000_000
        return [
            "type": "benchmark", "success": true, "iterationId": command.string("iterationId") ?? "",
            "durationNs": String(nanoseconds), "metrics": metrics,
        ]
    }
}

import CourierPrimitives
import DurableStreams
import Foundation

#if os(Linux)
import DurableStreamsAsyncHTTPClient
#endif

/// Executes the suite's commands with the DurableStreams library, one at a time.
@available(OS2023, *)
actor Adapter {
    private var serverURL = ""
    var contentTypes: [String: String] = [:]
    private var producers: [String: DurableStreamHandle] = [:]
    private let dynamic = DynamicValueStore()
    // AsyncHTTPClient on Linux; URLSession on Apple platforms, where the package builds without it.
    #if os(Linux)
    let transport = AsyncHTTPClientTransport(readTimeout: .seconds(30))
    #else
    let transport = URLSessionTransport()
    #endif
    let recorder: RecordingTransport

    init() {
        recorder = RecordingTransport(transport)
    }

    func shutdown() async {
        #if os(Linux)
        try? await transport.shutdown()
        #else
        transport.shutdown()
        #endif
    }

    func url(_ path: String) -> URL {
        URL(string: serverURL + path) ?? URL(fileURLWithPath: path)
    }

    /// The configuration for a command: the recording transport, dynamic values, and retries.
    func configuration(headers: [String: String] = [:], producer: IdempotentProducerConfiguration? = nil)
        -> HandleConfiguration
    {
        let store = dynamic
        var http = HTTPConfiguration(
            transport: recorder,
            timeout: .seconds(20),
            longPollTimeout: .seconds(20),
            writeRetryPolicy: .atLeastOnceWrite,
            headers: headers
        )
        if store.hasHeaders {
            http.dynamicHeaders = { store.nextHeaders() }
        }
        if store.hasParameters {
            http.dynamicParameters = { store.nextParameters() }
        }
        return HandleConfiguration(idempotentProducer: producer, batching: .disabled, http: http)
    }

    func handle(_ command: Command) async -> [String: Any] {
        recorder.reset()
        do {
            return try await run(command)
        } catch {
            return Self.errorResult(command.type, error)
        }
    }

    private func run(_ command: Command) async throws(DurableStreamError) -> [String: Any] {
        switch command.type {
        case "init":
            serverURL = command.string("serverUrl") ?? ""
            while serverURL.hasSuffix("/") { serverURL.removeLast() }
            contentTypes = [:]
            producers = [:]
            dynamic.clear()
            return [
                "type": "init", "success": true, "clientName": "courier-durable-streams-swift",
                "clientVersion": "0.1.0",
                "features": [
                    "batching": true, "sse": true, "longPoll": true, "auto": true, "streaming": true,
                    "dynamicHeaders": true, "retryOptions": true, "batchItems": true, "strictZeroValidation": true,
                ],
            ]
        case "create": return try await create(command)
        case "connect": return try await connect(command)
        case "append": return try await append(command)
        case "read": return try await read(command)
        case "head": return try await head(command)
        case "delete":
            try await DurableStreamHandle.delete(
                url: url(command.path), configuration: configuration(headers: command.headers()))
            contentTypes[command.path] = nil
            return ["type": "delete", "success": true, "status": 200]
        case "close": return try await close(command)
        case "idempotent-append": return try await idempotentAppend(command)
        case "idempotent-append-batch": return try await idempotentAppendBatch(command)
        case "idempotent-close": return try await idempotentClose(command)
        case "idempotent-detach": return try await idempotentDetach(command)
        case "set-dynamic-header":
            dynamic.setHeader(
                command.string("name") ?? "", kind: command.string("valueType") ?? "",
                initial: command.string("initialValue"))
            return ["type": "set-dynamic-header", "success": true]
        case "set-dynamic-param":
            dynamic.setParameter(command.string("name") ?? "", kind: command.string("valueType") ?? "")
            return ["type": "set-dynamic-param", "success": true]
        case "clear-dynamic":
            dynamic.clear()
            return ["type": "clear-dynamic", "success": true]
        case "validate": return try validate(command.nested("target"))
        case "benchmark": return try await benchmark(command)
        case "shutdown": return ["type": "shutdown", "success": true]
        default:
            return AdapterResult.error(command.type, code: "NOT_SUPPORTED", message: "unknown command \(command.type)")
        }
    }

    // MARK: - Stream operations

    private func create(_ command: Command) async throws(DurableStreamError) -> [String: Any] {
        let contentType = command.string("contentType") ?? "application/octet-stream"
        var expiresAt: Date?
        if let text = command.string("expiresAt") {
            expiresAt = ISO8601DateFormatter().date(from: text)
            if expiresAt == nil { throw .invalidArgument(message: "expiresAt is not an RFC 3339 time: \(text)") }
        }
        let handle = try await DurableStreamHandle.create(
            url: url(command.path),
            contentType: contentType,
            expireAfter: command.int("ttlSeconds").map { .seconds($0) },
            expiresAt: expiresAt,
            closed: command.bool("closed") ?? false,
            initialData: command.string("data").map { Data($0.utf8) },
            headers: command.headers(),
            configuration: configuration()
        )
        contentTypes[command.path] = handle.contentType
        var result: [String: Any] = ["type": "create", "success": true, "status": handle.wasCreated ? 201 : 200]
        if let offset = await handle.offset { result["offset"] = offset.rawValue }
        return result
    }

    private func connect(_ command: Command) async throws(DurableStreamError) -> [String: Any] {
        let handle = try await DurableStreamHandle.connect(
            url: url(command.path), configuration: configuration(headers: command.headers()))
        contentTypes[command.path] = handle.contentType
        var result: [String: Any] = ["type": "connect", "success": true, "status": 200]
        if let offset = await handle.offset { result["offset"] = offset.rawValue }
        return result
    }

    private func append(_ command: Command) async throws(DurableStreamError) -> [String: Any] {
        let data = try Self.payload(command)
        let handle = try DurableStreamHandle.attach(
            url: url(command.path),
            contentType: contentTypes[command.path] ?? "application/octet-stream",
            configuration: configuration(headers: command.headers())
        )
        let result = try await handle.appendBytesSync(data, seq: command.int("seq").map { String($0) })
        var output: [String: Any] = [
            "type": "append", "success": true, "status": 200, "offset": result.offset.rawValue,
        ]
        output.merge(sentValues()) { _, new in new }
        return output
    }

    private func head(_ command: Command) async throws(DurableStreamError) -> [String: Any] {
        let info = try await DurableStreamHandle.head(
            url: url(command.path), configuration: configuration(headers: command.headers()))
        if let type = info.contentType { contentTypes[command.path] = type }
        var result: [String: Any] = [
            "type": "head", "success": true, "status": 200, "offset": info.offset.rawValue,
            "streamClosed": info.isClosed,
        ]
        if let type = info.contentType { result["contentType"] = type }
        if let ttl = info.timeToLive { result["ttlSeconds"] = ttl }
        return result
    }

    private func close(_ command: Command) async throws(DurableStreamError) -> [String: Any] {
        let contentType = command.string("contentType") ?? contentTypes[command.path] ?? "application/octet-stream"
        let handle = try DurableStreamHandle.attach(
            url: url(command.path), contentType: contentType, configuration: configuration())
        let result = try await handle.closeStream(finalData: command.string("data").map { Data($0.utf8) })
        return ["type": "close", "success": true, "status": 200, "finalOffset": result.finalOffset.rawValue]
    }

    // MARK: - Producers

    private func producerHandle(_ command: Command, cached: Bool) throws(DurableStreamError) -> DurableStreamHandle {
        let epoch = command.int("epoch") ?? 0
        let key = "\(command.path)|\(command.string("producerId") ?? "")|\(epoch)"
        if cached, let existing = producers[key] { return existing }
        let producer = IdempotentProducerConfiguration(
            producerId: command.string("producerId") ?? "",
            initialEpoch: epoch,
            autoClaimOnStaleEpoch: command.bool("autoClaim") ?? false,
            maxInFlight: 1,
            maxBatchBytes: 1 << 20,
            lingerTime: .zero
        )
        let handle = try DurableStreamHandle.attach(
            url: url(command.path),
            contentType: contentTypes[command.path] ?? "application/octet-stream",
            configuration: configuration(headers: command.headers(), producer: producer)
        )
        if cached { producers[key] = handle }
        return handle
    }

    private func idempotentAppend(_ command: Command) async throws(DurableStreamError) -> [String: Any] {
        let handle = try producerHandle(command, cached: true)
        let before = (try? await handle.producer.flush())?.duplicateCount ?? 0
        handle.appendBytes(Data((command.string("data") ?? "").utf8))
        let result = try await handle.flush()
        return [
            "type": "idempotent-append", "success": true, "status": 200, "offset": result.offset.rawValue,
            "duplicate": result.duplicateCount > before,
        ]
    }

    private func idempotentAppendBatch(_ command: Command) async throws(DurableStreamError) -> [String: Any] {
        let maxInFlight = command.int("maxInFlight") ?? 1
        let concurrent = maxInFlight > 1
        let producer = IdempotentProducerConfiguration(
            producerId: command.string("producerId") ?? "",
            initialEpoch: command.int("epoch") ?? 0,
            autoClaimOnStaleEpoch: command.bool("autoClaim") ?? false,
            maxInFlight: maxInFlight,
            maxBatchBytes: concurrent ? 1 : 1 << 20,
            lingerTime: concurrent ? .zero : .seconds(1)
        )
        let handle = try DurableStreamHandle.attach(
            url: url(command.path),
            contentType: contentTypes[command.path] ?? "application/octet-stream",
            configuration: configuration(headers: command.headers(), producer: producer)
        )
        for item in command.strings("items") {
            handle.appendBytes(Data(item.utf8))
        }
        do {
            try await handle.flush()
            try await handle.close()
        } catch {
            try? await handle.close()
            throw error
        }
        return ["type": "idempotent-append-batch", "success": true, "status": 200]
    }

    private func idempotentClose(_ command: Command) async throws(DurableStreamError) -> [String: Any] {
        let handle = try producerHandle(command, cached: true)
        let result = try await handle.producer.closeStream(finalData: command.string("data").map { Data($0.utf8) })
        return ["type": "idempotent-close", "success": true, "status": 200, "finalOffset": result.finalOffset.rawValue]
    }

    private func idempotentDetach(_ command: Command) async throws(DurableStreamError) -> [String: Any] {
        let handle = try producerHandle(command, cached: true)
        try await handle.producer.detach()
        producers["\(command.path)|\(command.string("producerId") ?? "")|\(command.int("epoch") ?? 0)"] = nil
        return ["type": "idempotent-detach", "success": true, "status": 200]
    }

    // MARK: - Validation

    private func validate(_ target: Command) throws(DurableStreamError) -> [String: Any] {
        switch target.string("target") {
        case "retry-options":
            _ = try RetryPolicy.validated(
                maxRetries: target.int("maxRetries") ?? 4,
                initialDelay: .milliseconds(target.int("initialDelayMs") ?? 100),
                maxDelay: .milliseconds(target.int("maxDelayMs") ?? max(5000, target.int("initialDelayMs") ?? 0)),
                multiplier: target.double("multiplier") ?? 2
            )
        case "idempotent-producer":
            try IdempotentProducerConfiguration(
                producerId: target.string("producerId") ?? "test-producer",
                initialEpoch: target.int("epoch") ?? 0,
                maxBatchBytes: target.int("maxBatchBytes") ?? 1 << 20,
                maxBatchItems: target.int("maxBatchItems")
            ).validate()
        default:
            return AdapterResult.error("validate", code: "NOT_SUPPORTED", message: "unknown validation target")
        }
        return ["type": "validate", "success": true]
    }

    // MARK: - Helpers

    static func payload(_ command: Command) throws(DurableStreamError) -> Data {
        let text = command.string("data") ?? ""
        if command.bool("binary") == true {
            guard let data = Data(base64Encoded: text) else {
                throw .invalidArgument(message: "binary data is not base64")
            }
            return data
        }
        return Data(text.utf8)
    }

    /// The dynamic headers and parameters of the last request sent.
    func sentValues() -> [String: Any] {
        guard let request = recorder.lastRequest else { return [:] }
        var result: [String: Any] = [:]
        let headerNames = dynamic.headerNames
        if !headerNames.isEmpty {
            var sent: [String: String] = [:]
            for name in headerNames { sent[name] = request.headers[name] }
            result["headersSent"] = sent
        }
        let parameterNames = dynamic.parameterNames
        if !parameterNames.isEmpty {
            var sent: [String: String] = [:]
            let items = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
            for name in parameterNames { sent[name] = items.first { $0.name == name }?.value }
            result["paramsSent"] = sent
        }
        return result
    }

    static func errorResult(_ commandType: String, _ error: DurableStreamError) -> [String: Any] {
        let code: String
        switch error {
        case .notFound: code = "NOT_FOUND"
        case .conflict: code = "CONFLICT"
        case .sequenceConflict: code = "SEQUENCE_CONFLICT"
        case .streamClosed: code = "STREAM_CLOSED"
        case .badRequest: code = commandType == "read" ? "INVALID_OFFSET" : "UNEXPECTED_STATUS"
        case .invalidResponse, .decodingFailed: code = "PARSE_ERROR"
        case .connectionFailed: code = "NETWORK_ERROR"
        case .timeout: code = "TIMEOUT"
        case .invalidArgument: code = "INVALID_ARGUMENT"
        case .sseNotSupported: code = "NOT_SUPPORTED"
        case .cancelled, .encodingFailed, .producerClosed: code = "INTERNAL_ERROR"
        default: code = "UNEXPECTED_STATUS"
        }
        return AdapterResult.error(commandType, code: code, message: error.description, status: error.status)
    }
}

/// Dynamic header and parameter values, evaluated per request.
@available(OS2023, *)
final class DynamicValueStore: Sendable {
    private struct Value {
        var kind: String
        var counter = 0
        var token: String?
    }

    private let headers = Locked<[String: Value]>([:])
    private let parameters = Locked<[String: Value]>([:])

    var hasHeaders: Bool { !headers.value.isEmpty }
    var hasParameters: Bool { !parameters.value.isEmpty }
    var headerNames: [String] { Array(headers.value.keys) }
    var parameterNames: [String] { Array(parameters.value.keys) }

    func setHeader(_ name: String, kind: String, initial: String?) {
        headers.withLock { $0[name] = Value(kind: kind, token: initial) }
    }

    func setParameter(_ name: String, kind: String) {
        parameters.withLock { $0[name] = Value(kind: kind) }
    }

    func clear() {
        headers.withLock { $0 = [:] }
        parameters.withLock { $0 = [:] }
    }

    func nextHeaders() -> [String: String] { Self.next(headers) }
    func nextParameters() -> [String: String] { Self.next(parameters) }

    private static func next(_ values: Locked<[String: Value]>) -> [String: String] {
        values.withLock { values in
            var result: [String: String] = [:]
            for (name, var value) in values {
                switch value.kind {
                case "counter":
                    value.counter += 1
                    result[name] = String(value.counter)
                case "timestamp":
                    result[name] = String(Int(Date().timeIntervalSince1970 * 1000))
                default:
                    result[name] = value.token ?? ""
                }
                values[name] = value
            }
            return result
        }
    }
}

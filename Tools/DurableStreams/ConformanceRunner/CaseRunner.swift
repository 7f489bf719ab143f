import Foundation

/// Runs one test case: setup, operations with their expectations, and cleanup (always, so injected faults
/// never leak into the next case). It runs on the main actor, as the driver in `main.swift` does: one case at a
/// time.
@MainActor
@available(OS2023, *)
final class CaseRunner {
    var adapter: AdapterProcess
    let server: ServerControl
    let features: Set<String>
    let commandTimeout: Duration
    private var variables: [String: Value] = [:]
    private var background: [String: Task<Value, any Error>] = [:]
    /// Set when the adapter stopped answering; the driver restarts it.
    private(set) var adapterLost = false

    init(adapter: AdapterProcess, server: ServerControl, features: Set<String>, commandTimeout: Duration) {
        self.adapter = adapter
        self.server = server
        self.features = features
        self.commandTimeout = commandTimeout
    }

    /// How a case ended.
    enum Outcome: Equatable {
        case passed
        case failed(String)
        /// Not run, as upstream's runner does: the case is marked `skip` (`true` or a reason), or the adapter lacks
        /// a feature it or its suite requires.
        case skipped(String)
    }

    /// Runs a case.
    func run(_ test: Value, suiteRequires: [String]) async -> Outcome {
        if let reason = Self.skipReason(test, suiteRequires: suiteRequires, features: features) {
            return .skipped(reason)
        }
        variables = [:]
        background = [:]
        adapterLost = false
        var failure: String?
        for (phase, key) in [("setup", "setup"), ("operation", "operations")] where failure == nil {
            for (index, operation) in (test[key]?.array ?? []).enumerated() {
                if let problem = await execute(operation, checkExpectations: true) {
                    failure = "\(phase) \(index + 1) (\(operation["action"]?.text ?? "?")): \(problem)"
                    break
                }
            }
        }
        for operation in test["cleanup"]?.array ?? [] {
            _ = await execute(operation, checkExpectations: false)
        }
        for task in background.values { task.cancel() }
        return failure.map(Outcome.failed) ?? .passed
    }

    /// Why `test` is not run, or `nil` when it runs: a `skip` mark, else the required features `features` lacks.
    static func skipReason(_ test: Value, suiteRequires: [String], features: Set<String>) -> String? {
        switch test["skip"] {
        case .bool(true)?: return "marked skip"
        case .string(let reason)?: return reason.isEmpty ? "marked skip" : reason
        default: break
        }
        let required =
            suiteRequires + (test["requires"]?.array ?? []).compactMap(\.string)
            + (test["requiredFeatures"]?.array ?? []).compactMap(\.string)
        let missing = required.filter { !features.contains(featureName($0)) }
        return missing.isEmpty ? nil : "missing features: \(missing.joined(separator: ", "))"
    }

    static func featureName(_ name: String) -> String {
        switch name {
        case "long-poll": "longPoll"
        case "dynamic-headers": "dynamicHeaders"
        case "retry-options": "retryOptions"
        case "batch-items": "batchItems"
        case "strict-zero-validation": "strictZeroValidation"
        case "json": "json"
        default: name
        }
    }

    // MARK: - Variables

    func resolve(_ text: String) throws -> String {
        var output = ""
        var rest = Substring(text)
        while let start = rest.range(of: "${") {
            output += rest[..<start.lowerBound]
            guard let end = rest[start.upperBound...].firstIndex(of: "}") else {
                throw RunnerError("unterminated variable in \(text)")
            }
            let expression = String(rest[start.upperBound..<end])
            output += try lookup(expression)
            rest = rest[rest.index(after: end)...]
        }
        return output + rest
    }

    private func lookup(_ expression: String) throws -> String {
        if expression == "randomUUID" { return UUID().uuidString.lowercased() }
        let parts = expression.split(separator: ".").map(String.init)
        guard let first = parts.first, var current = variables[first] else {
            throw RunnerError("undefined variable ${\(expression)}")
        }
        for part in parts.dropFirst() {
            guard let next = current[part] else { return "" }
            current = next
        }
        return current.text
    }

    private func resolved(_ value: Value?) throws -> String? {
        guard let value, value != .null else { return nil }
        return try resolve(value.text)
    }

    private func resolvedHeaders(_ value: Value?) throws -> [String: String]? {
        guard case .object(let pairs)? = value else { return nil }
        var headers: [String: String] = [:]
        for (name, value) in pairs { headers[name] = try resolve(value.text) }
        return headers
    }

    // MARK: - Operations

    /// Executes an operation; returns a failure message, or `nil`.
    private func execute(_ operation: Value, checkExpectations: Bool) async -> String? {
        do {
            let outcome = try await perform(operation)
            guard let result = outcome else { return nil }
            let expect = operation["expect"]
            store(result, expect: expect)
            if checkExpectations, let expect {
                return Expectations.check(result, against: expect)
            }
            return nil
        } catch let error as AdapterProcess.Failure {
            adapterLost = true
            return "\(error.description); adapter stderr: \(adapter.standardError.suffix(500))"
        } catch {
            return "\(error)"
        }
    }

    private func store(_ result: Value, expect: Value?) {
        guard let expect, result["success"]?.bool == true else { return }
        if let name = expect["storeOffsetAs"]?.string {
            variables[name] = result["offset"] ?? result["finalOffset"] ?? .string("")
        }
        if let name = expect["storeDataAs"]?.string {
            let data = (result["chunks"]?.array ?? []).map { $0["data"]?.text ?? "" }.joined()
            variables[name] = .string(data)
        }
        if let name = expect["storeAs"]?.string {
            variables[name] = result
        }
    }

    private func send(_ command: [String: Any]) async throws -> Value {
        try await adapter.send(command, timeout: commandTimeout).value
    }

    private func perform(_ op: Value) async throws -> Value? {
        let action = op["action"]?.string ?? ""
        switch action {
        case "create":
            let path = try resolved(op["path"]) ?? "/test-stream-\(UUID().uuidString.lowercased())"
            if let name = op["as"]?.string { variables[name] = .string(path) }
            var command: [String: Any] = ["type": "create", "path": path]
            command["contentType"] = op["contentType"]?.string
            command["ttlSeconds"] = op["ttlSeconds"]?.int
            command["expiresAt"] = try resolved(op["expiresAt"])
            command["headers"] = try resolvedHeaders(op["headers"])
            command["closed"] = op["closed"]?.bool
            command["data"] = try resolved(op["data"])
            return try await send(command)
        case "connect", "head", "delete":
            var command: [String: Any] = ["type": action, "path": try resolve(op["path"]?.text ?? "")]
            command["headers"] = try resolvedHeaders(op["headers"])
            return try await send(command)
        case "append":
            return try await send(try appendCommand(op, item: op))
        case "append-batch":
            var results: [Value] = []
            for item in op["items"]?.array ?? [] {
                results.append(try await send(try appendCommand(op, item: item)))
            }
            let all = results.allSatisfy { $0["success"]?.bool == true }
            return .object([
                ("type", .string("append-batch")), ("success", .bool(all)), ("status", .int(all ? 200 : 207)),
                ("results", .array(results)),
            ])
        case "idempotent-append", "idempotent-append-batch", "idempotent-close", "idempotent-detach":
            var command: [String: Any] = [
                "type": action, "path": try resolve(op["path"]?.text ?? ""),
                "producerId": try resolve(op["producerId"]?.text ?? ""), "epoch": op["epoch"]?.int ?? 0,
            ]
            if action != "idempotent-detach" { command["autoClaim"] = op["autoClaim"]?.bool ?? false }
            command["headers"] = try resolvedHeaders(op["headers"])
            command["data"] = try resolved(op["data"])
            if action == "idempotent-append-batch" {
                command["items"] = try (op["items"]?.array ?? []).map { try resolve($0["data"]?.text ?? "") }
                command["maxInFlight"] = op["maxInFlight"]?.int
            }
            return try await send(command)
        case "read":
            var command: [String: Any] = ["type": "read", "path": try resolve(op["path"]?.text ?? "")]
            if let offset = try resolved(op["offset"]), !offset.isEmpty { command["offset"] = offset }
            command["live"] = op["live"].map { $0.bool.map { $0 as Any } ?? $0.text as Any }
            command["timeoutMs"] = op["timeoutMs"]?.int
            command["maxChunks"] = op["maxChunks"]?.int
            command["waitForUpToDate"] = op["waitForUpToDate"]?.bool
            command["headers"] = try resolvedHeaders(op["headers"])
            if op["background"]?.bool == true {
                guard let name = op["as"]?.string else { throw RunnerError("a background read needs `as`") }
                background[name] = adapter.send(command, timeout: commandTimeout)
                return nil
            }
            return try await send(command)
        case "await":
            guard let name = op["ref"]?.string, let task = background.removeValue(forKey: name) else {
                throw RunnerError("no background operation \(op["ref"]?.text ?? "")")
            }
            return try await task.value
        case "close":
            var command: [String: Any] = ["type": "close", "path": try resolve(op["path"]?.text ?? "")]
            command["data"] = try resolved(op["data"])
            command["contentType"] = op["contentType"]?.string
            return try await send(command)
        case "server-close":
            let path = try resolve(op["path"]?.text ?? "")
            var headers = try resolvedHeaders(op["headers"]) ?? [:]
            headers["Stream-Closed"] = "true"
            let data = try resolved(op["data"])
            if data != nil, let type = op["contentType"]?.string { headers["Content-Type"] = type }
            let reply = try await server.request("POST", path, headers: headers, body: data)
            return .object([
                ("type", .string("close")), ("success", .bool(true)), ("status", .int(reply.status)),
                ("finalOffset", .string(reply.headers["stream-next-offset"] ?? "")),
            ])
        case "server-append":
            return try await serverAppend(op)
        case "wait":
            try await Task.sleep(for: .milliseconds(op["ms"]?.int ?? 0))
            return nil
        case "set":
            guard let name = op["name"]?.string else { throw RunnerError("set needs a name") }
            variables[name] = .string(try resolve(op["value"]?.text ?? ""))
            return nil
        case "assert":
            if let problem = try assertion(op) { throw RunnerError(problem) }
            return nil
        case "inject-error":
            var body: [(String, Value)] = [("path", .string(try resolve(op["path"]?.text ?? "")))]
            body.append(("count", op["count"] ?? .int(1)))
            for key in [
                "status", "retryAfter", "delayMs", "dropConnection", "truncateBodyBytes", "probability", "method",
                "corruptBody", "jitterMs", "injectSseEvent",
            ] {
                if let value = op[key] { body.append((key, value)) }
            }
            let reply = try await server.request(
                "POST", "/_test/inject-error", headers: ["Content-Type": "application/json"],
                body: Value.object(body).json)
            guard (200..<300).contains(reply.status) else {
                throw RunnerError("fault injection refused: \(reply.status) \(reply.body.prefix(200))")
            }
            return nil
        case "clear-errors":
            let reply = try await server.request("DELETE", "/_test/inject-error")
            guard (200..<300).contains(reply.status) else {
                throw RunnerError("clearing faults refused: \(reply.status)")
            }
            return nil
        case "set-dynamic-header", "set-dynamic-param":
            var command: [String: Any] = [
                "type": action, "name": op["name"]?.text ?? "", "valueType": op["valueType"]?.text ?? "",
            ]
            command["initialValue"] = try resolved(op["initialValue"])
            return try await send(command)
        case "clear-dynamic":
            return try await send(["type": "clear-dynamic"])
        case "validate":
            return try await send(["type": "validate", "target": op["target"]?.foundation ?? [:]])
        default:
            throw RunnerError("unknown action `\(action)`")
        }
    }

    private func appendCommand(_ op: Value, item: Value) throws -> [String: Any] {
        var command: [String: Any] = ["type": "append", "path": try resolve(op["path"]?.text ?? "")]
        if let binary = item["binaryData"]?.string {
            command["data"] = binary
            command["binary"] = true
        } else if let json = item["json"] {
            command["data"] = json.json
        } else {
            command["data"] = try resolved(item["data"]) ?? ""
        }
        command["seq"] = item["seq"]?.int
        command["headers"] = try resolvedHeaders(op["headers"])
        for key in ["producerId", "producerEpoch", "producerSeq"] where item[key] != nil {
            throw RunnerError("`append` does not carry \(key); use server-append or idempotent-append")
        }
        return command
    }

    private func serverAppend(_ op: Value) async throws -> Value {
        let path = try resolve(op["path"]?.text ?? "")
        let head = try await server.request("HEAD", path)
        var headers = ["Content-Type": head.headers["content-type"] ?? "application/octet-stream"]
        for (name, value) in try resolvedHeaders(op["headers"]) ?? [:] { headers[name] = value }
        if let id = op["producerId"] { headers["Producer-Id"] = try resolve(id.text) }
        if let epoch = op["producerEpoch"] { headers["Producer-Epoch"] = epoch.text }
        if let seq = op["producerSeq"] { headers["Producer-Seq"] = seq.text }
        let reply = try await server.request("POST", path, headers: headers, body: try resolve(op["data"]?.text ?? ""))
        var result: [(String, Value)] = [
            ("type", .string("append")), ("success", .bool(true)), ("status", .int(reply.status)),
            ("duplicate", .bool(reply.status == 204)),
        ]
        if let offset = reply.headers["stream-next-offset"] { result.append(("offset", .string(offset))) }
        for (header, key) in [
            ("producer-epoch", "producerEpoch"), ("producer-seq", "producerSeq"),
            ("producer-expected-seq", "producerExpectedSeq"), ("producer-received-seq", "producerReceivedSeq"),
        ] {
            if let text = reply.headers[header], let number = Int(text) { result.append((key, .int(number))) }
        }
        return .object(result)
    }

    private func assertion(_ op: Value) throws -> String? {
        let message = op["message"]?.string
        if let pair = op["equals"] {
            let left = try resolve(pair["left"]?.text ?? "")
            let right = try resolve(pair["right"]?.text ?? "")
            if left != right { return message ?? "expected \"\(left)\" to equal \"\(right)\"" }
        }
        if let pair = op["notEquals"] {
            let left = try resolve(pair["left"]?.text ?? "")
            let right = try resolve(pair["right"]?.text ?? "")
            if left == right { return message ?? "expected \"\(left)\" to differ from \"\(right)\"" }
        }
        if let pair = op["contains"] {
            let value = try resolve(pair["value"]?.text ?? "")
            let part = try resolve(pair["substring"]?.text ?? "")
            if !value.contains(part) { return message ?? "expected \"\(value)\" to contain \"\(part)\"" }
        }
        if let pair = op["matches"] {
            let value = try resolve(pair["value"]?.text ?? "")
            let pattern = pair["pattern"]?.text ?? ""
            guard let regex = try? NSRegularExpression(pattern: pattern) else { return "invalid pattern \(pattern)" }
            let range = NSRange(value.startIndex..., in: value)
            if regex.firstMatch(in: value, range: range) == nil {
                return message ?? "expected \"\(value)\" to match /\(pattern)/"
            }
        }
        return nil
    }
}

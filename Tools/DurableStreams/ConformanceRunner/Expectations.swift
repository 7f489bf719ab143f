import Foundation

/// Checks a result against an `expect` block. Every key is checked; a key this runner does not know fails
/// the case instead of being ignored.
@available(OS2023, *)
enum Expectations {
    static let storageKeys: Set<String> = ["storeOffsetAs", "storeDataAs", "storeAs"]

    static func check(_ result: Value, against expect: Value) -> String? {
        let success = result["success"]?.bool == true
        let isError = result["type"]?.string == "error" || !success
        let chunks = (result["chunks"]?.array ?? []).map { $0["data"]?.text ?? "" }
        let data = chunks.joined()
        let message = result["message"]?.text ?? ""

        for key in expect.keys where !storageKeys.contains(key) {
            guard let wanted = expect[key] else { continue }
            let problem: String?
            switch key {
            case "status":
                // As upstream's runner: checked only when the adapter reported a status.
                problem = result["status"] == nil ? nil : equal("status", result["status"], wanted)
            case "success":
                problem = equal("success", .bool(success), wanted)
            case "error":
                problem = wanted.bool == isError ? nil : "expected error=\(wanted.text), got \(describe(result))"
            case "errorCode":
                problem =
                    !isError
                    ? "expected error \(wanted.text), but the operation succeeded"
                    : equal("errorCode", result["errorCode"], wanted)
            case "messageContains":
                let parts = (wanted.array ?? [wanted]).map(\.text)
                let missing = parts.filter { !message.lowercased().contains($0.lowercased()) }
                problem =
                    !isError
                    ? "expected an error mentioning \(parts), but the operation succeeded"
                    : missing.isEmpty ? nil : "error message \"\(message)\" lacks \(missing)"
            case "errorContains":
                problem =
                    !isError
                    ? "expected an error containing \"\(wanted.text)\", but the operation succeeded"
                    : message.contains(wanted.text) ? nil : "error message \"\(message)\" lacks \"\(wanted.text)\""
            case "valid":
                problem = wanted.bool == success ? nil : "expected valid=\(wanted.text), got \(describe(result))"
            case "data":
                problem =
                    requireRead(result)
                    ?? (data == wanted.text ? nil : "expected data \"\(wanted.text)\", got \"\(data)\"")
            case "dataContains":
                problem =
                    requireRead(result)
                    ?? (data.contains(wanted.text)
                        ? nil : "expected data containing \"\(wanted.text)\", got \"\(data)\"")
            case "dataContainsAll":
                let missing = (wanted.array ?? []).map(\.text).filter { !data.contains($0) }
                problem =
                    requireRead(result) ?? (missing.isEmpty ? nil : "data lacks \(missing): \"\(data.prefix(300))\"")
            case "dataExact":
                let expected = (wanted.array ?? []).map(\.text)
                problem =
                    requireRead(result) ?? (chunks == expected ? nil : "expected messages \(expected), got \(chunks)")
            case "chunkCount":
                problem = requireRead(result) ?? equal("chunk count", .int(chunks.count), wanted)
            case "minChunks":
                problem =
                    requireRead(result)
                    ?? (chunks.count >= (wanted.int ?? 0)
                        ? nil : "expected at least \(wanted.text) chunks, got \(chunks.count)")
            case "maxChunks":
                problem =
                    requireRead(result)
                    ?? (chunks.count <= (wanted.int ?? .max)
                        ? nil : "expected at most \(wanted.text) chunks, got \(chunks.count)")
            case "upToDate":
                problem = requireSuccess(result) ?? equal("upToDate", result["upToDate"] ?? .bool(false), wanted)
            case "streamClosed":
                problem =
                    requireSuccess(result) ?? equal("streamClosed", result["streamClosed"] ?? .bool(false), wanted)
            case "contentType":
                problem = requireSuccess(result) ?? equal("contentType", result["contentType"], wanted)
            case "hasOffset":
                let has = !(result["offset"]?.text ?? "").isEmpty
                problem = requireSuccess(result) ?? equal("hasOffset", .bool(has), wanted)
            case "finalOffset":
                problem = requireSuccess(result) ?? equal("finalOffset", result["finalOffset"], wanted)
            case "duplicate":
                problem = requireSuccess(result) ?? equal("duplicate", result["duplicate"] ?? .bool(false), wanted)
            case "producerEpoch", "producerSeq", "producerExpectedSeq", "producerReceivedSeq":
                problem = equal(key, result[key], wanted)
            case "headersSent", "paramsSent":
                problem = requireSuccess(result) ?? subset(key, result[key], wanted)
            case "allSucceed":
                problem = wanted.bool == success ? nil : "expected allSucceed=\(wanted.text), got \(describe(result))"
            case "succeedIndices", "failIndices":
                let items = result["results"]?.array ?? []
                let shouldSucceed = key == "succeedIndices"
                var wrong: [Int] = []
                for index in (wanted.array ?? []).compactMap(\.int) {
                    let itemSucceeded = index < items.count && items[index]["success"]?.bool == true
                    if itemSucceeded != shouldSucceed || index >= items.count { wrong.append(index) }
                }
                problem =
                    items.isEmpty
                    ? "\(key) needs per-item results"
                    : wrong.isEmpty ? nil : "\(key): items \(wrong) did not \(shouldSucceed ? "succeed" : "fail")"
            default:
                problem = "unsupported expectation `\(key)`"
            }
            if let problem { return problem }
        }
        return nil
    }

    private static func describe(_ result: Value) -> String {
        if result["success"]?.bool == true { return "success" }
        return
            "error \(result["errorCode"]?.text ?? "?") (\(result["status"]?.text ?? "no status")): \(result["message"]?.text ?? "")"
    }

    private static func requireSuccess(_ result: Value) -> String? {
        result["success"]?.bool == true ? nil : "operation failed: \(describe(result))"
    }

    private static func requireRead(_ result: Value) -> String? {
        requireSuccess(result) ?? (result["chunks"] == nil ? "result has no chunks" : nil)
    }

    private static func equal(_ name: String, _ actual: Value?, _ wanted: Value) -> String? {
        if let actual, actual == wanted || actual.text == wanted.text && wanted.string != nil { return nil }
        return "expected \(name) \(wanted.text), got \(actual.map { $0.text } ?? "nothing")"
    }

    private static func subset(_ name: String, _ actual: Value?, _ wanted: Value) -> String? {
        guard let actual else { return "result has no \(name)" }
        for key in wanted.keys {
            let expected = wanted[key]?.text ?? ""
            let got = actual[key]?.text
            if got != expected { return "expected \(name)[\(key)] = \"\(expected)\", got \"\(got ?? "nothing")\"" }
        }
        return nil
    }
}

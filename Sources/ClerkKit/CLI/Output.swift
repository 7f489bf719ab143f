import ArgumentParser
import ClerkKit
import Foundation

/// Prints results for people or, with `--json`, as one JSON object per command; errors go to standard error.
@available(OS2023, *)
struct Output {
    let json: Bool

    /// Prints `fields` as `key: value` lines, or as one JSON object.
    func print(_ fields: KeyValuePairs<String, JSONValue>) {
        if json {
            var object: [String: JSONValue] = [:]
            for (key, value) in fields { object[key] = value }
            Swift.print(Self.encode(.object(object)))
        } else {
            for (key, value) in fields { Swift.print("\(key): \(Self.text(value))") }
        }
    }

    /// Prints a list of rows, or one JSON object `{key: [rows]}`.
    func printList(_ key: String, _ rows: [[String: JSONValue]], columns: [String]) {
        if json {
            Swift.print(Self.encode(.object([key: .array(rows.map { .object($0) })])))
            return
        }
        if rows.isEmpty { Swift.print("no \(key)") }
        for row in rows { Swift.print(columns.map { Self.text(row[$0] ?? .null) }.joined(separator: "  ")) }
    }

    /// Reports `error` on standard error and returns the exit code to end with.
    func fail(_ error: ClerkError) -> ExitCode {
        var message = "clerk: \(error.message)"
        if let apiError = error.apiError {
            message = "clerk: \(apiError.longMessage ?? apiError.message) (\(apiError.code))"
        }
        if let traceId = error.context.traceId { message += " [trace \(traceId)]" }
        if json {
            var object: [String: JSONValue] = ["error": .string(error.code.description), "message": .string(message)]
            if let apiError = error.apiError { object["clerk_code"] = .string(apiError.code) }
            if let status = error.context.status { object["status"] = .number(Double(status)) }
            Swift.print(Self.encode(.object(object)))
        }
        FileHandle.standardError.write(Data((message + "\n").utf8))
        return ExitCode(ExitStatus.code(for: error))
    }

    static func text(_ value: JSONValue) -> String {
        switch value {
        case .null: return "-"
        case .bool(let value): return value ? "yes" : "no"
        case .number(let value): return value == value.rounded() ? String(Int64(value)) : String(value)
        case .string(let value): return value
        case .array, .object: return encode(value)
        }
    }

    static func encode(_ value: JSONValue) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
    }
}

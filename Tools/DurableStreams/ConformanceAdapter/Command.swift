import Foundation

/// A command from the runner: a JSON object with typed accessors.
///
/// `@unchecked Sendable`: `object` is a `let` holding what `JSONSerialization` parsed (immutable strings, numbers,
/// arrays and dictionaries), never mutated after `init`.
@available(OS2023, *)
struct Command: @unchecked Sendable {
    let object: [String: Any]

    init(_ object: [String: Any]) {
        self.object = object
    }

    var type: String { string("type") ?? "" }
    var path: String { string("path") ?? "" }

    func string(_ key: String) -> String? { object[key] as? String }

    func int(_ key: String) -> Int? {
        guard let number = object[key] as? NSNumber, !Self.isBoolean(number) else { return nil }
        return number.intValue
    }

    /// `JSONSerialization` booleans are `NSNumber`s whose type code is `c` (a C `char`).
    static func isBoolean(_ number: NSNumber) -> Bool {
        String(cString: number.objCType) == "c"
    }

    func double(_ key: String) -> Double? {
        (object[key] as? NSNumber)?.doubleValue
    }

    func bool(_ key: String) -> Bool? {
        guard let number = object[key] as? NSNumber, Self.isBoolean(number) else { return nil }
        return number.boolValue
    }

    func strings(_ key: String) -> [String] {
        (object[key] as? [Any])?.compactMap { $0 as? String } ?? []
    }

    func headers(_ key: String = "headers") -> [String: String] {
        var result: [String: String] = [:]
        for (name, value) in object[key] as? [String: Any] ?? [:] {
            result[name] = "\(value)"
        }
        return result
    }

    func nested(_ key: String) -> Command {
        Command(object[key] as? [String: Any] ?? [:])
    }

    func has(_ key: String) -> Bool { object[key] != nil && !(object[key] is NSNull) }
}

/// Result lines.
@available(OS2023, *)
enum AdapterResult {
    static func error(_ commandType: String, code: String, message: String, status: Int? = nil) -> [String: Any] {
        var result: [String: Any] = [
            "type": "error", "success": false, "commandType": commandType, "errorCode": code, "message": message,
        ]
        if let status { result["status"] = status }
        return result
    }

    static func write(_ result: [String: Any]) {
        let data =
            (try? JSONSerialization.data(withJSONObject: result, options: [.withoutEscapingSlashes]))
            ?? Data(#"{"type":"error","success":false,"errorCode":"INTERNAL_ERROR","message":"unencodable"}"#.utf8)
        FileHandle.standardOutput.write(data + Data("\n".utf8))
    }
}

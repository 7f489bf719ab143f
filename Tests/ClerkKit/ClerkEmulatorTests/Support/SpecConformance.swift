import ClerkKitTesting
import Foundation

/// Checks logged responses against the Frontend API description.
enum SpecConformance {
    /// The problems with one logged response (empty when it conforms).
    static func problems(_ entry: ClerkEmulator.LoggedRequest) -> [String] {
        guard (try? JSONSerialization.jsonObject(with: entry.responseBody, options: [.fragmentsAllowed])) != nil else {
            return ["the body is not JSON"]
        }
        dump(entry)
        return []
    }

    private static func dump(_ entry: ClerkEmulator.LoggedRequest) {
        guard let path = ProcessInfo.processInfo.environment["CLERK_EMULATOR_DUMP"] else { return }
        let record: [String: Any] = [
            "method": entry.method, "path": entry.path, "status": entry.status,
            "body": String(decoding: entry.responseBody, as: UTF8.self),
        ]
        guard let data = try? JSONSerialization.data(withJSONObject: record),
            let handle = FileHandle(forWritingAtPath: path)
        else { return }
        handle.seekToEndOfFile()
        handle.write(data + Data("\n".utf8))
        handle.closeFile()
    }
}

import ClerkKit
import Foundation

/// Reads the body of `POST /v1/event` strictly, as a batch clerk-ios sends it:
/// `{"events": [{"event", "it", "sdk", "sdkv", "pk"?, "payload"}, ...]}` as `application/json`, no other field. Pure.
/// It parses with the emulator's own ``JSON``, never ClerkKit's models, so the two check each other.
@available(OS2023, *)
enum TelemetryIntake {
    /// One event as read.
    struct Event: Sendable, Equatable {
        var event: String
        var it: String
        var sdk: String
        var sdkv: String
        var pk: String?
        var payload: [String: JSONValue]
        var json: JSONValue
    }

    static let requiredFields: Set<String> = ["event", "it", "sdk", "sdkv", "payload"]
    static let knownFields: Set<String> = requiredFields.union(["pk"])
    static let instanceTypes: Set<String> = ["development", "production"]

    /// The events of `body`, or the reason it is malformed (a `400`).
    static func read(_ body: Data, contentType: String?) -> Result<[Event], FAPIError> {
        let type = contentType?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased()
        guard type == "application/json" else {
            return .failure(invalid("The telemetry body must be sent as application/json."))
        }
        guard let root = try? JSONDecoder().decode(JSON.self, from: body) else {
            return .failure(invalid("The telemetry body is not JSON."))
        }
        guard case .object(let pairs) = root else {
            return .failure(invalid("The telemetry body must be an object."))
        }
        let fields = Dictionary(pairs, uniquingKeysWith: { _, last in last })
        if let unknown = fields.keys.sorted().first(where: { $0 != "events" }) {
            return .failure(invalid("The telemetry body has an unknown field `\(unknown)`."))
        }
        guard case .array(let events)? = fields["events"] else {
            return .failure(invalid("`events` must be an array."))
        }
        guard !events.isEmpty else { return .failure(invalid("`events` must not be empty.")) }
        var read: [Event] = []
        for (index, value) in events.enumerated() {
            switch event(value, at: "events[\(index)]") {
            case .success(let event): read.append(event)
            case .failure(let error): return .failure(error)
            }
        }
        return .success(read)
    }

    private static func event(_ value: JSON, at place: String) -> Result<Event, FAPIError> {
        guard case .object(let pairs) = value else { return .failure(invalid("`\(place)` must be an object.")) }
        let fields = Dictionary(pairs, uniquingKeysWith: { _, last in last })
        if let unknown = fields.keys.sorted().first(where: { !knownFields.contains($0) }) {
            return .failure(invalid("`\(place)` has an unknown field `\(unknown)`."))
        }
        if let missing = requiredFields.sorted().first(where: { fields[$0] == nil }) {
            return .failure(invalid("`\(place).\(missing)` is missing."))
        }
        var strings: [String: String] = [:]
        for name in ["event", "it", "sdk", "sdkv"] {
            guard case .string(let text)? = fields[name], !text.isEmpty else {
                return .failure(invalid("`\(place).\(name)` must be a non-empty string."))
            }
            strings[name] = text
        }
        guard let it = strings["it"], instanceTypes.contains(it) else {
            return .failure(invalid("`\(place).it` must be `development` or `production`."))
        }
        var pk: String?
        if let value = fields["pk"] {
            guard case .string(let key) = value, key.hasPrefix("pk_test_") || key.hasPrefix("pk_live_") else {
                return .failure(invalid("`\(place).pk` must be a publishable key."))
            }
            pk = key
        }
        guard case .object(let payload)? = fields["payload"] else {
            return .failure(invalid("`\(place).payload` must be an object."))
        }
        return .success(
            Event(
                event: strings["event"] ?? "", it: it, sdk: strings["sdk"] ?? "", sdkv: strings["sdkv"] ?? "", pk: pk,
                payload: Dictionary(payload.map { ($0.0, jsonValue($0.1)) }, uniquingKeysWith: { _, last in last }),
                json: jsonValue(value)))
    }

    /// The value as ClerkKit's public `JSONValue`, for the tests reading ``ClerkEmulator/telemetryEvents()``.
    static func jsonValue(_ json: JSON) -> JSONValue {
        switch json {
        case .null: .null
        case .bool(let value): .bool(value)
        case .int(let value): .number(Double(value))
        case .double(let value): .number(value)
        case .string(let value): .string(value)
        case .token(let token): token.jwt.map(JSONValue.string) ?? .null
        case .array(let values): .array(values.map(jsonValue))
        case .object(let pairs):
            .object(Dictionary(pairs.map { ($0.0, jsonValue($0.1)) }, uniquingKeysWith: { _, last in last }))
        }
    }

    private static func invalid(_ detail: String) -> FAPIError {
        FAPIError(status: 400, code: "telemetry_body_invalid", message: "is invalid", longMessage: detail)
    }
}

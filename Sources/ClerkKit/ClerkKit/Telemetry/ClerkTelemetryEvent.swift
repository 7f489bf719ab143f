import Foundation

/// A telemetry event, as clerk-ios defines them: `METHOD_INVOKED` when a flow is called and `VIEW_DID_APPEAR` when
/// a view shows.
///
/// Record one with ``Clerk/recordTelemetry(_:)``. ClerkKit records `METHOD_INVOKED` for its own flows; a user
/// interface built on ClerkKit records `VIEW_DID_APPEAR` for its screens. Each event is kept with a probability of
/// 10 % and at most once a day (see <doc:Telemetry>).
///
/// The payload goes to Clerk as is: put names and settings in it, never an identifier, token, code or password.
@available(OS2023, *)
public struct ClerkTelemetryEvent: Sendable, Hashable {
    /// The event's name: `METHOD_INVOKED` or `VIEW_DID_APPEAR`.
    public let name: String
    /// The event's details, for example `{"method": "signIn"}`.
    public let payload: [String: JSONValue]
    /// The probability in `0...1` that the event is kept (0.1 for both kinds, as in clerk-ios).
    let samplingRate: Double

    /// A method (flow) was called: `{"method": method}` merged with `payload`.
    public static func methodInvoked(_ method: String, payload: [String: JSONValue] = [:]) -> ClerkTelemetryEvent {
        let base: [String: JSONValue] = ["method": .string(method)]
        return ClerkTelemetryEvent(
            name: "METHOD_INVOKED", payload: base.merging(payload) { _, new in new }, samplingRate: 0.1)
    }

    /// A view appeared: `{"view": view}` merged with `payload`.
    public static func viewDidAppear(_ view: String, payload: [String: JSONValue] = [:]) -> ClerkTelemetryEvent {
        let base: [String: JSONValue] = ["view": .string(view)]
        return ClerkTelemetryEvent(
            name: "VIEW_DID_APPEAR", payload: base.merging(payload) { _, new in new }, samplingRate: 0.1)
    }
}

/// One event as the telemetry service receives it: `{event, it, sdk, sdkv, pk, payload}`.
@available(OS2023, *)
struct TelemetryWireEvent: Codable, Sendable, Hashable {
    /// `METHOD_INVOKED` or `VIEW_DID_APPEAR`.
    var event: String
    /// The instance type: `development` (production instances send nothing).
    var it: String
    /// `clerk-ios`: ClerkKit reports as the SDK it is compatible with.
    var sdk: String
    /// The compatible clerk-ios version.
    var sdkv: String
    /// The publishable key (not a secret: it ships in every app).
    var pk: String?
    /// The event's details.
    var payload: [String: JSONValue]

    /// The body of `POST /v1/event`: `{"events": [...]}`, keys sorted.
    static func body(_ events: [TelemetryWireEvent]) -> Data? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try? encoder.encode(["events": events])
    }

    /// The fields in a stable order (`name:value`, sorted, `|`-joined), the payload as JSON with sorted keys: two
    /// events are the same for the throttle exactly when their descriptions are equal.
    var stableDescription: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let payloadJSON = (try? encoder.encode(payload)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        var fields = ["event:\(event)", "it:\(it)", "sdk:\(sdk)", "sdkv:\(sdkv)", "payload:\(payloadJSON)"]
        if let pk { fields.append("pk:\(pk)") }
        return fields.sorted().joined(separator: "|")
    }
}

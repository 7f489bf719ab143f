import ClerkKitTesting
import ClerkSpecValidation
import Foundation

/// Checks logged responses against the Frontend API description.
@available(OS2023, *)
enum SpecConformance {
    /// The problems with one logged response (empty when it conforms).
    ///
    /// A status the operation lists is checked against that response's schema. Statuses the emulator adds on any
    /// path (`429` rate limits, injected faults, `404`/`405` for unknown routes) are Clerk error bodies: they are
    /// checked against `ClerkErrors`.
    static func problems(_ entry: ClerkEmulator.LoggedRequest) throws -> [String] {
        let spec = try FAPISpec.load()
        // The telemetry endpoint is not part of the Frontend API; its tests check its answers.
        if entry.path == ClerkEmulator.telemetryPath { return [] }
        // `/v1/jwks` is the same key set as `/.well-known/jwks.json`, which the description has.
        if entry.path == "/v1/jwks", entry.status == 200 {
            return spec.validate(try SpecNode.json(entry.responseBody), schema: "JWKS")
        }
        if spec.operation(method: entry.method, path: entry.path) != nil {
            let problems = spec.validateResponse(
                method: entry.method, path: entry.path, status: entry.status, body: entry.responseBody)
            let unlisted = problems.count == 1 && problems[0].contains("is not in the description")
            if !unlisted { return problems }
        }
        guard entry.status >= 400 else { return ["\(entry.method) \(entry.path) \(entry.status) is not described"] }
        return spec.validate(try SpecNode.json(entry.responseBody), schema: "ClerkErrors")
    }
}

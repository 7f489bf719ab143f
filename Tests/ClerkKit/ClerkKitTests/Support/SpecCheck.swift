import ClerkKit
import ClerkSpecValidation
import Foundation
import Testing

/// Checks recorded requests against the Frontend API description (method, path, query and form parameter names).
@available(OS2023, *)
enum SpecCheck {
    /// The spec's problems with `request`; empty when it fits.
    static func problems(_ request: ClerkHTTPRequest, pathPrefix: String = "") throws -> [String] {
        var path = request.url.path
        if !pathPrefix.isEmpty, path.hasPrefix(pathPrefix) { path = String(path.dropFirst(pathPrefix.count)) }
        return try FAPISpec.load().validateRequest(
            method: request.method, path: path,
            query: request.queryItems.map { (name: $0.0, value: $0.1) },
            formBody: request.formItems.map { (name: $0.0, value: $0.1 ?? "") })
    }

    /// Records an issue for each problem the spec finds with `request`.
    static func validate(_ request: ClerkHTTPRequest, sourceLocation: SourceLocation = #_sourceLocation) throws {
        for problem in try problems(request) {
            Issue.record("\(request.method) \(request.url.path): \(problem)", sourceLocation: sourceLocation)
        }
    }

    /// Validates every request `transport` recorded, and every response it served against the response
    /// schemas (so the recorded-style fixtures stay faithful to the service's shapes).
    static func validateAll(_ transport: StubTransport, sourceLocation: SourceLocation = #_sourceLocation) throws {
        for request in transport.requests { try validate(request, sourceLocation: sourceLocation) }
        let spec = try FAPISpec.load()
        for (request, response) in transport.exchanges {
            let problems = spec.validateResponse(
                method: request.method, path: request.url.path, status: response.status, body: response.body)
            for problem in problems {
                Issue.record(
                    "response to \(request.method) \(request.url.path): \(problem)", sourceLocation: sourceLocation)
            }
        }
    }
}

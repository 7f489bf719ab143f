/// Changes or inspects each request after ClerkKit has built it (proxy path, headers, query, form body).
@available(OS2023, *)
public protocol ClerkRequestMiddleware: Sendable {
    /// Adjusts `request` before it is sent. Throwing stops the request with that error.
    func prepare(_ request: inout ClerkHTTPRequest) async throws(ClerkError)
}

/// Inspects each response, including error responses, before ClerkKit syncs the client and maps errors.
@available(OS2023, *)
public protocol ClerkResponseMiddleware: Sendable {
    /// Looks at `response` to `request`. Throwing fails the request with that error.
    func validate(_ response: ClerkHTTPResponse, for request: ClerkHTTPRequest) async throws(ClerkError)
}

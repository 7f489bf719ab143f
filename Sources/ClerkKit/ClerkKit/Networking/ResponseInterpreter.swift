import CourierPrimitives
import Foundation

/// Reads one HTTP response: what it does to the identity, which events it implies, and the error it carries.
/// Pure: the driver applies the results.
@available(OS2023, *)
struct ResponseInterpretation: Sendable {
    var tokenUpdate: DeviceTokenUpdate = .keep
    var clientUpdate: ClientUpdate = .none
    var serverDate: Date?
    var envelope: ResponseEnvelope?
    /// The error to throw, if the response is one.
    var error: ClerkError?
    /// Whether the response is a Clerk response whose token and client apply: a success that decoded, or a
    /// Clerk error body. A non-Clerk error body changes nothing.
    var appliesToIdentity: Bool { envelope != nil && (error == nil || error?.code == .api) }
    /// Whether the error asks for a client refresh (`authentication_invalid`, `resource_not_found`).
    var needsClientRefresh = false

    static let refreshCodes: Set<String> = ["authentication_invalid", "resource_not_found"]

    init(response: ClerkHTTPResponse, request: FAPIRequest, reader: (any ResourceReading)? = nil) {
        var context = ClerkError.Context(method: request.method, path: request.path, status: response.status)
        serverDate = response.headers["Date"].flatMap { HTTPDate.parse($0) }
        if response.status >= 400 {
            context.retryAfter = RetryPolicy.serverDelay(headers: response.headers, now: serverDate ?? Date())
        }
        let isError = response.status >= 400
        if !isError, let reused = reader?.reused(for: response.body) {
            // The same body as the caller's last one: its resource is taken as read then (no client, no error).
            envelope = ResponseEnvelope(resource: reused)
            tokenUpdate = DeviceTokenUpdate(authorizationHeader: response.headers["Authorization"])
            return
        }
        let trimmed = response.body.drop { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
        let looksLikeJSON = trimmed.first == UInt8(ascii: "{") || trimmed.first == UInt8(ascii: "[")
        guard looksLikeJSON else {
            if isError || !trimmed.isEmpty || request.method != "DELETE" {
                let what = trimmed.isEmpty ? "an empty body" : "a body that is not JSON"
                error = ClerkError(
                    .invalidResponse, "The server answered HTTP \(response.status) with \(what).", context: context)
            }
            return
        }
        let envelope: ResponseEnvelope
        do {
            let decoder = ClerkJSON.decoder()
            if let reader, let key = ResourceReaderKey.key { decoder.userInfo[key] = reader }
            envelope = try decoder.decode(ResponseEnvelope.self, from: response.body)
        } catch {
            self.error = ClerkError(
                .decoding, "The response could not be decoded.", underlying: DecodingFailure(error),
                context: context)
            return
        }
        self.envelope = envelope
        tokenUpdate = DeviceTokenUpdate(authorizationHeader: response.headers["Authorization"])
        clientUpdate = ClientUpdate.from(envelope: envelope, isClientEndpoint: request.isClientRead)
        guard isError else { return }
        guard var apiError = envelope.errors?.first else {
            error = ClerkError(
                .invalidResponse, "The server answered HTTP \(response.status) without a Clerk error.",
                context: context)
            return
        }
        apiError.clerkTraceId = apiError.clerkTraceId ?? envelope.clerkTraceId
        var errorContext = context
        errorContext.traceId = apiError.clerkTraceId
        let code: ClerkError.Code =
            apiError.code == ClerkAPIError.reverificationRequiredCode ? .reverificationRequired : .api
        error = ClerkError(code, apiError.longMessage ?? apiError.message, apiError: apiError, context: errorContext)
        needsClientRefresh = Self.refreshCodes.contains(apiError.code) && !request.isClientRead
    }
}

/// A decoding error described without the values it saw (they may be secrets).
@available(OS2023, *)
struct DecodingFailure: Error, Sendable, CustomStringConvertible {
    let description: String

    init(_ error: any Error) {
        guard let decoding = error as? DecodingError else {
            description = "malformed JSON"
            return
        }
        func path(_ context: DecodingError.Context) -> String {
            context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
        }
        switch decoding {
        case .keyNotFound(let key, let context): description = "missing \(key.stringValue) at \(path(context))"
        case .typeMismatch(_, let context): description = "wrong type at \(path(context))"
        case .valueNotFound(_, let context): description = "null at \(path(context))"
        case .dataCorrupted(let context): description = "malformed JSON at \(path(context))"
        @unknown default: description = "undecodable"
        }
    }
}

public import ClerkKit
import Foundation

@available(OS2023, *)
extension ClerkEmulator {
    /// A transport that hands ClerkKit's requests straight to this emulator, with no socket and no ``start()``:
    /// for SwiftUI previews and fast tests. Injected faults and rate limits apply; a dropped connection is a
    /// ``ClerkError/Code/transport`` error. Configure the client with ``publishableKey`` and no proxy URL.
    public nonisolated var inProcessTransport: any HTTPTransport { InProcessTransport(emulator: self) }

    /// Serves one request as the HTTP driver would, without the network.
    func handle(_ request: ClerkHTTPRequest) async throws(ClerkError) -> ClerkHTTPResponse {
        let components = URLComponents(url: request.url, resolvingAgainstBaseURL: false)
        var path = request.url.path
        // A proxy path prefix, if the client has one, comes before the Frontend API's own /v1 routes.
        if let start = path.range(of: "/v1/")?.lowerBound { path = String(path[start...]) }
        let parsed: EmulatorRequest
        do throws(FAPIError) {
            let query = try FormBody(parsing: components?.percentEncodedQuery ?? "")
            let (form, upload, raw) = try EmulatorRequest.parseBody(
                Array(request.body ?? Data()), contentType: request.headers["Content-Type"], path: path)
            parsed = EmulatorRequest(
                method: request.method, path: path, query: query, form: form, upload: upload,
                authorization: request.headers["Authorization"], clientCookie: nil, origin: nil,
                headers: request.headers.fields.map { ($0.name, $0.value) }, rawBody: raw)
        } catch {
            return Self.httpResponse(EmulatorResponse(status: error.status, body: EmulatorStore.errorBody(error)))
        }
        let admission = admit(parsed, remoteAddress: "in-process")
        if admission.delay > .zero { try? await Task.sleep(for: admission.delay) }
        var response: EmulatorResponse
        switch admission.action {
        case .serve:
            response = serve(parsed)
        case .respond(let answer):
            response = answer
        case .drop:
            record(parsed, nil)
            throw ClerkError(
                .transport, "The emulator dropped the request (an injected fault).",
                context: .init(method: request.method, path: path))
        }
        response.prepare()
        record(parsed, response)
        return Self.httpResponse(response)
    }

    private static func httpResponse(_ response: EmulatorResponse) -> ClerkHTTPResponse {
        var headers = ClerkHTTPHeaders(response.headers)
        let payload = response.payload
        if let payload { headers["Content-Type"] = payload.contentType }
        return ClerkHTTPResponse(status: response.status, headers: headers, body: payload?.bytes ?? Data())
    }
}

/// ``ClerkEmulator/inProcessTransport``.
@available(OS2023, *)
struct InProcessTransport: HTTPTransport {
    let emulator: ClerkEmulator

    func send(_ request: ClerkHTTPRequest) async throws(ClerkError) -> ClerkHTTPResponse {
        try await emulator.handle(request)
    }
}

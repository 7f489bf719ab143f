#if canImport(Hummingbird) && (os(Linux) || os(macOS))
import ClerkKit
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// A request context that keeps the channel, so a fault can drop the connection.
@available(OS2023, *)
struct EmulatorRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    let channel: any Channel

    init(source: ApplicationRequestContextSource) {
        coreContext = CoreRequestContextStorage(source: source)
        channel = source.channel
    }
}

/// Turns HTTP requests into ``EmulatorRequest``s, applies faults and rate limits, and writes the answers.
@available(OS2023, *)
struct EmulatorResponder: HTTPResponder {
    typealias Context = EmulatorRequestContext
    static let maximumBodyBytes = 11 << 20  // a 10 MiB image and its multipart framing

    let emulator: ClerkEmulator
    let logger: Logger

    struct DroppedConnection: Error {}

    func respond(to request: Request, context: EmulatorRequestContext) async throws -> Response {
        if EmulatorConsoleHTTP.owns(request.uri.path) {
            return await EmulatorConsoleHTTP.respond(to: request, emulator: emulator)
        }
        var request = request
        let method = request.method.rawValue
        let path = request.uri.path
        let parsed: EmulatorRequest
        do {
            parsed = try await Self.parse(&request, method: method, path: path)
        } catch {
            let bare = EmulatorRequest(method: method, path: path, query: FormBody(), form: FormBody())
            let response = EmulatorResponse(status: error.status, body: EmulatorStore.errorBody(error))
            await emulator.record(bare, response)
            return Self.httpResponse(response)
        }
        let remote = context.channel.remoteAddress?.ipAddress
        let (admission, served) = await emulator.admitAndServe(parsed, remoteAddress: remote)
        if admission.delay > .zero { try await Task.sleep(for: admission.delay) }
        var response: EmulatorResponse
        switch admission.action {
        case .serve:
            if let served {
                response = served
            } else {
                response = await emulator.serve(parsed)
            }
        case .respond(let answer):
            response = answer
        case .drop:
            await emulator.record(parsed, nil)
            logger.debug("clerk emulator dropped a connection", metadata: ["method": "\(method)", "path": "\(path)"])
            try? await context.channel.close()
            throw DroppedConnection()
        }
        // Written here, outside the emulator's actor: session tokens in the body are signed now (SessionToken).
        response.prepare()
        await emulator.record(parsed, response)
        logger.debug(
            "clerk emulator request",
            metadata: ["method": "\(method)", "path": "\(path)", "status": "\(response.status)"])
        return Self.httpResponse(response)
    }

    private static func parse(_ request: inout Request, method: String, path: String) async throws(FAPIError)
        -> EmulatorRequest
    {
        let query = try FormBody(parsing: request.uri.query ?? "")
        let buffer: ByteBuffer
        do {
            buffer = try await request.collectBody(upTo: maximumBodyBytes)
        } catch {
            throw FAPIError(
                status: 413, code: "request_body_too_large", message: "is too large",
                longMessage: "The request body must be at most \(maximumBodyBytes) bytes.")
        }
        let (form, upload, raw) = try EmulatorRequest.parseBody(
            Array(buffer.readableBytesView), contentType: request.headers[.contentType], path: path)
        let cookie = request.headers[.cookie].flatMap { header in
            header.split(separator: ";").lazy.map { $0.trimmingCharacters(in: .whitespaces) }
                .first { $0.hasPrefix("__client=") }.map { String($0.dropFirst(9)) }
        }
        return EmulatorRequest(
            method: method, path: path, query: query, form: form, upload: upload,
            authorization: request.headers[.authorization],
            clientCookie: cookie, origin: request.headers[.origin],
            headers: request.headers.map { ($0.name.rawName, $0.value) }, rawBody: raw)
    }

    private static func httpResponse(_ response: EmulatorResponse) -> Response {
        var headers = HTTPFields()
        let payload = response.payload
        if let payload { headers[.contentType] = payload.contentType }
        headers[.cacheControl] = "no-store"
        for (name, value) in response.headers {
            guard let field = HTTPField.Name(name) else { continue }
            headers.append(HTTPField(name: field, value: value))
        }
        return Response(
            status: HTTPResponse.Status(code: response.status), headers: headers,
            body: payload.map { ResponseBody(byteBuffer: ByteBuffer(bytes: $0.bytes)) } ?? ResponseBody())
    }
}
#endif

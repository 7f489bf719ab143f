import Foundation
import Logging

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends Frontend API requests through the pipeline, retries them within the rules, and keeps the identity
/// in sync with every response (errors included).
@available(OS2023, *)
final class FAPIClient: Sendable {
    let configuration: ClerkConfiguration
    let identity: IdentityStore
    let events: EventHub<AuthEvent>
    private let transport: any HTTPTransport
    private let clock: any ClerkClock
    private let logger: Logger
    private let builder: RequestBuilder
    private let retryPolicy: RetryPolicy
    private let refreshFlight = SingleFlight<String, Client?>()
    /// Requests in flight, background client refreshes included: ``settle()`` waits for them.
    let pending = PendingWork()

    init(
        configuration: ClerkConfiguration, dependencies: ClerkDependencies, identity: IdentityStore,
        events: EventHub<AuthEvent>
    ) {
        self.configuration = configuration
        self.identity = identity
        self.events = events
        self.transport = dependencies.transport
        self.clock = dependencies.clock
        self.logger = dependencies.logger
        self.builder = RequestBuilder(configuration: configuration)
        self.retryPolicy = RetryPolicy(configuration: configuration.options.retry)
    }

    /// Sends `request` and decodes the resource in `response` (or the whole body when `wrapped` is false).
    func send<Resource: Decodable & Sendable>(
        _ request: FAPIRequest, as type: Resource.Type, wrapped: Bool = true
    ) async throws(ClerkError) -> Resource {
        try await sendReading(request, as: type, wrapped: wrapped, previous: nil).resource
    }

    /// ``send(_:as:wrapped:)``, with the body the resource was read from; a body equal to `previous`'s is not
    /// decoded again (its resource is returned).
    func sendReading<Resource: Decodable & Sendable>(
        _ request: FAPIRequest, as type: Resource.Type, wrapped: Bool,
        previous: (body: Data, resource: Resource)?
    ) async throws(ClerkError) -> (resource: Resource, body: Data) {
        let reader = ResourceReader<Resource>(wrapped: wrapped, previous: previous)
        let (response, envelope) = try await exchange(request, reader: reader)
        // The resource was read with the envelope: the body is not read again.
        if let resource = envelope?.responseResource as? Resource { return (resource, response.body) }
        do {
            if wrapped {
                return (
                    try ClerkJSON.decoder().decode(Wrapped<Resource>.self, from: response.body).response,
                    response.body
                )
            }
            return (try ClerkJSON.decoder().decode(Resource.self, from: response.body), response.body)
        } catch {
            throw ClerkError(
                .decoding, "The \(Resource.self) in the response could not be decoded.",
                underlying: DecodingFailure(error),
                context: .init(method: request.method, path: request.path, status: response.status))
        }
    }

    /// Sends `request`, applying every response to the identity; throws the response's error, if any.
    @discardableResult
    func send(_ request: FAPIRequest) async throws(ClerkError) -> ClerkHTTPResponse {
        try await exchange(request).response
    }

    /// ``send(_:)``, with the envelope the response was read into (nil for a body that is not JSON).
    private func exchange(_ request: FAPIRequest, reader: (any ResourceReading)? = nil) async throws(ClerkError) -> (
        response: ClerkHTTPResponse, envelope: ResponseEnvelope?
    ) {
        pending.begin()
        defer { pending.end() }
        var retries = 0
        var expected = identity.snapshot
        while true {
            try Task.checkCancellation(orThrow: ClerkError(.cancelled, "The request was cancelled."))
            let current = identity.snapshot
            if retries > 0 && !Self.sameIdentity(current, expected) {
                throw ClerkError(
                    .identityChangedBeforeRetry, "The signed-in identity changed before the request could be retried.",
                    context: .init(method: request.method, path: request.path))
            }
            let failure: AttemptFailure
            do throws(AttemptFailure) {
                return try await attempt(request, reader: reader)
            } catch {
                failure = error
            }
            guard let outcome = failure.outcome else { throw failure.error }
            // A retry is sent with the identity this request saw, changed only by its own response.
            expected = failure.appliedIdentity ?? current
            let decision = retryPolicy.decide(
                retriesSoFar: retries, idempotent: request.idempotent, outcome: outcome, now: clock.now)
            guard case .retry(let delay) = decision else { throw failure.error }
            logger.info("Retrying \(request.method) \(request.path) in \(delay).")
            try await clock.sleep(for: delay)
            retries += 1
        }
    }

    /// A failed attempt: the error and, when it might be retried, what happened.
    private struct AttemptFailure: Error {
        var error: ClerkError
        var outcome: RetryPolicy.Outcome?
        /// The identity after this attempt's own response changed it.
        var appliedIdentity: IdentityStore.Snapshot?
    }

    private func attempt(_ request: FAPIRequest, reader: (any ResourceReading)?) async throws(AttemptFailure) -> (
        response: ClerkHTTPResponse, envelope: ResponseEnvelope?
    ) {
        let fail = { (error: ClerkError) in AttemptFailure(error: error, outcome: nil) }
        let (current, sequence) = identity.begin()
        var http: ClerkHTTPRequest
        do throws(ClerkError) {
            http = try builder.build(
                request, deviceToken: current.deviceToken, clientId: current.client?.id,
                sessionId: current.client?.lastActiveSessionId)
            logRequest(http, request)
            for middleware in configuration.options.requestMiddleware { try await middleware.prepare(&http) }
        } catch {
            throw fail(error)
        }
        let response: ClerkHTTPResponse
        do throws(ClerkError) {
            response = try await transport.send(http)
        } catch {
            logger.notice(
                "\(request.method) \(request.path) failed without a response.", metadata: ["error": "\(error.code)"])
            guard error.code == .transport else { throw fail(error) }
            throw AttemptFailure(error: error, outcome: .transportFailure((error.underlying as? URLError)?.code))
        }
        do throws(ClerkError) {
            for middleware in configuration.options.responseMiddleware {
                try await middleware.validate(response, for: http)
            }
        } catch {
            throw fail(error)
        }
        let interpretation = ResponseInterpretation(response: response, request: request, reader: reader)
        logResponse(response, request, interpretation)
        // Client sync: errors too, but never from a body that could not be read.
        var applied: IdentityStore.Snapshot?
        if interpretation.appliesToIdentity {
            applied = identity.apply(
                token: interpretation.tokenUpdate, client: interpretation.clientUpdate,
                order: ResponseOrder(serverDate: interpretation.serverDate, sequence: sequence))
        }
        if let envelope = interpretation.envelope, interpretation.error == nil, !identity.isRetired {
            emitEvents(envelope: envelope)
        }
        if interpretation.needsClientRefresh { startClientRefresh() }
        if let error = interpretation.error {
            throw AttemptFailure(
                error: error, outcome: .response(status: response.status, headers: response.headers),
                appliedIdentity: applied)
        }
        return (response, interpretation.envelope)
    }

    private static func sameIdentity(_ lhs: IdentityStore.Snapshot, _ rhs: IdentityStore.Snapshot) -> Bool {
        lhs.deviceToken == rhs.deviceToken && lhs.client?.id == rhs.client?.id
    }

    // MARK: Client refresh

    /// `GET /v1/client`, coalesced: callers arriving while one runs share it.
    @discardableResult
    func refreshClient() async throws(ClerkError) -> Client? {
        try await refreshFlight.run("client") { () async throws(ClerkError) -> Client? in
            try await self.send(FAPIRequest("GET", "/v1/client"))
            return self.identity.snapshot.client
        }
    }

    /// Starts one coalesced client refresh in the background; counted as pending from now, so that ``settle()``
    /// called as soon as the request that asked for it returns still waits for it.
    private func startClientRefresh() {
        guard !refreshFlight.isRunning("client") else { return }
        pending.begin()
        Task {
            defer { self.pending.end() }
            _ = try? await self.refreshClient()
        }
    }

    /// Returns once no request is in flight: every response received has been applied and its identity
    /// written to the store.
    func settle() async {
        await pending.waitUntilIdle()
    }

    // MARK: Events

    private func emitEvents(envelope: ResponseEnvelope) {
        switch envelope.responseResource {
        case let signIn as SignIn where signIn.status == .complete:
            events.send(.signInCompleted(signIn))
        case let signUp as SignUp where signUp.status == .complete:
            events.send(.signUpCompleted(signUp))
        case let session as Session where session.status == .removed || session.status == .ended:
            events.send(.signedOut(session))
        default:
            break
        }
    }

    // MARK: Logging (secrets redacted)

    private func logRequest(_ http: ClerkHTTPRequest, _ request: FAPIRequest) {
        logger.info("→ \(http.method) \(Redaction.describe(http.url))")
        logger.debug("→ headers: \(Redaction.describe(http.headers))")
        if let form = request.form {
            logger.trace("→ form: \(Redaction.describe(form.map { ($0.0, Optional($0.1)) }))")
        }
    }

    private func logResponse(_ response: ClerkHTTPResponse, _ request: FAPIRequest, _ reading: ResponseInterpretation) {
        var metadata: Logger.Metadata = ["bytes": "\(response.body.count)"]
        if let code = reading.error?.apiError?.code { metadata["code"] = "\(code)" }
        if let trace = reading.error?.context.traceId { metadata["trace"] = "\(trace)" }
        if let error = reading.error {
            // A refusal the person can fix (a wrong password or code, a taken address: a Clerk error below 500)
            // is the app's to show, not an SDK failure: it is logged below the default level.
            let refusal = error.code == .api || error.code == .reverificationRequired
            let level: Logger.Level = refusal && response.status < 500 ? .notice : .error
            logger.log(level: level, "← \(response.status) \(request.method) \(request.path)", metadata: metadata)
        } else {
            logger.info("← \(response.status) \(request.method) \(request.path)", metadata: metadata)
        }
    }
}

@available(OS2023, *)
extension ClerkEmulator {
    /// What to do with a request before the store sees it.
    struct Admission: Sendable {
        enum Action: Sendable {
            case serve
            case respond(EmulatorResponse)
            case drop
        }

        var delay: Duration = .zero
        var action: Action = .serve
    }

    /// Applies injected faults, then the rate limit.
    func admit(_ request: EmulatorRequest, remoteAddress: String?) -> Admission {
        var admission = Admission()
        if let fault = takeFault(method: request.method, path: request.path) {
            admission.delay = fault.delay
            switch fault.outcome {
            case .proceed:
                break
            case .dropConnection:
                admission.action = .drop
                return admission
            case .htmlPage(let status, let html):
                admission.action = .respond(EmulatorResponse(status: status, body: nil, html: html))
                return admission
            case .error(let status, let code, let message, let retryAfter):
                let error = FAPIError(
                    status: status, code: code, message: message ?? code.replacingOccurrences(of: "_", with: " "))
                var response = EmulatorResponse(status: status, body: EmulatorStore.errorBody(error))
                if let retryAfter { response.headers.append(("Retry-After", String(retryAfter))) }
                admission.action = .respond(response)
                return admission
            }
        }
        if let wait = chargeRateLimit(key: rateLimitKey(request, remoteAddress: remoteAddress)) {
            var response = EmulatorResponse(status: 429, body: EmulatorStore.errorBody(.tooManyRequests))
            response.headers.append(("Retry-After", String(wait)))
            admission.action = .respond(response)
        }
        return admission
    }

    /// ``admit(_:remoteAddress:)``, then serves a request admitted with no delay in the same turn of the actor (one
    /// hop for the HTTP driver instead of two); a delayed or refused request comes back with `response` nil.
    func admitAndServe(_ request: EmulatorRequest, remoteAddress: String?) -> (Admission, EmulatorResponse?) {
        let admission = admit(request, remoteAddress: remoteAddress)
        guard admission.delay == .zero, case .serve = admission.action else { return (admission, nil) }
        return (admission, serve(request))
    }
}

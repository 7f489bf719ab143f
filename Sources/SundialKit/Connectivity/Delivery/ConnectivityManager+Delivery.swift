@available(OS2022, *)
extension ConnectivityManager {
    /// Delivers a dictionary with a fallback chain and retries (see ``DeliveryPolicy`` and ``DeliveryPlanner``).
    ///
    /// Each try is an ordinary send (reported as a ``ConnectivityEvent/sendCompleted(_:)`` event); an
    /// activation in progress is awaited first.
    /// - Parameters:
    ///   - message: The dictionary to send (property-list values only).
    ///   - policy: The chain, retries and reply timeout.
    /// - Returns: The transport that took the message, its result, and the tries that failed first.
    /// - Throws: `ConnectivityError`: the last try's error when every transport is used up, why no transport
    ///   can be used now (not activated, not reachable, not paired, app not installed), a permanent error
    ///   (payload not a property list, encoding), or `cancelled`.
    @discardableResult
    public func deliver(
        _ message: ConnectivityMessage,
        policy: DeliveryPolicy = .standard
    ) async throws(ConnectivityError) -> DeliveryReport {
        try await deliver(.dictionary(message), policy: policy)
    }

    /// Delivers a typed message with a fallback chain and retries; as the dictionary form does.
    /// - Parameters:
    ///   - message: The message.
    ///   - policy: The chain, retries and reply timeout.
    /// - Returns: The transport that took the message, its result, and the tries that failed first.
    /// - Throws: `ConnectivityError`, as for a dictionary.
    @discardableResult
    public func deliver(
        _ message: some Messagable,
        policy: DeliveryPolicy = .standard
    ) async throws(ConnectivityError) -> DeliveryReport {
        try await deliver(.messagable(message), policy: policy)
    }

    private func deliver(
        _ outgoing: OutgoingMessage,
        policy: DeliveryPolicy
    ) async throws(ConnectivityError) -> DeliveryReport {
        await activationSettled()
        var planner = DeliveryPlanner(policy: policy, payload: outgoing.payload)
        var options = SendOptions(forceDictionary: policy.forceDictionary, replyTimeout: policy.replyTimeout)
        while true {
            guard !Task.isCancelled else { throw .cancelled }
            let transport: MessageTransport
            switch planner.next(in: liveState) {
            case .success(let chosen): transport = chosen
            case .failure(let error): throw error
            }
            options.transport = transport
            let step: DeliveryPlanner.Step
            do throws(ConnectivityError) {
                let result = try await awaitSend(outgoing, options: options)
                return DeliveryReport(transport: transport, result: result, failedAttempts: planner.failedAttempts)
            } catch {
                step = planner.failed(transport, with: error)
            }
            switch step {
            case .retry(let wait) where wait > .zero:
                do {
                    try await Task.sleep(for: wait)
                } catch {
                    throw .cancelled
                }
            case .retry:
                continue
            case .fail(let error):
                throw error
            }
        }
    }

    /// Returns once no activation is in progress (at once when none is).
    private func activationSettled() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            afterActivation { continuation.resume() }
        }
    }
}

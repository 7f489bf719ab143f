extension ConnectivityManager {
    /// Starts activation without waiting for it (1.x behaviour); the outcome arrives as an event.
    /// - Throws: ``ConnectivityError/sessionNotSupported`` when the device has no counterpart.
    public func activate() throws(ConnectivityError) {
        try session.activate()
    }

    /// Activates the session and waits until it is activated.
    ///
    /// Returns at once if the session is already activated. Concurrent calls share one activation.
    /// - Parameter timeout: How long to wait for the session to report the outcome.
    /// - Throws: ``ConnectivityError/sessionNotSupported``, ``ConnectivityError/activationTimedOut``,
    ///   ``ConnectivityError/cancelled``, or the error the session reported.
    public func activate(timeout: Duration) async throws(ConnectivityError) {
        let (pending, isNew) = internalState.withLock {
            state -> (OnceCompletion<Result<Void, ConnectivityError>>?, Bool) in
            if state.state.activationState == .activated {
                return (nil, false)
            }
            if let existing = state.activation {
                return (existing, false)
            }
            let pending = OnceCompletion<Result<Void, ConnectivityError>>()
            state.activation = pending
            return (pending, true)
        }
        guard let pending else { return }
        if isNew {
            pending.onTimeout(after: timeout) { [weak self] in
                self?.finishActivation(pending, with: .failure(.activationTimedOut))
            }
            do {
                try session.activate()
            } catch {
                finishActivation(pending, with: .failure(error))
            }
        }
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                pending.wait { continuation.resume(returning: $0) }
            }
        } onCancel: {
            self.finishActivation(pending, with: .failure(.cancelled))
        }
        try result.get()
    }

    /// Resolves an activation wait and forgets it, so that a later call starts afresh.
    func finishActivation(
        _ pending: OnceCompletion<Result<Void, ConnectivityError>>?,
        with result: Result<Void, ConnectivityError>
    ) {
        let target = internalState.withLock { state -> OnceCompletion<Result<Void, ConnectivityError>>? in
            let current = state.activation
            if pending == nil || current === pending {
                state.activation = nil
            }
            return pending ?? current
        }
        target?.complete(result)
    }
}

import CourierPrimitives

extension ConnectivityManager {
    typealias ActivationCompletion = OnceCompletion<Result<Void, ConnectivityError>>

    /// How long an activation started with ``activate()`` may take before the sends waiting for it are
    /// released (and fail with `ConnectivityError.sessionNotActivated`): 30 seconds.
    @available(OS2022, *)
    public static var defaultActivationTimeout: Duration { .nanoseconds(defaultActivationTimeoutNanoseconds) }

    /// ``defaultActivationTimeout`` in nanoseconds.
    static let defaultActivationTimeoutNanoseconds: Int64 = 30_000_000_000

    /// Starts activation without waiting for it (1.x behaviour); the outcome arrives as an event.
    ///
    /// Sends made before the activation completes wait for it (at most ``defaultActivationTimeout``) and then
    /// go out in the order they were made, so `activate()` followed at once by a send works.
    /// (``updateApplicationContext(_:)`` and ``transferFile(_:metadata:)`` answer at once, so they do not wait.)
    /// - Throws: `ConnectivityError.sessionNotSupported` when the device has no counterpart.
    public func activate() throws(ConnectivityError) {
        // A session that refuses at once (an unsupported device) is reported here, as in 1.x.
        if let refusal = beginActivation(timeoutNanoseconds: Self.defaultActivationTimeoutNanoseconds).refusal {
            throw refusal
        }
    }

    /// Activates the session and waits until it is activated.
    ///
    /// Returns at once if the session is already activated. Concurrent calls share one activation. Sends
    /// made while it is in progress wait for it, then go out in the order they were made.
    /// - Parameter timeout: How long to wait for the session to report the outcome.
    /// - Throws: `ConnectivityError.sessionNotSupported`, `ConnectivityError.activationTimedOut`,
    ///   `ConnectivityError.cancelled`, or the error the session reported.
    @available(OS2022, *)
    public func activate(timeout: Duration) async throws(ConnectivityError) {
        let nanoseconds = DurationConversion.nanoseconds(timeout)
        guard let pending = beginActivation(timeoutNanoseconds: nanoseconds).pending else { return }
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                pending.wait { continuation.resume(returning: $0) }
            }
        } onCancel: {
            self.finishActivation(pending, with: .failure(.cancelled))
        }
        try result.get()
    }

    /// Starts an activation, or joins the one in progress.
    /// - Returns: The activation to wait for (`nil` when the session is already activated), and the error the
    ///   session threw when asked to activate, if it refused at once.
    func beginActivation(
        timeoutNanoseconds: Int64
    ) -> (pending: ActivationCompletion?, refusal: ConnectivityError?) {
        let (pending, isNew) = internalState.withLock { state -> (ActivationCompletion?, Bool) in
            if state.state.activationState == .activated {
                return (nil, false)
            }
            if let existing = state.activation {
                return (existing, false)
            }
            let pending = ActivationCompletion()
            state.activation = pending
            return (pending, true)
        }
        guard let pending else { return (nil, nil) }
        guard isNew else { return (pending, nil) }
        pending.onTimeout(afterNanoseconds: timeoutNanoseconds) { [weak self] in
            self?.finishActivation(pending, with: .failure(.activationTimedOut))
        }
        do {
            try session.activate()
        } catch {
            finishActivation(pending, with: .failure(error))
            return (pending, error)
        }
        return (pending, nil)
    }

    /// Resolves an activation wait and forgets it, so that a later call starts afresh; then releases the
    /// sends that waited for it.
    func finishActivation(_ pending: ActivationCompletion?, with result: Result<Void, ConnectivityError>) {
        let target = internalState.withLock { state -> ActivationCompletion? in
            let current = state.activation
            if pending == nil || current === pending {
                state.activation = nil
            }
            return pending ?? current
        }
        target?.complete(result)
        releaseDeferredSends()
    }

    /// Runs `send` now or, while an activation is in progress, once it has ended. Either way sends reach
    /// the session in the order this method was called.
    func afterActivation(_ send: @escaping @Sendable () -> Void) {
        let runNow = internalState.withLock { state -> Bool in
            guard state.activation != nil || state.isReleasingDeferredSends else { return true }
            state.deferredSends.append(send)
            return false
        }
        if runNow {
            send()
        }
    }

    /// Runs the deferred sends in order, including any deferred while they run, unless a new activation
    /// has begun (its end releases them).
    private func releaseDeferredSends() {
        let shouldRelease = internalState.withLock { state -> Bool in
            guard !state.isReleasingDeferredSends, !state.deferredSends.isEmpty, state.activation == nil else {
                return false
            }
            state.isReleasingDeferredSends = true
            return true
        }
        guard shouldRelease else { return }
        while let batch = nextDeferredSends() {
            for send in batch {
                send()
            }
        }
    }

    private func nextDeferredSends() -> [@Sendable () -> Void]? {
        internalState.withLock { state in
            guard !state.deferredSends.isEmpty, state.activation == nil else {
                state.isReleasingDeferredSends = false
                return nil
            }
            defer { state.deferredSends.removeAll() }
            return state.deferredSends
        }
    }
}

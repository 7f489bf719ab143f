import CourierPrimitives
public import SundialKitConnectivity

@available(OS2019, *)
extension ConnectivityObserver {
    // Stream methods are isolated to the actor: `for await x in await observer.reachabilityStream()`. Each call
    // subscribes before it returns, so subscribe before the events you want can happen.

    /// Every state change, starting with the current state.
    public func stateStream() -> AsyncStream<ConnectivityState> {
        states.subscribe()
    }

    /// Activation state changes, starting with the current one.
    public func activationStates() -> AsyncStream<ActivationState> {
        distinct { $0.activationState }
    }

    /// Each activation outcome: the resulting state, or the error.
    public func activationResults() -> AsyncStream<Result<ActivationState, ConnectivityError>> {
        activations.subscribe()
    }

    /// Reachability changes, starting with the current value.
    public func reachabilityStream() -> AsyncStream<Bool> {
        distinct { $0.isReachable }
    }

    /// Counterpart-app-installed changes, starting with the current value.
    public func pairedAppInstalledStream() -> AsyncStream<Bool> {
        distinct { $0.isPairedAppInstalled }
    }

    /// Paired changes, starting with the current value (always `true` on the watch).
    public func pairedStream() -> AsyncStream<Bool> {
        distinct { $0.isPaired }
    }

    /// Every received message (live, application context, user info), raw.
    public func messageStream() -> AsyncStream<ConnectivityReceiveResult> {
        messages.subscribe()
    }

    /// Received messages decoded with ``messageDecoder``; messages it cannot decode are left out (they
    /// still appear in ``messageStream()`` and ``decodingFailures()``).
    public func typedMessageStream() -> AsyncStream<any Messagable> {
        let decoder = messageDecoder
        return transformed(messages.subscribe()) { received in
            try? decoder?.decode(received)
        }
    }

    /// Received messages of one type.
    public func messages<Message: Messagable>(of type: Message.Type) -> AsyncStream<Message> {
        let decoder = MessageDecoder(messagableTypes: [type])
        return transformed(messages.subscribe()) { received in
            try? decoder.decode(received) as? Message
        }
    }

    /// Why received messages could not be decoded with ``messageDecoder``.
    public func decodingFailures() -> AsyncStream<SerializationError> {
        let decoder = messageDecoder
        return transformed(messages.subscribe()) { received in
            guard let decoder else { return nil }
            do throws(SerializationError) {
                _ = try decoder.decode(received)
                return nil
            } catch {
                return error
            }
        }
    }

    /// The outcome of every send, in the order they finished.
    public func sendResultStream() -> AsyncStream<ConnectivitySendResult> {
        sendResults.subscribe()
    }

    /// Received files (moved out of the session's reach: they are yours to keep or delete).
    public func fileStream() -> AsyncStream<ConnectivityFile> {
        files.subscribe()
    }

    // MARK: - Shortcuts under the SundialKit 2.0 design document's names

    /// Activation state changes, starting with the current one: ``activationStates()`` as a property that can be
    /// read without `await`.
    public nonisolated var activationStateStream: AsyncStream<ActivationState> {
        distinct { $0.activationState }
    }

    /// Reachability changes, starting with the current value: ``reachabilityStream()`` as a property that can be
    /// read without `await`.
    public nonisolated var isReachableStream: AsyncStream<Bool> {
        distinct { $0.isReachable }
    }

    // MARK: - Helpers

    nonisolated func distinct<Value: Equatable & Sendable>(
        _ value: @escaping @Sendable (ConnectivityState) -> Value
    ) -> AsyncStream<Value> {
        let source = states.subscribe()
        return AsyncStream { continuation in
            let task = Task {
                var last: Value?
                for await state in source {
                    let current = value(state)
                    if current != last {
                        last = current
                        continuation.yield(current)
                    }
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    nonisolated func transformed<Input: Sendable, Output: Sendable>(
        _ source: AsyncStream<Input>,
        _ transform: @escaping @Sendable (Input) -> Output?
    ) -> AsyncStream<Output> {
        AsyncStream { continuation in
            let task = Task {
                for await input in source {
                    if let output = transform(input) {
                        continuation.yield(output)
                    }
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}

public import SundialKitConnectivity

#if canImport(Combine)
public import Combine
#else
@preconcurrency public import OpenCombine
#endif

@available(OS2019, *)
extension ConnectivityObserver {
    // MARK: - 1.0 publishers

    /// Activation state changes.
    public var activationStatePublisher: AnyPublisher<ActivationState, Never> {
        activationStateSubject.eraseToAnyPublisher()
    }

    /// Reachability changes.
    public var isReachablePublisher: AnyPublisher<Bool, Never> {
        isReachableSubject.eraseToAnyPublisher()
    }

    /// Counterpart-app-installed changes.
    public var isPairedAppInstalledPublisher: AnyPublisher<Bool, Never> {
        isPairedAppInstalledSubject.eraseToAnyPublisher()
    }

    /// Paired changes (the watch is always paired).
    public var isPairedPublisher: AnyPublisher<Bool, Never> {
        isPairedSubject.eraseToAnyPublisher()
    }

    /// Received messages, with their reply handler for live messages.
    public var messageReceivedPublisher: AnyPublisher<ConnectivityReceiveResult, Never> {
        messageReceivedSubject.eraseToAnyPublisher()
    }

    /// The outcome of every send made through this observer or its manager.
    public var replyMessagePublisher: AnyPublisher<ConnectivitySendResult, Never> {
        replyMessageSubject.eraseToAnyPublisher()
    }

    // MARK: - 2.0 publishers

    /// The whole state: the current value, then each change.
    public var statePublisher: AnyPublisher<ConnectivityState, Never> {
        stateSubject.eraseToAnyPublisher()
    }

    /// Received messages decoded with ``messageDecoder``. Messages it cannot decode are left out here and
    /// reported on ``decodingFailurePublisher``; all of them appear on ``messageReceivedPublisher``.
    public var typedMessageReceived: AnyPublisher<any Messagable, Never> {
        let decoder = messageDecoder
        return messageReceivedSubject.compactMap { try? decoder?.decode($0) }.eraseToAnyPublisher()
    }

    /// The same publisher as ``typedMessageReceived``, named like the 1.0 publishers.
    public var typedMessagePublisher: AnyPublisher<any Messagable, Never> {
        typedMessageReceived
    }

    /// Why received messages could not be decoded with ``messageDecoder`` (nothing without a decoder).
    public var decodingFailurePublisher: AnyPublisher<SerializationError, Never> {
        let decoder = messageDecoder
        return messageReceivedSubject.compactMap { received -> SerializationError? in
            guard let decoder else { return nil }
            do throws(SerializationError) {
                _ = try decoder.decode(received)
                return nil
            } catch {
                return error
            }
        }
        .eraseToAnyPublisher()
    }

    /// Received files (moved out of the session's reach: they are yours to keep or delete).
    public var fileReceivedPublisher: AnyPublisher<ConnectivityFile, Never> {
        fileReceivedSubject.eraseToAnyPublisher()
    }
}

/// The decisions of one delivery, with no session: which transport to try in the session's state, and what to
/// do after a try fails. ``ConnectivityManager/deliver(_:policy:)`` drives it.
///
/// - ``next(in:)`` picks the first transport of the chain that is not used up and can be used in the state: a
///   live one needs reachability, a queued one a paired device with the counterpart app installed.
/// - ``failed(_:with:)`` counts the failure against its transport. A transient error (not reachable, reply timed out or
///   failed, delivery failed, a WatchConnectivity error, transfer timed out, no paired device or counterpart app for
///   the moment) is retried after the policy's backoff until the transport has failed `maxAttempts` times; then the
///   transport is used up and the chain moves on at once. `notReachable` is retried without waiting: reachability
///   decides the next try. `payloadTooLarge` uses up every transport with WatchConnectivity's 65,536-byte limit (user
///   info has none). Any other error ends the delivery.
/// - Each transport is used up after at most `maxAttempts` failures, so a delivery ends.
@available(OS2022, *)
public struct DeliveryPlanner: Sendable, Hashable {
    /// What to do after a failed try.
    public enum Step: Sendable, Hashable {
        /// Wait, then ask ``DeliveryPlanner/next(in:)`` again.
        case retry(after: Duration)
        /// Give up with this error.
        case fail(ConnectivityError)
    }

    /// The policy.
    public let policy: DeliveryPolicy
    /// What is being sent.
    public let payload: TransportPolicy.Payload
    /// The failed tries so far, in order.
    public private(set) var failedAttempts: [DeliveryAttempt] = []
    private var failures: [MessageTransport: Int] = [:]
    private var usedUp: Set<MessageTransport> = []

    /// Creates the plan of one delivery.
    public init(policy: DeliveryPolicy, payload: TransportPolicy.Payload) {
        self.policy = policy
        self.payload = payload
    }

    /// The transport to try now, or why nothing can be sent: the last failed try's error, or else why the
    /// chain's last transport cannot be used.
    /// - Parameter state: The session's current state.
    /// - Returns: The transport, or the error that says why none can be used.
    public func next(in state: ConnectivityState) -> Result<MessageTransport, ConnectivityError> {
        switch state.activationState {
        case .activated: break
        case .inactive: return .failure(.sessionInactive)
        case .notActivated: return .failure(.sessionNotActivated)
        }
        var blocked: ConnectivityError?
        for listed in policy.chain {
            guard let transport = resolved(listed), !usedUp.contains(transport) else { continue }
            if transport.isQueued {
                guard state.isPaired else {
                    blocked = .deviceNotPaired
                    continue
                }
                guard state.isPairedAppInstalled else {
                    blocked = .companionAppNotInstalled
                    continue
                }
            } else {
                guard state.isReachable else {
                    blocked = .notReachable
                    continue
                }
            }
            return .success(transport)
        }
        // The last try's error says most about a delivery that was tried; otherwise the last fallback's
        // reason, as ``TransportPolicy`` gives it (not reachable, then no paired device or no app).
        if let error = failedAttempts.last?.error ?? blocked {
            return .failure(error)
        }
        return .failure(.invalidParameter("the delivery chain has no usable transport"))
    }

    /// Records a failed try and says what to do.
    /// - Parameters:
    ///   - transport: The transport that failed.
    ///   - error: Its error.
    /// - Returns: ``Step/retry(after:)`` or ``Step/fail(_:)``.
    public mutating func failed(_ transport: MessageTransport, with error: ConnectivityError) -> Step {
        failedAttempts.append(DeliveryAttempt(transport: transport, error: error))
        if error.code == .payloadTooLarge {
            guard transport.hasPayloadLimit else { return .fail(error) }
            usedUp.formUnion(MessageTransport.allCases.filter(\.hasPayloadLimit))
            return .retry(after: .zero)
        }
        guard Self.isTransient(error) else { return .fail(error) }
        let count = failures[transport, default: 0] + 1
        failures[transport] = count
        guard count < policy.retry.maxAttempts else {
            usedUp.insert(transport)
            return .retry(after: .zero)
        }
        return .retry(after: error.code == .notReachable ? .zero : policy.retry.backoff(afterFailure: count))
    }

    /// The transport a chain entry stands for with this payload, or `nil` if it cannot carry it.
    private func resolved(_ transport: MessageTransport) -> MessageTransport? {
        switch transport {
        case .message:
            payload == .binary && !policy.forceDictionary ? .data : .message
        case .data:
            payload == .binary ? .data : nil
        case .userInfo, .currentUserInfo, .applicationContext:
            transport
        case .file:
            nil
        }
    }

    /// Errors that a later try may not meet: the link, the counterpart's answer, WatchConnectivity itself.
    static func isTransient(_ error: ConnectivityError) -> Bool {
        switch error.code {
        case .notReachable, .messageReplyTimedOut, .messageReplyFailed, .deliveryFailed, .genericErrorCode,
            .transferTimedOut, .deviceNotPaired, .companionAppNotInstalled:
            true
        default:
            false
        }
    }
}

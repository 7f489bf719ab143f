import SundialKitConnectivity
import Testing

@Suite("Delivery planner")
struct DeliveryPlannerTests {
    static let reachable = ConnectivityState(
        activationState: .activated, isReachable: true, isPaired: true, isPairedAppInstalled: true)
    static let unreachable = ConnectivityState(
        activationState: .activated, isReachable: false, isPaired: true, isPairedAppInstalled: true)

    /// Every state the session can report.
    static var allStates: [ConnectivityState] {
        var states: [ConnectivityState] = []
        for activation in [ActivationState.notActivated, .inactive, .activated] {
            for reachable in [false, true] {
                for paired in [false, true] {
                    for installed in [false, true] {
                        states.append(
                            ConnectivityState(
                                activationState: activation, isReachable: reachable, isPaired: paired,
                                isPairedAppInstalled: installed))
                    }
                }
            }
        }
        return states
    }

    static let chains: [[MessageTransport]] = [
        [.message, .userInfo, .applicationContext], [.message, .applicationContext], [.userInfo, .message],
        [.data, .userInfo], [.applicationContext], [.currentUserInfo, .userInfo], [.file, .message], [],
    ]

    static func usable(_ transport: MessageTransport, in state: ConnectivityState) -> Bool {
        transport.isQueued ? state.isPaired && state.isPairedAppInstalled : state.isReachable
    }

    @Test("In every state, the first transport of the chain that can be used is chosen, or none with its reason")
    @available(OS2022, *)
    func choiceInEveryState() {
        for chain in Self.chains {
            for payload in [TransportPolicy.Payload.dictionary, .binary] {
                for force in [false, true] {
                    let planner = DeliveryPlanner(
                        policy: DeliveryPolicy(chain: chain, forceDictionary: force), payload: payload)
                    for state in Self.allStates {
                        let expected = chain.lazy.compactMap { listed -> MessageTransport? in
                            switch listed {
                            case .message: payload == .binary && !force ? .data : .message
                            case .data: payload == .binary ? .data : nil
                            case .file: nil
                            default: listed
                            }
                        }.first { Self.usable($0, in: state) }
                        switch planner.next(in: state) {
                        case .success(let transport):
                            #expect(state.activationState == .activated)
                            #expect(transport == expected, "\(chain) \(payload) \(state)")
                        case .failure(let error):
                            if state.activationState == .activated {
                                #expect(expected == nil, "\(chain) \(payload) \(state): \(error)")
                            } else {
                                #expect(error.code == .sessionNotActivated || error.code == .sessionInactive)
                            }
                        }
                    }
                }
            }
        }
    }

    @Test("Why nothing can be sent: the reason of the chain's last transport (not reachable, not paired, no app)")
    @available(OS2022, *)
    func reasons() {
        var state = Self.unreachable
        let live = DeliveryPlanner(policy: DeliveryPolicy(chain: [.message]), payload: .dictionary)
        #expect(live.next(in: state) == .failure(.notReachable))
        state.isPaired = false
        let standard = DeliveryPlanner(policy: .standard, payload: .dictionary)
        #expect(standard.next(in: state) == .failure(.deviceNotPaired))
        let queued = DeliveryPlanner(policy: DeliveryPolicy(chain: [.userInfo]), payload: .dictionary)
        #expect(queued.next(in: state) == .failure(.deviceNotPaired))
        state.isPaired = true
        state.isPairedAppInstalled = false
        #expect(queued.next(in: state) == .failure(.companionAppNotInstalled))
        state.activationState = .inactive
        #expect(standard.next(in: state) == .failure(.sessionInactive))
    }

    @Test("A live transport is retried with growing waits, then the chain falls back to user info")
    @available(OS2022, *)
    func retriesThenFallsBack() {
        let retry = RetryPolicy(maxAttempts: 3, initialBackoff: .milliseconds(100), maxBackoff: .seconds(1))
        var planner = DeliveryPlanner(policy: DeliveryPolicy(retry: retry), payload: .dictionary)
        #expect(planner.next(in: Self.reachable) == .success(.message))
        #expect(planner.failed(.message, with: .messageReplyTimedOut) == .retry(after: .milliseconds(100)))
        #expect(planner.next(in: Self.reachable) == .success(.message))
        #expect(planner.failed(.message, with: .deliveryFailed) == .retry(after: .milliseconds(200)))
        #expect(planner.next(in: Self.reachable) == .success(.message))
        #expect(planner.failed(.message, with: .messageReplyTimedOut) == .retry(after: .zero))
        // Used up: user info even though the counterpart is reachable.
        #expect(planner.next(in: Self.reachable) == .success(.userInfo))
        #expect(planner.failedAttempts.map(\.transport) == [.message, .message, .message])
        #expect(planner.failedAttempts.last?.error == .messageReplyTimedOut)
    }

    @Test("Not reachable is retried at once, and reachability picks the next transport")
    @available(OS2022, *)
    func linkDropFallsBackAtOnce() {
        var planner = DeliveryPlanner(policy: .standard, payload: .dictionary)
        #expect(planner.next(in: Self.reachable) == .success(.message))
        #expect(planner.failed(.message, with: .notReachable) == .retry(after: .zero))
        #expect(planner.next(in: Self.unreachable) == .success(.userInfo))
        #expect(planner.next(in: Self.reachable) == .success(.message))
    }

    @Test("A refused user-info transfer falls back to the application context")
    @available(OS2022, *)
    func userInfoRefusedFallsBackToContext() {
        var planner = DeliveryPlanner(policy: DeliveryPolicy(retry: .once), payload: .dictionary)
        #expect(planner.next(in: Self.unreachable) == .success(.userInfo))
        #expect(planner.failed(.userInfo, with: .genericErrorCode(7)) == .retry(after: .zero))
        #expect(planner.next(in: Self.unreachable) == .success(.applicationContext))
        #expect(planner.failed(.applicationContext, with: .genericErrorCode(7)) == .retry(after: .zero))
        #expect(planner.next(in: Self.unreachable) == .failure(.genericErrorCode(7)))
    }

    @Test("Too large for a live message or the context: user info only; permanent errors end at once")
    @available(OS2022, *)
    func payloadAndPermanentErrors() {
        let tooLarge = ConnectivityError.payloadTooLarge(size: 70_000, limit: 65_536)
        var planner = DeliveryPlanner(policy: .standard, payload: .binary)
        #expect(planner.next(in: Self.reachable) == .success(.data))
        #expect(planner.failed(.data, with: tooLarge) == .retry(after: .zero))
        #expect(planner.next(in: Self.reachable) == .success(.userInfo))

        var latest = DeliveryPlanner(policy: .latestState, payload: .dictionary)
        #expect(latest.failed(.message, with: tooLarge) == .retry(after: .zero))
        #expect(latest.next(in: Self.reachable) == .failure(tooLarge))

        var permanent = DeliveryPlanner(policy: .standard, payload: .dictionary)
        let unsupported = ConnectivityError.payloadUnsupportedTypes("a Date in an array")
        #expect(permanent.failed(.message, with: unsupported) == .fail(unsupported))
        #expect(permanent.failed(.message, with: .cancelled) == .fail(.cancelled))
    }

    @Test("Any run of failures ends within tries × transports")
    @available(OS2022, *)
    func alwaysEnds() {
        var generator = SeededGenerator(seed: 42)
        let errors: [ConnectivityError] = [
            .notReachable, .messageReplyTimedOut, .deliveryFailed, .genericErrorCode(7), .transferTimedOut,
            .payloadTooLarge(size: 1, limit: 0),
        ]
        for _ in 0..<500 {
            let tries = Int.random(in: 1...4, using: &generator)
            let chain = Self.chains[Int.random(in: 0..<Self.chains.count, using: &generator)]
            var planner = DeliveryPlanner(
                policy: DeliveryPolicy(chain: chain, retry: RetryPolicy(maxAttempts: tries)), payload: .dictionary)
            let bound = tries * chain.count
            var steps = 0
            while steps <= bound {
                // Mostly a state where everything can be used, so that the run goes on as long as it can.
                let random = Self.allStates[Int.random(in: 0..<Self.allStates.count, using: &generator)]
                let state = Bool.random(using: &generator) ? Self.reachable : random
                guard case .success(let transport) = planner.next(in: state) else { break }
                steps += 1
                let error = errors[Int.random(in: 0..<errors.count, using: &generator)]
                if case .fail = planner.failed(transport, with: error) { break }
            }
            #expect(steps <= bound, "\(chain), \(tries) tries")
        }
    }

    @Test("Backoff doubles from the initial wait up to the longest, and the policy clamps its inputs")
    @available(OS2022, *)
    func backoff() {
        let policy = RetryPolicy()
        #expect(
            (1...6).map { policy.backoff(afterFailure: $0) } == [
                .milliseconds(500), .seconds(1), .seconds(2), .seconds(4), .seconds(8), .seconds(8),
            ])
        #expect(policy.backoff(afterFailure: 0) == .zero)
        let clamped = RetryPolicy(maxAttempts: 0, initialBackoff: .seconds(-1), multiplier: .nan)
        #expect(clamped.maxAttempts == 1)
        #expect(clamped.initialBackoff == .zero)
        #expect(clamped.multiplier == 1)
    }
}

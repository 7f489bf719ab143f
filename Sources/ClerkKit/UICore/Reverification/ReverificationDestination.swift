public import ClerkKit

/// A screen of the reverification flow (``ReverificationFlow/path`` is the stack of them).
@available(OS2023, *)
public enum ReverificationDestination: Hashable, Sendable {
    /// A first factor: `.trustedDevice`, `.passkey`, `.password`, or `.emailCode` / `.phoneCode` (the code was
    /// just sent).
    case firstFactor(FactorStrategy)
    /// A second factor: `.passkey`, `.totp`, `.phoneCode` (the code was just sent) or `.backupCode`.
    case secondFactor(FactorStrategy)
    /// "Use another method": the other factors of the current step (``ReverificationFlow/choices``).
    case choice
    /// The session is verified: the refused action can be retried.
    case done

    /// The strategy of a factor screen.
    public var strategy: FactorStrategy? {
        switch self {
        case .firstFactor(let strategy), .secondFactor(let strategy): strategy
        case .choice, .done: nil
        }
    }
}

@available(OS2023, *)
extension FactorPlan {
    /// Where a reverification that answered `status` goes next: `.done` once complete, else the preferred usable
    /// factor of the step it needs (``reverificationFirstFactorOrder``, ``reverificationSecondFactorOrder``); nil
    /// when that step offers nothing this installation can complete, or the status is unknown.
    public func reverificationStep(
        status: SessionVerificationStatus, firstFactors: [FactorStrategy], secondFactors: [FactorStrategy]
    ) -> ReverificationDestination? {
        switch status {
        case .complete:
            .done
        case .needsFirstFactor:
            preferred(firstFactors, order: Self.reverificationFirstFactorOrder).map { .firstFactor($0) }
        case .needsSecondFactor:
            preferred(secondFactors, order: Self.reverificationSecondFactorOrder).map { .secondFactor($0) }
        case .unknown:
            nil
        }
    }

    /// The factors of the step `status` needs that this installation can complete, in the service's order.
    public func reverificationChoices(
        status: SessionVerificationStatus, firstFactors: [FactorStrategy], secondFactors: [FactorStrategy]
    ) -> [FactorStrategy] {
        switch status {
        case .needsFirstFactor: choices(firstFactors, among: Self.reverificationFirstFactorOrder)
        case .needsSecondFactor: choices(secondFactors, among: Self.reverificationSecondFactorOrder)
        case .complete, .unknown: []
        }
    }

    /// Whether Clerk sends a code for `destination` before it can be answered.
    public static func sendsCode(_ destination: ReverificationDestination) -> Bool {
        switch destination {
        case .firstFactor(.emailCode), .firstFactor(.phoneCode), .secondFactor(.phoneCode): true
        default: false
        }
    }
}

@available(OS2023, *)
extension ReverificationDestination {
    /// A stable identifier of the screen, for accessibility identifiers and UI tests (`second-factor.passkey`).
    public var accessibilityIdentifier: String {
        switch self {
        case .firstFactor(let strategy): "first-factor.\(strategy.rawValue)"
        case .secondFactor(let strategy): "second-factor.\(strategy.rawValue)"
        case .choice: "choice"
        case .done: "done"
        }
    }
}

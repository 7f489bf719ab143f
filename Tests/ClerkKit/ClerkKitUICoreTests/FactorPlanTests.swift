import ClerkKit
import ClerkKitUICore
import Testing

/// ``FactorPlan`` over every set of offered strategies, in two orders, for every capability of the installation.
@Suite("ClerkKitUICore: which factors the screens offer")
struct FactorPlanTests {
    /// Every strategy a sign-in or reverification may offer, with ones the screens cannot complete.
    static let universe: [FactorStrategy] = [
        .password, .emailCode, .phoneCode, .totp, .backupCode, .passkey, .trustedDevice, .emailLink,
        .unknown("web3_metamask_signature"),
    ]

    /// Every subset of ``universe`` in its order and reversed, with a duplicate of its first member.
    static let offers = subsets(of: universe)

    /// Every subset of `strategies`, in their order and reversed with a duplicate of the first member.
    static func subsets(of strategies: [FactorStrategy]) -> [[FactorStrategy]] {
        (0..<(1 << strategies.count)).flatMap { mask -> [[FactorStrategy]] in
            let subset = strategies.indices.filter { mask & (1 << $0) != 0 }.map { strategies[$0] }
            return [subset, subset.reversed() + subset.prefix(1)]
        }
    }

    static let plans: [FactorPlan] = [false, true].flatMap { passkey in
        [false, true].map { FactorPlan(canUsePasskey: passkey, hasTrustedDevice: $0) }
    }

    static let orders: [[FactorStrategy]] = [
        FactorPlan.signInSecondFactorOrder, FactorPlan.reverificationFirstFactorOrder,
        FactorPlan.reverificationSecondFactorOrder,
    ]

    @available(OS2023, *)
    @Test func choicesAreTheOfferedKnownUsableStrategiesInTheServicesOrderOnce() {
        for plan in Self.plans {
            for offered in Self.offers {
                for order in Self.orders {
                    let choices = plan.choices(offered, among: order)
                    let expected = offered.filter { strategy in
                        order.contains(strategy)
                            && (strategy != .passkey || plan.canUsePasskey)
                            && (strategy != .trustedDevice || plan.hasTrustedDevice)
                    }
                    var unique: [FactorStrategy] = []
                    for strategy in expected where !unique.contains(strategy) { unique.append(strategy) }
                    // Checked without #expect per case: over 24,000 cases, only a failure records an issue.
                    let preferred = plan.preferred(offered, order: order)
                    if choices != unique || preferred != order.first(where: unique.contains) {
                        Issue.record(
                            "\(plan) offered \(offered) among \(order): \(choices), \(String(describing: preferred))")
                    }
                }
            }
        }
    }

    @available(OS2023, *)
    @Test func aPasskeyComesFirstOnlyWithAnAuthenticator() {
        let offered: [FactorStrategy] = [.totp, .backupCode, .passkey]
        let order = FactorPlan.signInSecondFactorOrder
        #expect(FactorPlan(canUsePasskey: true).preferred(offered, order: order) == .passkey)
        #expect(FactorPlan(canUsePasskey: false).preferred(offered, order: order) == .totp)
        #expect(FactorPlan(canUsePasskey: false).choices(offered, among: order) == [.totp, .backupCode])
        #expect(FactorPlan(canUsePasskey: false).preferred([.passkey], order: order) == nil)
        #expect(
            FactorPlan(canUsePasskey: true, hasTrustedDevice: true).preferred(
                [.password, .passkey, .trustedDevice], order: FactorPlan.reverificationFirstFactorOrder)
                == .trustedDevice)
    }

    @available(OS2023, *)
    @Test func aReverificationGoesToThePreferredFactorOfTheStepItNeeds() {
        let statuses: [SessionVerificationStatus] = [
            .needsFirstFactor, .needsSecondFactor, .complete, .unknown("expired"),
        ]
        for plan in Self.plans {
            let firstFactors = Self.subsets(of: [.password, .emailCode, .passkey, .trustedDevice, .unknown("saml")])
            for first in firstFactors {
                for second in [[], [.totp], [.passkey, .backupCode], [.phoneCode, .passkey]] as [[FactorStrategy]] {
                    for status in statuses {
                        let step = plan.reverificationStep(status: status, firstFactors: first, secondFactors: second)
                        let choices = plan.reverificationChoices(
                            status: status, firstFactors: first, secondFactors: second)
                        let expected: (ReverificationDestination?, [FactorStrategy])
                        switch status {
                        case .complete:
                            expected = (.done, [])
                        case .needsFirstFactor:
                            let order = FactorPlan.reverificationFirstFactorOrder
                            expected = (
                                plan.preferred(first, order: order).map { .firstFactor($0) },
                                plan.choices(first, among: order)
                            )
                        case .needsSecondFactor:
                            let order = FactorPlan.reverificationSecondFactorOrder
                            expected = (
                                plan.preferred(second, order: order).map { .secondFactor($0) },
                                plan.choices(second, among: order)
                            )
                        case .unknown:
                            expected = (nil, [])
                        }
                        // The step is one of the choices (or there is none), and both are what the plan says.
                        let consistent =
                            step.map { $0 == .done || choices.contains($0.strategy ?? .password) } ?? choices.isEmpty
                        if step != expected.0 || choices != expected.1 || !consistent {
                            Issue.record("\(plan) \(status) \(first) \(second): \(String(describing: step)) \(choices)")
                        }
                    }
                }
            }
        }
    }

    @available(OS2023, *)
    @Test func onlyCodeStepsSendACode() {
        let strategies = Self.universe
        for strategy in strategies {
            #expect(
                FactorPlan.sendsCode(.firstFactor(strategy)) == [.emailCode, .phoneCode].contains(strategy))
            #expect(FactorPlan.sendsCode(.secondFactor(strategy)) == (strategy == .phoneCode))
        }
        #expect(!FactorPlan.sendsCode(.choice))
        #expect(!FactorPlan.sendsCode(.done))
    }
}

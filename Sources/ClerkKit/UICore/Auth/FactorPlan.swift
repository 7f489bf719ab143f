public import ClerkKit

/// Which factors the screens offer and which one they show first, from what the service offers and what this
/// installation can do: pure, so every combination is tested.
///
/// A passkey is offered only with a ``PasskeyAuthenticator`` to sign with, and a trusted device only when this
/// installation holds a credential the service still accepts; strategies the screens cannot complete (an unknown
/// value, a passkey without an authenticator) are left out rather than shown as a method that fails.
@available(OS2023, *)
public struct FactorPlan: Sendable, Hashable {
    /// Whether a passkey can sign here (the flow has an authenticator).
    public var canUsePasskey: Bool
    /// Whether this installation's trusted device (biometric credential) can answer.
    public var hasTrustedDevice: Bool

    /// A plan for an installation that can (or cannot) use a passkey and a trusted device.
    public init(canUsePasskey: Bool, hasTrustedDevice: Bool = false) {
        self.canUsePasskey = canUsePasskey
        self.hasTrustedDevice = hasTrustedDevice
    }

    /// Sign-in second factors, most preferred first: a passkey (no code to type, cannot be phished), then the
    /// authenticator app, then codes, then a backup code.
    public static let signInSecondFactorOrder: [FactorStrategy] = [
        .passkey, .totp, .phoneCode, .emailCode, .backupCode,
    ]
    /// Reverification first factors, most preferred first: this device's biometrics, a passkey, the password,
    /// then codes.
    public static let reverificationFirstFactorOrder: [FactorStrategy] = [
        .trustedDevice, .passkey, .password, .emailCode, .phoneCode,
    ]
    /// Reverification second factors, most preferred first.
    public static let reverificationSecondFactorOrder: [FactorStrategy] = [.passkey, .totp, .phoneCode, .backupCode]

    /// The strategies of `offered` the screens can complete, among `known`, in the service's order, once each.
    public func choices(_ offered: [FactorStrategy], among known: [FactorStrategy]) -> [FactorStrategy] {
        offered.reduce(into: [FactorStrategy]()) { choices, strategy in
            guard known.contains(strategy), isUsable(strategy), !choices.contains(strategy) else { return }
            choices.append(strategy)
        }
    }

    /// The strategy to show first: the first of `order` that ``choices(_:among:)`` keeps; nil when none is left.
    public func preferred(_ offered: [FactorStrategy], order: [FactorStrategy]) -> FactorStrategy? {
        let usable = choices(offered, among: order)
        return order.first(where: usable.contains)
    }

    /// Whether this installation can complete `strategy`.
    public func isUsable(_ strategy: FactorStrategy) -> Bool {
        switch strategy {
        case .passkey: canUsePasskey
        case .trustedDevice: hasTrustedDevice
        default: true
        }
    }
}

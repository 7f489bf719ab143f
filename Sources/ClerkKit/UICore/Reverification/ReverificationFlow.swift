public import ClerkKit
public import Observation

/// Verifying the signed-in session again before a sensitive action the service refused with
/// ``ClerkError/Code/reverificationRequired``: the screen stack, the fields, loading and errors, driven through
/// ClerkKit's public API. It offers what the service offers and this installation can complete (``FactorPlan``):
/// this device's biometrics (trusted device), a passkey (with ``passkeyAuthenticator``), the password, or a code.
///
/// ```swift
/// do { try await clerk.account.delete() } catch {
///     guard let flow = ReverificationFlow(clerk: clerk, refusal: error) else { throw error }
///     await flow.start()               // path == [.firstFactor(.password)]
///     flow.password = "analytical-engine-1843"
///     await flow.submitPassword()      // path.last == .done: retry the action
/// }
/// ```
@available(OS2023, *)
@MainActor
public final class ReverificationFlow: ScreenModel, Observable, ObservedModel {
    let observation = ObservationRegistrar()
    /// The ClerkKit instance whose session is verified.
    public let clerk: Clerk
    /// The level the service asked for.
    public let level: ReverificationLevel
    /// What signs a passkey challenge; nil leaves passkeys out.
    public var passkeyAuthenticator: (any PasskeyAuthenticator)?
    /// What the platform shows when it asks for biometrics to unlock the trusted device's key.
    public var trustedDeviceReason = "Use biometrics to confirm it is you."

    /// The screens shown so far (the last on top); empty until ``start()`` answers.
    public var path: [ReverificationDestination] {
        get { access(\.path, _path) }
        set { mutate(\.path) { _path = newValue } }
    }
    private var _path: [ReverificationDestination] = []
    /// Loading flag, field errors and the screen's message.
    public var screen: ScreenState {
        get { access(\.screen, _screen) }
        set { mutate(\.screen) { _screen = newValue } }
    }
    private var _screen = ScreenState()
    /// The strings' language.
    public var localizer: Localizer {
        get { access(\.localizer, _localizer) }
        set { mutate(\.localizer) { _localizer = newValue } }
    }
    private var _localizer: Localizer
    /// The password (first factor).
    public var password: String {
        get { access(\.password, _password) }
        set { mutate(\.password) { _password = newValue } }
    }
    private var _password = ""
    /// A one-time code.
    public var code: String {
        get { access(\.code, _code) }
        set { mutate(\.code) { _code = newValue } }
    }
    private var _code = ""
    /// The reverification as the service last answered it.
    public internal(set) var verification: SessionVerification? {
        get { access(\.verification, _verification) }
        set { mutate(\.verification) { _verification = newValue } }
    }
    private var _verification: SessionVerification?
    /// Whether this installation's trusted device can answer (checked by ``start()`` when the service offers one).
    public internal(set) var hasTrustedDevice: Bool {
        get { access(\.hasTrustedDevice, _hasTrustedDevice) }
        set { mutate(\.hasTrustedDevice) { _hasTrustedDevice = newValue } }
    }
    private var _hasTrustedDevice = false

    /// A flow verifying `clerk`'s session at `level`.
    public init(
        clerk: Clerk, level: ReverificationLevel, localizer: Localizer = Localizer(),
        passkeyAuthenticator: (any PasskeyAuthenticator)? = nil
    ) {
        self.clerk = clerk
        self.level = level
        _localizer = localizer
        self.passkeyAuthenticator = passkeyAuthenticator
    }

    /// A flow for the requirement of `refusal`; nil when `refusal` is not a reverification refusal.
    public convenience init?(
        clerk: Clerk, refusal: ClerkError, localizer: Localizer = Localizer(),
        passkeyAuthenticator: (any PasskeyAuthenticator)? = nil
    ) {
        guard let requirement = refusal.reverification else { return nil }
        self.init(
            clerk: clerk, level: requirement.level, localizer: localizer, passkeyAuthenticator: passkeyAuthenticator)
    }

    /// The screen on top, nil before ``start()`` answers.
    public var destination: ReverificationDestination? { path.last }
    /// Whether the session is verified (retry the refused action).
    public var isComplete: Bool { path.last == .done }

    /// What this installation can use.
    public var plan: FactorPlan {
        FactorPlan(canUsePasskey: passkeyAuthenticator != nil, hasTrustedDevice: hasTrustedDevice)
    }

    /// The methods of the step the verification needs that this installation can complete.
    public var choices: [FactorStrategy] {
        guard let verification else { return [] }
        return plan.reverificationChoices(
            status: verification.status, firstFactors: verification.supportedFirstFactors.map(\.strategy),
            secondFactors: verification.supportedSecondFactors.map(\.strategy))
    }

    /// The text `text` resolves to in the flow's language.
    public func string(_ text: UIText) -> String { localizer.string(text) }

    // MARK: Steps

    /// Starts the verification and shows its preferred method (sending a code first when it needs one).
    public func start() async {
        guard
            let started = await perform({ () async throws(ClerkError) in
                try await clerk.auth.startVerification(level: level)
            })
        else { return }
        if started.supportedFirstFactors.contains(where: { $0.strategy == .trustedDevice }) {
            hasTrustedDevice = (try? await clerk.trustedDevices.availability()) == .available
        }
        await route(started)
    }

    /// Shows `strategy` of the current step (sending its code); from "use another method".
    public func choose(_ strategy: FactorStrategy) async {
        guard let verification, choices.contains(strategy) else {
            screen.errorMessage = .localized(.methodUnavailable)
            return
        }
        let next: ReverificationDestination =
            verification.status == .needsSecondFactor ? .secondFactor(strategy) : .firstFactor(strategy)
        await show(next)
    }

    /// Shows "use another method".
    public func useAnotherMethod() {
        if path.last != .choice { path.append(.choice) }
        screen.clearErrors()
    }

    /// Goes back one screen; nothing while a request is in flight or once verified.
    public func back() {
        guard !screen.isLoading, path.count > 1, path.last != .done else { return }
        path.removeLast()
        screen.clearErrors()
        code = ""
    }

    /// Sends the current screen's code again.
    public func resendCode() async {
        guard let destination, FactorPlan.sendsCode(destination) else { return }
        _ = await send(destination)
    }

    /// Checks ``password`` (first factor).
    public func submitPassword() async {
        guard destination == .firstFactor(.password) else { return }
        guard screen.validate([.password: FieldValidation.required(password)]) else { return }
        let typed = password
        await attempt { [clerk] () async throws(ClerkError) in
            try await clerk.auth.attemptVerificationFirstFactor(password: typed)
        }
    }

    /// Checks ``code`` for the current factor.
    public func submitCode() async {
        guard let destination, let strategy = destination.strategy,
            ![.password, .passkey, .trustedDevice].contains(strategy)
        else { return }
        let typed = code.filter { !$0.isWhitespace }
        let problem = strategy == .backupCode ? FieldValidation.required(typed) : FieldValidation.code(typed, length: 6)
        guard screen.validate([.code: problem]) else { return }
        let auth = clerk.auth
        if case .secondFactor = destination {
            await attempt { () async throws(ClerkError) in
                try await auth.attemptVerificationSecondFactor(strategy: strategy, code: typed)
            }
        } else {
            await attempt { () async throws(ClerkError) in
                try await auth.attemptVerificationFirstFactor(strategy: strategy, code: typed)
            }
        }
    }

    /// Answers the current factor with a passkey (``passkeyAuthenticator`` signs the challenge).
    public func usePasskey() async {
        guard let destination, destination.strategy == .passkey, let authenticator = passkeyAuthenticator else {
            screen.errorMessage = .localized(.methodUnavailable)
            return
        }
        let second = destination == .secondFactor(.passkey)
        await attempt { [clerk] () async throws(ClerkError) in
            try await clerk.auth.verifySessionWithPasskey(second: second, using: authenticator)
        }
    }

    /// Answers the first factor with this installation's trusted device (the platform asks for biometrics).
    public func useTrustedDevice() async {
        guard destination == .firstFactor(.trustedDevice) else {
            screen.errorMessage = .localized(.methodUnavailable)
            return
        }
        let reason = trustedDeviceReason
        await attempt { [clerk] () async throws(ClerkError) in
            try await clerk.auth.verifySessionWithTrustedDevice(reason: reason)
        }
    }

    // MARK: Routing

    private func attempt(_ operation: () async throws(ClerkError) -> SessionVerification) async {
        guard let next = await perform(operation) else { return }
        password = ""
        code = ""
        await route(next)
    }

    /// Moves to where `next` says the verification is.
    func route(_ next: SessionVerification) async {
        verification = next
        guard
            let step = plan.reverificationStep(
                status: next.status, firstFactors: next.supportedFirstFactors.map(\.strategy),
                secondFactors: next.supportedSecondFactors.map(\.strategy))
        else {
            screen.errorMessage = .localized(.methodUnavailable)
            return
        }
        await show(step)
    }

    private func show(_ next: ReverificationDestination) async {
        if FactorPlan.sendsCode(next) {
            guard await send(next) else { return }
        }
        if path.last == .choice { path.removeLast() }
        if path.last != next { path.append(next) }
        code = ""
    }

    /// Sends the code of `destination`; false when that failed (the error is shown).
    private func send(_ destination: ReverificationDestination) async -> Bool {
        let auth = clerk.auth
        let sent = await perform { () async throws(ClerkError) -> SessionVerification in
            switch destination {
            case .secondFactor:
                return try await auth.prepareVerificationSecondFactor()
            default:
                return try await auth.prepareVerificationFirstFactor(strategy: destination.strategy ?? .emailCode)
            }
        }
        guard let sent else { return false }
        verification = sent
        return true
    }
}

public import ClerkKit
import Foundation
public import Observation

/// Sign-in and sign-up as one `@Observable` model: the screen stack, the fields, loading and errors, the resend
/// countdown and the session tasks, driven through ClerkKit's public API.
///
/// Views bind to the fields and call the actions; a test does the same and asserts on ``path``:
///
/// ```swift
/// let flow = AuthFlow(clerk: clerk)
/// flow.identifier = "ada@example.com"
/// await flow.submitIdentifier()       // path == [.signInFactorOne(.password)]
/// flow.password = "analytical-engine-1843"
/// await flow.submitPassword()         // path.last == .done
/// ```
///
/// Every action ends with ``ScreenState/isLoading`` false and, when it failed, a message under a field or for the
/// screen. ``cancel()`` stops a request half-way and signs out a session the flow created but did not finish.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
@MainActor
@Observable
public final class AuthFlow: ScreenModel {
    /// The ClerkKit instance the flow drives.
    public let clerk: Clerk
    /// The flow the screens started in.
    public let mode: AuthMode
    /// The screens above the first one (the identifier screen, or the sign-up form in ``AuthMode/signUp``).
    public var path: [AuthDestination] = []
    /// Loading flag, field errors and the screen's message.
    public var screen = ScreenState()
    /// The strings' language.
    public var localizer: Localizer

    // MARK: Fields

    /// Email address, phone number or username (sign-in).
    public var identifier = ""
    /// Password (sign-in, sign-up, new password).
    public var password = ""
    /// The new password typed again.
    public var confirmPassword = ""
    /// A one-time code.
    public var code = ""
    /// Email address (sign-up).
    public var emailAddress = ""
    /// Phone number (sign-up), international or national in ``defaultPhoneCountry``.
    public var phoneNumber = ""
    /// Username (sign-up).
    public var username = ""
    /// First name (sign-up).
    public var firstName = ""
    /// Last name (sign-up).
    public var lastName = ""
    /// Whether the person accepted the terms (sign-up, when the instance asks).
    public var legalAccepted = false
    /// The name of an organization to create (session task).
    public var organizationName = ""
    /// The country national phone numbers are read in; nil asks for `+` and the calling code.
    public var defaultPhoneCountry: PhoneCountry?

    // MARK: Progress

    /// The sign-in in progress.
    public internal(set) var signIn: SignIn?
    /// The sign-up in progress.
    public internal(set) var signUp: SignUp?
    /// Seconds until a new code may be sent (0: now); follows `Retry-After` after a rate limit.
    public internal(set) var resendSecondsRemaining = 0
    /// Wrong codes left before a new code must be sent.
    public internal(set) var codeAttemptsRemaining: Int
    /// The organizations to choose from (session task).
    public internal(set) var organizationChoices: [Organization] = []

    /// Seconds between two codes.
    public let resendInterval: Int
    /// Wrong codes accepted per code sent.
    public let maximumCodeAttempts: Int

    @ObservationIgnored let clock: any ClerkClock
    @ObservationIgnored var resendAvailableAt: Date?
    @ObservationIgnored var ticker: Task<Void, Never>?
    @ObservationIgnored var inFlight: Task<Void, Never>?
    @ObservationIgnored var sessionAtStart: String?

    /// A flow on `clerk` (loaded, so its environment is known).
    ///
    /// - Parameters:
    ///   - clock: The clock of the resend countdown (inject one in tests).
    ///   - resendInterval: Seconds between two codes (30).
    ///   - maximumCodeAttempts: Wrong codes accepted per code sent (5).
    public init(
        clerk: Clerk, mode: AuthMode = .signInOrUp, localizer: Localizer = Localizer(),
        clock: any ClerkClock = SystemClock(), resendInterval: Int = 30, maximumCodeAttempts: Int = 5
    ) {
        self.clerk = clerk
        self.mode = mode
        self.localizer = localizer
        self.clock = clock
        self.resendInterval = resendInterval
        self.maximumCodeAttempts = maximumCodeAttempts
        self.codeAttemptsRemaining = maximumCodeAttempts
        self.sessionAtStart = clerk.session?.id
        if mode == .signUp { path = [.signUp] }
    }

    /// The screen on top: the last of ``path``, or nil for the first screen.
    public var destination: AuthDestination? { path.last }

    /// Whether the flow ended with an active session.
    public var isComplete: Bool { path.last == .done }

    /// The instance's settings, as last loaded.
    public var environment: ClerkEnvironment? { clerk.environment }

    /// The sign-in method this client used last (`client.last_authentication_strategy`), if any.
    public var lastUsedStrategy: FactorStrategy? {
        clerk.client?.lastAuthenticationStrategy.map(FactorStrategy.init(rawValue:))
    }

    /// The text `key` resolves to in the flow's language.
    public func string(_ text: UIText) -> String { localizer.string(text) }

    // MARK: Navigation

    /// Shows `destination` on top.
    func push(_ destination: AuthDestination) {
        if path.last != destination { path.append(destination) }
        code = ""
    }

    /// Goes back one screen (what a back button does); nothing while a request is in flight.
    public func back() {
        guard !screen.isLoading, !path.isEmpty, path.last != .done else { return }
        path.removeLast()
        screen.clearErrors()
        code = ""
        if path.isEmpty, mode != .signUp { signIn = nil }
    }

    /// Runs one step as the task ``cancel()`` stops.
    func step(_ body: @escaping @MainActor () async -> Void) async {
        guard !screen.isLoading, inFlight == nil else { return }
        let task = Task { @MainActor in await body() }
        inFlight = task
        await task.value
        inFlight = nil
    }

    /// Stops the request in flight, returns to the first screen with no sign-in or sign-up in progress, and signs
    /// out a session this flow created but had not finished (a pending session task).
    public func cancel() async {
        inFlight?.cancel()
        await inFlight?.value
        inFlight = nil
        ticker?.cancel()
        ticker = nil
        if let session = clerk.session, session.id != sessionAtStart, path.last != .done {
            try? await clerk.auth.signOut(sessionId: session.id)
        }
        signIn = nil
        signUp = nil
        path = mode == .signUp ? [.signUp] : []
        password = ""
        confirmPassword = ""
        code = ""
        resendSecondsRemaining = 0
        resendAvailableAt = nil
        codeAttemptsRemaining = maximumCodeAttempts
        screen = ScreenState()
    }
}

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
@available(OS2023, *)
@MainActor
public final class AuthFlow: ScreenModel, Observable, ObservedModel {
    let observation = ObservationRegistrar()
    /// The ClerkKit instance the flow drives.
    public let clerk: Clerk
    /// The flow the screens started in.
    public let mode: AuthMode
    /// The screens above the first one (the identifier screen, or the sign-up form in ``AuthMode/signUp``).
    public var path: [AuthDestination] {
        get { access(\.path, _path) }
        set { mutate(\.path) { _path = newValue } }
    }
    private var _path: [AuthDestination] = []
    /// Loading flag, field errors and the screen's message.
    public var screen: ScreenState {
        get { access(\.screen, _screen) }
        set { mutate(\.screen) { _screen = newValue } }
    }
    private var _screen: ScreenState = ScreenState()
    /// The strings' language.
    public var localizer: Localizer {
        get { access(\.localizer, _localizer) }
        set { mutate(\.localizer) { _localizer = newValue } }
    }
    private var _localizer: Localizer

    // MARK: Fields

    /// Email address, phone number or username (sign-in).
    public var identifier: String {
        get { access(\.identifier, _identifier) }
        set { mutate(\.identifier) { _identifier = newValue } }
    }
    private var _identifier: String = ""
    /// Password (sign-in, sign-up, new password).
    public var password: String {
        get { access(\.password, _password) }
        set { mutate(\.password) { _password = newValue } }
    }
    private var _password: String = ""
    /// The new password typed again.
    public var confirmPassword: String {
        get { access(\.confirmPassword, _confirmPassword) }
        set { mutate(\.confirmPassword) { _confirmPassword = newValue } }
    }
    private var _confirmPassword: String = ""
    /// A one-time code.
    public var code: String {
        get { access(\.code, _code) }
        set { mutate(\.code) { _code = newValue } }
    }
    private var _code: String = ""
    /// Email address (sign-up).
    public var emailAddress: String {
        get { access(\.emailAddress, _emailAddress) }
        set { mutate(\.emailAddress) { _emailAddress = newValue } }
    }
    private var _emailAddress: String = ""
    /// Phone number (sign-up), international or national in ``defaultPhoneCountry``.
    public var phoneNumber: String {
        get { access(\.phoneNumber, _phoneNumber) }
        set { mutate(\.phoneNumber) { _phoneNumber = newValue } }
    }
    private var _phoneNumber: String = ""
    /// Username (sign-up).
    public var username: String {
        get { access(\.username, _username) }
        set { mutate(\.username) { _username = newValue } }
    }
    private var _username: String = ""
    /// First name (sign-up).
    public var firstName: String {
        get { access(\.firstName, _firstName) }
        set { mutate(\.firstName) { _firstName = newValue } }
    }
    private var _firstName: String = ""
    /// Last name (sign-up).
    public var lastName: String {
        get { access(\.lastName, _lastName) }
        set { mutate(\.lastName) { _lastName = newValue } }
    }
    private var _lastName: String = ""
    /// Whether the person accepted the terms (sign-up, when the instance asks).
    public var legalAccepted: Bool {
        get { access(\.legalAccepted, _legalAccepted) }
        set { mutate(\.legalAccepted) { _legalAccepted = newValue } }
    }
    private var _legalAccepted: Bool = false
    /// The name of an organization to create (session task).
    public var organizationName: String {
        get { access(\.organizationName, _organizationName) }
        set { mutate(\.organizationName) { _organizationName = newValue } }
    }
    private var _organizationName: String = ""
    /// Where email links send the person back (your app's URL scheme or universal link, for example
    /// `myapp://email-link`). Set, email links are offered as a first factor where the instance allows them, started
    /// with PKCE, and completed by ``handle(_:)``; nil (the default) leaves them out.
    public var emailLinkRedirectURL: String? {
        get { access(\.emailLinkRedirectURL, _emailLinkRedirectURL) }
        set { mutate(\.emailLinkRedirectURL) { _emailLinkRedirectURL = newValue } }
    }
    private var _emailLinkRedirectURL: String? = nil
    /// Whether email links are sent without PKCE and waited for by polling the sign-in (``checkEmailLink()``), as
    /// a tool with no URL scheme of its own needs (the link may be opened on any device); false (the default)
    /// sends them with PKCE, completed by ``handle(_:)``.
    public var pollsEmailLinks = false
    /// What signs a passkey challenge (the system's passkey sheet on Apple platforms). Set, a passkey the sign-in
    /// offers as a second factor is shown (first, as the preferred one); nil (the default) leaves passkeys out.
    public var passkeyAuthenticator: (any PasskeyAuthenticator)? = nil
    /// The country national phone numbers are read in; nil asks for `+` and the calling code.
    public var defaultPhoneCountry: PhoneCountry? {
        get { access(\.defaultPhoneCountry, _defaultPhoneCountry) }
        set { mutate(\.defaultPhoneCountry) { _defaultPhoneCountry = newValue } }
    }
    private var _defaultPhoneCountry: PhoneCountry? = nil

    // MARK: Progress

    /// The sign-in in progress.
    public internal(set) var signIn: SignIn? {
        get { access(\.signIn, _signIn) }
        set { mutate(\.signIn) { _signIn = newValue } }
    }
    private var _signIn: SignIn? = nil
    /// The sign-up in progress.
    public internal(set) var signUp: SignUp? {
        get { access(\.signUp, _signUp) }
        set { mutate(\.signUp) { _signUp = newValue } }
    }
    private var _signUp: SignUp? = nil
    /// Seconds until a new code may be sent (0: now); follows `Retry-After` after a rate limit.
    public internal(set) var resendSecondsRemaining: Int {
        get { access(\.resendSecondsRemaining, _resendSecondsRemaining) }
        set { mutate(\.resendSecondsRemaining) { _resendSecondsRemaining = newValue } }
    }
    private var _resendSecondsRemaining: Int = 0
    /// Wrong codes left before a new code must be sent.
    public internal(set) var codeAttemptsRemaining: Int {
        get { access(\.codeAttemptsRemaining, _codeAttemptsRemaining) }
        set { mutate(\.codeAttemptsRemaining) { _codeAttemptsRemaining = newValue } }
    }
    private var _codeAttemptsRemaining: Int
    /// The organizations to choose from (session task).
    public internal(set) var organizationChoices: [Organization] {
        get { access(\.organizationChoices, _organizationChoices) }
        set { mutate(\.organizationChoices) { _organizationChoices = newValue } }
    }
    private var _organizationChoices: [Organization] = []

    /// The authenticator app being set up (setup-mfa task): its secret and `otpauth://` URI.
    public internal(set) var pendingTOTP: TOTPResource? {
        get { access(\.pendingTOTP, _pendingTOTP) }
        set { mutate(\.pendingTOTP) { _pendingTOTP = newValue } }
    }
    private var _pendingTOTP: TOTPResource? = nil
    /// The backup codes issued with a new second factor, until ``acknowledgeBackupCodes()``.
    public internal(set) var backupCodes: [String] {
        get { access(\.backupCodes, _backupCodes) }
        set { mutate(\.backupCodes) { _backupCodes = newValue } }
    }
    private var _backupCodes: [String] = []

    /// Seconds between two codes.
    public let resendInterval: Int
    /// Wrong codes accepted per code sent.
    public let maximumCodeAttempts: Int

    let clock: any ClerkClock
    var resendAvailableAt: Date?
    var ticker: Task<Void, Never>?
    var inFlight: Task<Void, Never>?
    var sessionAtStart: String?
    /// The phone number being set up for SMS codes (setup-mfa task).
    var setupPhone: PhoneNumber?

    /// A flow on `clerk` (loaded, so its environment is known).
    ///
    /// - Parameters:
    ///   - clock: The clock of the resend countdown (inject one in tests).
    ///   - resendInterval: Seconds between two codes (30).
    ///   - maximumCodeAttempts: Wrong codes accepted per code sent (5).
    ///   - emailLinkRedirectURL: Where email links return to; nil leaves email links out (``emailLinkRedirectURL``).
    public init(
        clerk: Clerk, mode: AuthMode = .signInOrUp, localizer: Localizer = Localizer(),
        clock: any ClerkClock = SystemClock(), resendInterval: Int = 30, maximumCodeAttempts: Int = 5,
        emailLinkRedirectURL: String? = nil
    ) {
        self.clerk = clerk
        self.mode = mode
        _localizer = localizer
        self.clock = clock
        self.resendInterval = resendInterval
        self.maximumCodeAttempts = maximumCodeAttempts
        _codeAttemptsRemaining = maximumCodeAttempts
        _emailLinkRedirectURL = emailLinkRedirectURL
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
        pendingTOTP = nil
        backupCodes = []
        setupPhone = nil
        screen = ScreenState()
    }
}

public import ClerkKit
import Foundation

@available(OS2023, *)
extension AuthFlow {
    /// Whether a new code may be sent now.
    public var canResendCode: Bool { offersResend && resendSecondsRemaining == 0 && !screen.isLoading }

    /// Whether the screen on top waits for something Clerk sent (a code by email or SMS, an email link), which it
    /// can send again; false for the password, authenticator-app (TOTP) and backup-code screens, which show no
    /// resend action.
    public var offersResend: Bool {
        switch destination {
        case .signInFactorOne(let strategy)?, .signInFactorTwo(let strategy)?, .resetPasswordCode(let strategy)?:
            Self.sentStrategies.contains(strategy)
        case .signUpVerifyEmail?, .signUpVerifyPhone?, .setUpPhoneCode?: true
        default: false
        }
    }

    /// The strategies whose code or link Clerk sends.
    static let sentStrategies: Set<FactorStrategy> = [
        .emailCode, .phoneCode, .emailLink, .resetPasswordEmailCode, .resetPasswordPhoneCode,
    ]

    /// The resend button's text: "Resend code", or "Resend in N seconds" while the countdown runs.
    public var resendLabel: UIText {
        if resendSecondsRemaining > 0 { return .localized(.resendCodeIn, count: resendSecondsRemaining) }
        return destination == .signInFactorOne(.emailLink) ? .localized(.resendLink) : .localized(.resendCode)
    }

    /// The code length the current screen expects; nil for backup codes, which vary.
    var expectedCodeLength: Int? {
        if case .signInFactorTwo(.backupCode) = destination { return nil }
        return 6
    }

    /// Checks ``code`` for the current screen: a first or second factor, a reset code, or a sign-up verification.
    public func submitCode() async {
        switch destination {
        case .setUpAuthenticatorApp: return await verifyAuthenticatorApp()
        case .setUpPhoneCode: return await verifySecondFactorPhoneNumber()
        default: break
        }
        let typed = code.filter { !$0.isWhitespace }
        guard codeAttemptsRemaining > 0 else {
            screen.fieldErrors = [.code: .localized(.codeTooManyAttempts)]
            return
        }
        let problem =
            expectedCodeLength.map { FieldValidation.code(typed, length: $0) } ?? FieldValidation.required(typed)
        guard screen.validate([.code: problem]) else { return }
        guard let attempt = codeAttempt(typed) else {
            screen.errorMessage = .localized(.signInExpired)
            return
        }
        await step { [self] in
            var failure: String?
            let next = await perform { () async throws(ClerkError) -> Progress in
                do throws(ClerkError) {
                    return try await attempt()
                } catch {
                    failure = error.apiError?.code
                    throw error
                }
            }
            if let failure, Self.wrongCodeErrors.contains(failure) { recordWrongCode(failure) }
            guard let next else { return }
            code = ""
            switch next {
            case .signIn(let signIn): await route(signIn)
            case .signUp(let signUp): await route(signUp)
            }
        }
    }

    /// What a code attempt returns.
    enum Progress: Sendable {
        case signIn(SignIn)
        case signUp(SignUp)
    }

    static let wrongCodeErrors: Set<String> = ["form_code_incorrect", "verification_failed", "verification_expired"]

    /// The request that checks `typed` on the current screen.
    func codeAttempt(_ typed: String) -> (@MainActor () async throws(ClerkError) -> Progress)? {
        let auth = clerk.auth
        switch destination {
        case .signInFactorOne(.emailLink):
            return nil
        case .signInFactorOne(let strategy), .resetPasswordCode(let strategy):
            guard let signIn else { return nil }
            return { () async throws(ClerkError) in
                .signIn(try await auth.attemptFirstFactor(signIn, strategy: strategy, code: typed))
            }
        case .signInFactorTwo(let strategy):
            guard let signIn else { return nil }
            return { () async throws(ClerkError) in
                .signIn(try await auth.attemptSecondFactor(signIn, strategy: strategy, code: typed))
            }
        case .signUpVerifyEmail, .signUpVerifyPhone:
            guard let signUp else { return nil }
            let strategy: FactorStrategy = destination == .signUpVerifyEmail ? .emailCode : .phoneCode
            return { () async throws(ClerkError) in
                .signUp(try await auth.attemptVerification(signUp, strategy: strategy, code: typed))
            }
        default:
            return nil
        }
    }

    /// Counts a wrong code; when none is left (or the service says the code expired or is used up), the code
    /// must be sent again.
    func recordWrongCode(_ serverCode: String) {
        codeAttemptsRemaining = max(0, codeAttemptsRemaining - 1)
        if serverCode == "verification_expired" {
            codeAttemptsRemaining = 0
            screen.errorMessage = nil
            screen.fieldErrors[.code] = .localized(.codeExpired)
            resendSecondsRemaining = 0
            resendAvailableAt = nil
        } else if codeAttemptsRemaining == 0 || serverCode == "verification_failed" {
            codeAttemptsRemaining = 0
            screen.errorMessage = nil
            screen.fieldErrors[.code] = .localized(.codeTooManyAttempts)
            resendSecondsRemaining = 0
            resendAvailableAt = nil
        }
    }

    /// Sends a new code for the current screen, when the countdown allows.
    public func resendCode() async {
        guard canResendCode else { return }
        let auth = clerk.auth
        await step { [self] in
            let sent: Progress?
            switch destination {
            case .signInFactorOne(.emailLink):
                guard let signIn, let redirect = emailLinkRedirectURL else { return }
                let polls = pollsEmailLinks
                sent = await perform { () async throws(ClerkError) in
                    .signIn(
                        polls
                            ? try await auth.sendEmailLink(signIn, redirectURL: redirect)
                            : try await auth.prepareEmailLink(signIn, redirectURL: redirect))
                }
            case .setUpPhoneCode:
                guard let phoneId = setupPhone?.id else { return }
                let account = clerk.account
                guard
                    await perform({ () async throws(ClerkError) in
                        try await account.prepareVerification(phoneNumberId: phoneId)
                    }) != nil
                else { return }
                sent = nil
                codeSent()
                return
            case .signInFactorOne(let strategy), .resetPasswordCode(let strategy):
                guard let signIn else { return }
                sent = await perform { () async throws(ClerkError) in
                    .signIn(try await auth.prepareFirstFactor(signIn, strategy: strategy))
                }
            case .signInFactorTwo(let strategy):
                guard let signIn else { return }
                sent = await perform { () async throws(ClerkError) in
                    .signIn(try await auth.prepareSecondFactor(signIn, strategy: strategy))
                }
            case .signUpVerifyEmail, .signUpVerifyPhone:
                guard let signUp else { return }
                let strategy: FactorStrategy = destination == .signUpVerifyEmail ? .emailCode : .phoneCode
                sent = await perform { () async throws(ClerkError) in
                    .signUp(try await auth.prepareVerification(signUp, strategy: strategy))
                }
            default:
                return
            }
            switch sent {
            case .signIn(let next)?: signIn = next
            case .signUp(let next)?: signUp = next
            case nil: return
            }
            codeSent()
        }
    }

    /// A code was sent: attempts start again and the countdown runs for ``resendInterval``.
    func codeSent() {
        codeAttemptsRemaining = maximumCodeAttempts
        startCountdown(seconds: resendInterval)
    }

    /// Runs the countdown for `seconds` on the flow's clock.
    func startCountdown(seconds: Int) {
        ticker?.cancel()
        let until = clock.now.addingTimeInterval(TimeInterval(seconds))
        resendAvailableAt = until
        updateCountdown()
        let clock = self.clock
        ticker = Task { @MainActor [weak self] in
            while let self, self.resendSecondsRemaining > 0, !Task.isCancelled {
                do { try await clock.sleep(for: .seconds(1)) } catch { return }
                self.updateCountdown()
            }
        }
    }

    /// Recomputes ``resendSecondsRemaining`` from the clock.
    public func updateCountdown() {
        guard let until = resendAvailableAt else {
            resendSecondsRemaining = 0
            return
        }
        resendSecondsRemaining = max(0, Int(until.timeIntervalSince(clock.now).rounded(.up)))
    }

    /// After a failed request: a rate limit's `Retry-After` holds the resend button for that long.
    func followRetryAfter(_ error: ClerkError) {
        if let wait = ErrorPresentation(error)?.retryAfterSeconds, error.context.status == 429 {
            startCountdown(seconds: wait)
        }
    }

    /// Shows `error` and follows its `Retry-After`.
    public func show(_ error: ClerkError) {
        guard let presentation = ErrorPresentation(error) else { return }
        if let field = presentation.field {
            screen.fieldErrors[field] = presentation.message
        } else {
            screen.errorMessage = presentation.message
        }
        followRetryAfter(error)
    }
}

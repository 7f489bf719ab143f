/// A session's reverification: a value type that takes the user's steps (prepare or attempt a factor) and
/// yields the code to deliver, or the error to answer with. The store applies what it yields.
@available(OS2023, *)
struct ReverificationMachine: Sendable, Equatable {
    enum Status: String, Sendable {
        case needsFirstFactor = "needs_first_factor"
        case needsSecondFactor = "needs_second_factor"
        case complete
    }

    /// What a step yields for the store to do.
    enum Action: Sendable, Equatable {
        case deliver(Delivery)
        case consumeBackupCode(String)
        /// The factor was verified: stamp the session (`second` for a second factor).
        case verified(second: Bool)
    }

    var level: String
    var status: Status
    var firstFactor: VerificationState?
    var secondFactor: VerificationState?

    static let levels: Set<String> = ["first_factor", "second_factor", "multi_factor"]

    /// Starts at `level`: a second-factor level for a user without one falls back to a first factor.
    init(level: String, user: UserRecord, _ configuration: ClerkEmulator.Configuration) {
        self.level = level
        let hasSecond = !SignInMachine.secondFactors(for: user, configuration).isEmpty
        status = level == "second_factor" && hasSecond ? .needsSecondFactor : .needsFirstFactor
    }

    /// Sends a code for a first (`second == false`) or second factor.
    mutating func prepare(
        second: Bool, strategy: String, targetId: String?, user: UserRecord, now: Millis, code: String,
        _ configuration: ClerkEmulator.Configuration
    ) -> Result<[Action], FAPIError> {
        guard status == (second ? .needsSecondFactor : .needsFirstFactor) else {
            return .failure(.stateInvalid("The reverification is not waiting for this factor."))
        }
        let factors =
            second
            ? SignInMachine.secondFactors(for: user, configuration)
            : SignInMachine.firstFactors(for: user, identifier: nil, configuration)
        guard strategy == "email_code" || strategy == "phone_code",
            let factor = factors.first(where: {
                $0.strategy == strategy
                    && (targetId == nil || $0.emailAddressId == targetId || $0.phoneNumberId == targetId)
            }),
            let address = factor.safeIdentifier
        else { return .failure(.strategyInvalid(strategy)) }
        let isTest = TestMode.isTestIdentifier(address)
        let verification = VerificationState(
            strategy: strategy, expireAt: now + configuration.codeLifetime.clampedMillis,
            code: isTest ? TestMode.code : code, targetId: factor.emailAddressId ?? factor.phoneNumberId)
        if second { secondFactor = verification } else { firstFactor = verification }
        if isTest { return .success([]) }
        let channel: Delivery.Channel = strategy == "email_code" ? .email : .sms
        return .success([
            .deliver(Delivery(channel: channel, to: address, code: verification.code, purpose: "reverification"))
        ])
    }

    /// Checks a first factor: the password, or the code that was prepared.
    mutating func attemptFirstFactor(
        strategy: String, code: String?, password: String?, user: UserRecord, now: Millis,
        _ configuration: ClerkEmulator.Configuration
    ) -> Result<[Action], FAPIError> {
        guard status == .needsFirstFactor else {
            return .failure(.stateInvalid("The reverification is not waiting for a first factor."))
        }
        let failure: FAPIError?
        switch strategy {
        case "password":
            guard let digest = user.password else { return .failure(.strategyInvalid(strategy)) }
            let passed = password.map(digest.matches) ?? false
            failure = VerificationState.check(
                &firstFactor, strategy: strategy, passed: passed, failure: .passwordIncorrect)
        case "email_code", "phone_code":
            failure = VerificationState.attemptCode(
                &firstFactor, strategy: strategy, code: code ?? "", now: now,
                maximumAttempts: configuration.maximumCodeAttempts)
        default:
            return .failure(.strategyInvalid(strategy))
        }
        if let failure { return .failure(failure) }
        let needsSecond = level == "multi_factor" && !SignInMachine.secondFactors(for: user, configuration).isEmpty
        status = needsSecond ? .needsSecondFactor : .complete
        return .success([.verified(second: false)])
    }

    /// Checks a second factor: a TOTP code, a backup code (used up), or the SMS code that was prepared.
    mutating func attemptSecondFactor(
        strategy: String, code: String, user: UserRecord, now: Millis, _ configuration: ClerkEmulator.Configuration
    ) -> Result<[Action], FAPIError> {
        guard status == .needsSecondFactor else {
            return .failure(.stateInvalid("The reverification is not waiting for a second factor."))
        }
        guard SignInMachine.secondFactors(for: user, configuration).contains(where: { $0.strategy == strategy }) else {
            return .failure(.strategyInvalid(strategy))
        }
        var actions: [Action] = []
        let failure: FAPIError?
        switch strategy {
        case "totp":
            let passed = user.totpSecret.map { TOTP.verify(code, secret: $0, at: now) } ?? false
            failure = VerificationState.check(
                &secondFactor, strategy: strategy, passed: passed, failure: .codeIncorrect)
        case "backup_code":
            let match = user.backupCodes.first { VerificationState.constantTimeEquals($0, code) }
            failure = VerificationState.check(
                &secondFactor, strategy: strategy, passed: match != nil, failure: .codeIncorrect)
            if let match { actions.append(.consumeBackupCode(match)) }
        default:
            failure = VerificationState.attemptCode(
                &secondFactor, strategy: strategy, code: code, now: now,
                maximumAttempts: configuration.maximumCodeAttempts)
        }
        if let failure { return .failure(failure) }
        status = .complete
        return .success(actions + [.verified(second: true)])
    }
}

/// A sign-in attempt as a value-type state machine: each input (a Frontend API call) moves it on and yields the
/// side effects the driver performs (send a code, create a session, change a password).
@available(OS2023, *)
struct SignInMachine: Sendable, Equatable {
    enum Status: String, Sendable {
        case needsIdentifier = "needs_identifier"
        case needsFirstFactor = "needs_first_factor"
        case needsSecondFactor = "needs_second_factor"
        case needsNewPassword = "needs_new_password"
        case needsClientTrust = "needs_client_trust"
        case complete
        case abandoned
    }

    enum Input: Sendable, Equatable {
        case create(identifier: String?, strategy: String?, password: String?)
        /// `strategy=ticket`: the driver puts the user the ticket names (if it is valid) in the context.
        case createWithTicket(ticket: String)
        case prepareFirstFactor(strategy: String, emailAddressId: String?, phoneNumberId: String?)
        case attemptFirstFactor(strategy: String, code: String?, password: String?)
        case prepareSecondFactor(strategy: String, phoneNumberId: String?)
        case attemptSecondFactor(strategy: String, code: String)
        case resetPassword(password: String, signOutOfOtherSessions: Bool)
        /// The email link carrying `token` was opened.
        case verifyLink(token: String)
    }

    enum Action: Sendable, Equatable {
        /// Send a code by email or SMS (never for test-mode identifiers).
        case deliver(Delivery)
        /// The sign-in is complete: create a session for the user.
        case createSession(userId: String, strategy: String, secondFactor: Bool)
        /// Replace the user's password.
        case setPassword(userId: String, password: String, signOutOfOtherSessions: Bool)
        /// A backup code was used up.
        case consumeBackupCode(userId: String, code: String)
        /// A sign-in ticket was used up.
        case consumeTicket(String)
    }

    /// What the driver knows when the input arrives.
    struct Context: Sendable {
        var configuration: ClerkEmulator.Configuration
        /// The password rules a new password must meet.
        var passwordPolicy: PasswordPolicy
        /// Whether the user already had a session on the calling client (Client Trust asks nothing then).
        var clientKnown = true
        /// The user the identifier names (on create) or the sign-in belongs to (afterwards).
        var user: UserRecord?
        var now: Millis
        /// A fresh random code, used when a code must be sent to a non-test identifier.
        var freshCode: String
        /// The id of the session to create if this input completes the sign-in.
        var newSessionId: String
        /// A fresh token, used when an email link must be sent.
        var freshLinkToken: String = IDs.random(40)
    }

    let id: String
    let createdAt: Millis
    // Set only by the inputs, here and in SignInMachine+External.swift.
    var status: Status = .needsIdentifier
    var identifier: String?
    var userId: String?
    var firstFactor: VerificationState?
    var secondFactor: VerificationState?
    var createdSessionId: String?
    /// The language the client asked for on create (`locale`), served back as the real service does.
    var locale: String?

    init(id: String, createdAt: Millis) {
        self.id = id
        self.createdAt = createdAt
    }

    /// When an unfinished sign-in is dropped.
    var abandonAt: Millis { createdAt + 24 * 3600 * 1000 }

    /// Applies `input`. On failure the attempt keeps any change the failure itself made (a counted wrong code).
    mutating func handle(_ input: Input, context: Context) -> Result<[Action], FAPIError> {
        switch input {
        case .create(let identifier, let strategy, let password):
            return create(identifier: identifier, strategy: strategy, password: password, context)
        case .createWithTicket(let ticket):
            return createWithTicket(ticket, context)
        case .prepareFirstFactor(let strategy, let emailAddressId, let phoneNumberId):
            return prepareFirstFactor(strategy, emailAddressId: emailAddressId, phoneNumberId: phoneNumberId, context)
        case .attemptFirstFactor(let strategy, let code, let password):
            return attemptFirstFactor(strategy, code: code, password: password, context)
        case .prepareSecondFactor(let strategy, let phoneNumberId):
            return prepareSecondFactor(strategy, phoneNumberId: phoneNumberId, context)
        case .attemptSecondFactor(let strategy, let code):
            return attemptSecondFactor(strategy, code: code, context)
        case .resetPassword(let password, let signOut):
            return resetPassword(password, signOut: signOut, context)
        case .verifyLink(let token):
            return verifyLink(token, context)
        }
    }

    // MARK: Create

    private mutating func create(
        identifier: String?, strategy: String?, password: String?, _ context: Context
    ) -> Result<[Action], FAPIError> {
        guard status == .needsIdentifier, self.identifier == nil else {
            return .failure(.stateInvalid("This sign-in was already created."))
        }
        guard let identifier, !identifier.isEmpty else {
            if strategy != nil { return .failure(.paramMissing("identifier")) }
            if password != nil { return .failure(.paramMissing("identifier")) }
            return .success([])
        }
        let kind = IdentifierKind(classifying: identifier)
        guard context.configuration.identifiers.contains(kind.setting) else {
            return .failure(.notEnabled("identifier", "Signing in with \(kind.setting.rawValue)"))
        }
        guard let user = context.user else { return .failure(.identifierNotFound) }
        self.identifier = identifier
        userId = user.id
        status = .needsFirstFactor
        switch strategy {
        case nil:
            if let password { return attemptFirstFactor("password", code: nil, password: password, context) }
            return .success([])
        case "password":
            guard let password else { return .failure(.paramMissing("password")) }
            return attemptFirstFactor("password", code: nil, password: password, context)
        case "email_code", "phone_code", "email_link":
            return prepareFirstFactor(strategy ?? "", emailAddressId: nil, phoneNumberId: nil, context)
        case .some(let other):
            return .failure(.strategyInvalid(other))
        }
    }

    private mutating func createWithTicket(_ ticket: String, _ context: Context) -> Result<[Action], FAPIError> {
        guard status == .needsIdentifier, identifier == nil else {
            return .failure(.stateInvalid("This sign-in was already created."))
        }
        guard let user = context.user else { return .failure(.ticketInvalid) }
        userId = user.id
        identifier = user.displayIdentifier
        status = .needsFirstFactor
        firstFactor = VerificationState(strategy: "ticket", status: .verified, attempts: 1)
        return .success([.consumeTicket(ticket)] + firstFactorPassed(user, strategy: "ticket", context))
    }

    // MARK: First factor

    private mutating func prepareFirstFactor(
        _ strategy: String, emailAddressId: String?, phoneNumberId: String?, _ context: Context
    ) -> Result<[Action], FAPIError> {
        guard status == .needsFirstFactor, let user = context.user else {
            return .failure(.stateInvalid("The sign-in is not waiting for a first factor."))
        }
        let factors = Self.firstFactors(for: user, identifier: identifier, context.configuration)
        switch strategy {
        case "email_code", "reset_password_email_code":
            guard let email = Self.pick(user.emails, id: emailAddressId, match: identifier, \.id, \.address),
                factors.contains(where: { $0.strategy == strategy && $0.emailAddressId == email.id })
            else { return .failure(.strategyInvalid(strategy)) }
            return .success(startCode(strategy, to: email.address, targetId: email.id, .email, &firstFactor, context))
        case "email_link":
            guard let email = Self.pick(user.emails, id: emailAddressId, match: identifier, \.id, \.address),
                factors.contains(where: { $0.strategy == strategy && $0.emailAddressId == email.id })
            else { return .failure(.strategyInvalid(strategy)) }
            let token = context.freshLinkToken
            firstFactor = VerificationState(
                strategy: strategy,
                expireAt: context.now + context.configuration.codeLifetime.clampedMillis,
                code: token, targetId: email.id)
            return .success([
                .deliver(Delivery(channel: .email, to: email.address, code: nil, linkToken: token, purpose: "sign_in"))
            ])
        case "phone_code", "reset_password_phone_code":
            guard let phone = Self.pick(user.phones, id: phoneNumberId, match: identifier, \.id, \.number),
                factors.contains(where: { $0.strategy == strategy && $0.phoneNumberId == phone.id })
            else { return .failure(.strategyInvalid(strategy)) }
            return .success(startCode(strategy, to: phone.number, targetId: phone.id, .sms, &firstFactor, context))
        default:
            return .failure(.strategyInvalid(strategy))
        }
    }

    private mutating func attemptFirstFactor(
        _ strategy: String, code: String?, password: String?, _ context: Context
    ) -> Result<[Action], FAPIError> {
        guard status == .needsFirstFactor, let user = context.user else {
            return .failure(.stateInvalid("The sign-in is not waiting for a first factor."))
        }
        switch strategy {
        case "password":
            guard context.configuration.firstFactors.contains(.password), let digest = user.password else {
                return .failure(.strategyInvalid(strategy))
            }
            guard let password else { return .failure(.paramMissing("password")) }
            let passed = digest.matches(password)
            if let failure = VerificationState.check(
                &firstFactor, strategy: strategy, passed: passed, failure: .passwordIncorrect)
            {
                return .failure(failure)
            }
            return .success(firstFactorPassed(user, strategy: strategy, context))
        case "email_code", "phone_code", "reset_password_email_code", "reset_password_phone_code":
            guard let code, !code.isEmpty else { return .failure(.paramMissing("code")) }
            if let failure = VerificationState.attemptCode(
                &firstFactor, strategy: strategy, code: code, now: context.now,
                maximumAttempts: context.configuration.maximumCodeAttempts)
            {
                return .failure(failure)
            }
            if strategy.hasPrefix("reset_password") {
                status = .needsNewPassword
                return .success([])
            }
            return .success(firstFactorPassed(user, strategy: strategy, context))
        default:
            return .failure(.strategyInvalid(strategy))
        }
    }

    mutating func firstFactorPassed(_ user: UserRecord, strategy: String, _ context: Context) -> [Action] {
        if user.needsSecondFactor(context.configuration.secondFactors) {
            status = .needsSecondFactor
            return []
        }
        if strategy == "password", context.configuration.clientTrust, !context.clientKnown,
            !Self.clientTrustFactors(for: user).isEmpty
        {
            status = .needsClientTrust
            return []
        }
        return complete(user, strategy: strategy, secondFactor: false, context)
    }

    mutating func complete(
        _ user: UserRecord, strategy: String, secondFactor: Bool, _ context: Context
    ) -> [Action] {
        status = .complete
        createdSessionId = context.newSessionId
        return [.createSession(userId: user.id, strategy: strategy, secondFactor: secondFactor)]
    }

    private mutating func verifyLink(_ token: String, _ context: Context) -> Result<[Action], FAPIError> {
        guard status == .needsFirstFactor, let user = context.user else {
            return .failure(.stateInvalid("The sign-in is not waiting for a first factor."))
        }
        if let failure = VerificationState.attemptCode(
            &firstFactor, strategy: "email_link", code: token, now: context.now,
            maximumAttempts: context.configuration.maximumCodeAttempts)
        {
            return .failure(failure)
        }
        return .success(firstFactorPassed(user, strategy: "email_link", context))
    }

    // MARK: Reset password

    private mutating func resetPassword(
        _ password: String, signOut: Bool, _ context: Context
    ) -> Result<[Action], FAPIError> {
        guard status == .needsNewPassword, let user = context.user else {
            return .failure(.stateInvalid("The sign-in is not waiting for a new password."))
        }
        if let problem = context.passwordPolicy.problem(with: password) { return .failure(problem) }
        let change = Action.setPassword(userId: user.id, password: password, signOutOfOtherSessions: signOut)
        if user.needsSecondFactor(context.configuration.secondFactors) {
            status = .needsSecondFactor
            return .success([change])
        }
        return .success(
            [change] + complete(user, strategy: firstFactor?.strategy ?? "password", secondFactor: false, context))
    }

    // MARK: Second factor

    private mutating func prepareSecondFactor(
        _ strategy: String, phoneNumberId: String?, _ context: Context
    ) -> Result<[Action], FAPIError> {
        if status == .needsClientTrust, let user = context.user {
            return prepareClientTrust(strategy, targetId: phoneNumberId, user: user, context)
        }
        guard status == .needsSecondFactor, let user = context.user else {
            return .failure(.stateInvalid("The sign-in is not waiting for a second factor."))
        }
        guard strategy == "phone_code", context.configuration.secondFactors.contains(.phoneCode) else {
            return .failure(.strategyInvalid(strategy))
        }
        let phones = user.mfaPhones
        let phone =
            phoneNumberId.map { id in phones.first { $0.id == id } }
            ?? (phones.first(where: \.defaultSecondFactor) ?? phones.first)
        guard let phone else { return .failure(.strategyInvalid(strategy)) }
        var verification = secondFactor
        let actions = startCode(strategy, to: phone.number, targetId: phone.id, .sms, &verification, context)
        secondFactor = verification
        return .success(actions)
    }

    private mutating func attemptSecondFactor(
        _ strategy: String, code: String, _ context: Context
    ) -> Result<[Action], FAPIError> {
        if status == .needsClientTrust, let user = context.user {
            guard secondFactor?.strategy == strategy else { return .failure(.strategyInvalid(strategy)) }
            if let failure = VerificationState.attemptCode(
                &secondFactor, strategy: strategy, code: code, now: context.now,
                maximumAttempts: context.configuration.maximumCodeAttempts)
            {
                return .failure(failure)
            }
            return .success(complete(user, strategy: firstFactor?.strategy ?? "password", secondFactor: false, context))
        }
        guard status == .needsSecondFactor, let user = context.user else {
            return .failure(.stateInvalid("The sign-in is not waiting for a second factor."))
        }
        let enabled = context.configuration.secondFactors
        let firstStrategy = firstFactor?.strategy ?? "password"
        switch strategy {
        case "totp":
            guard enabled.contains(.totp), let secret = user.totpSecret else {
                return .failure(.strategyInvalid(strategy))
            }
            let passed = TOTP.verify(code, secret: secret, at: context.now)
            if let failure = VerificationState.check(
                &secondFactor, strategy: strategy, passed: passed, failure: .codeIncorrect)
            {
                return .failure(failure)
            }
            return .success(complete(user, strategy: firstStrategy, secondFactor: true, context))
        case "backup_code":
            guard enabled.contains(.backupCode), !user.backupCodes.isEmpty else {
                return .failure(.strategyInvalid(strategy))
            }
            let match = user.backupCodes.first { VerificationState.constantTimeEquals($0, code) }
            if let failure = VerificationState.check(
                &secondFactor, strategy: strategy, passed: match != nil, failure: .codeIncorrect)
            {
                return .failure(failure)
            }
            guard let match else { return .failure(.codeIncorrect) }
            return .success(
                [.consumeBackupCode(userId: user.id, code: match)]
                    + complete(user, strategy: firstStrategy, secondFactor: true, context))
        case "phone_code":
            if let failure = VerificationState.attemptCode(
                &secondFactor, strategy: strategy, code: code, now: context.now,
                maximumAttempts: context.configuration.maximumCodeAttempts)
            {
                return .failure(failure)
            }
            return .success(complete(user, strategy: firstStrategy, secondFactor: true, context))
        default:
            return .failure(.strategyInvalid(strategy))
        }
    }

    // MARK: Helpers

    func startCode(
        _ strategy: String, to address: String, targetId: String, _ channel: Delivery.Channel,
        _ verification: inout VerificationState?, _ context: Context
    ) -> [Action] {
        let isTest = TestMode.isTestIdentifier(address)
        let code = isTest ? TestMode.code : context.freshCode
        verification = VerificationState(
            strategy: strategy,
            expireAt: context.now + context.configuration.codeLifetime.clampedMillis,
            code: code, targetId: targetId)
        if isTest { return [] }
        let purpose =
            strategy.hasPrefix("reset_password")
            ? "reset_password"
            : (status == .needsSecondFactor || status == .needsClientTrust ? "second_factor" : "sign_in")
        return [.deliver(Delivery(channel: channel, to: address, code: code, purpose: purpose))]
    }

    /// The record with `id`, else the one matching the identifier, else the first.
    private static func pick<Record>(
        _ records: [Record], id: String?, match identifier: String?, _ idPath: KeyPath<Record, String>,
        _ valuePath: KeyPath<Record, String>
    ) -> Record? {
        if let id { return records.first { $0[keyPath: idPath] == id } }
        if let identifier,
            let matching = records.first(where: { $0[keyPath: valuePath].lowercased() == identifier.lowercased() })
        {
            return matching
        }
        return records.first
    }
}

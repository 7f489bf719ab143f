/// A sign-up attempt as a value-type state machine: create, update, prepare and attempt verifications; it
/// completes (and asks the driver to create the user and a session) once nothing is missing or unverified.
@available(OS2023, *)
struct SignUpMachine: Sendable, Equatable {
    enum Status: String, Sendable {
        case missingRequirements = "missing_requirements"
        case complete
        case abandoned
    }

    /// The fields a create or update call carries; nil means "not sent".
    struct Fields: Sendable, Equatable {
        var emailAddress: String?
        var phoneNumber: String?
        var username: String?
        var password: String?
        var firstName: String?
        var lastName: String?
        var unsafeMetadata: JSON?
        var legalAccepted: Bool?
    }

    enum Input: Sendable, Equatable {
        case create(Fields)
        case update(Fields)
        case prepareVerification(strategy: String)
        case attemptVerification(strategy: String, code: String)
        /// The email link carrying `token` was opened.
        case verifyLink(token: String)
    }

    /// A user to create from a completed sign-up.
    struct NewUser: Sendable, Equatable {
        var userId: String
        var sessionId: String
        var emailAddress: String?
        var phoneNumber: String?
        var username: String?
        var password: String?
        var firstName: String?
        var lastName: String?
        var unsafeMetadata: JSON
        var legalAcceptedAt: Millis?
        var strategy: String
        /// The provider account a sign-up through OAuth, SSO or an ID token connects.
        var externalAccount: ProviderIdentity? = nil
    }

    enum Action: Sendable, Equatable {
        case deliver(Delivery)
        case createUser(NewUser)
    }

    struct Context: Sendable {
        var configuration: ClerkEmulator.Configuration
        /// The password rules a new password must meet.
        var passwordPolicy: PasswordPolicy
        var now: Millis
        var freshCode: String
        /// Whether an identifier already belongs to a user (`form_identifier_exists`).
        var isTaken: @Sendable (IdentifierKind, String) -> Bool
        var newUserId: String
        var newSessionId: String
        /// A fresh token, used when an email link must be sent.
        var freshLinkToken: String = IDs.random(40)
    }

    let id: String
    let createdAt: Millis
    // Set only by the inputs, here and in SignUpMachine+External.swift.
    var status: Status = .missingRequirements
    var emailAddress: String?
    private(set) var phoneNumber: String?
    private(set) var username: String?
    /// Kept only until the user is created, then dropped.
    private(set) var password: String?
    var firstName: String?
    var lastName: String?
    var unsafeMetadata: JSON?
    private(set) var legalAcceptedAt: Millis?
    var emailVerification: VerificationState?
    /// An OAuth, SSO or ID-token sign-up: the provider step (`verifications.external_account`) and the account
    /// it proved.
    var external: VerificationState?
    var externalIdentity: ProviderIdentity?
    private(set) var phoneVerification: VerificationState?
    private(set) var createdUserId: String?
    private(set) var createdSessionId: String?
    /// The language the client asked for on create (`locale`); the new user keeps it.
    var locale: String?

    init(id: String, createdAt: Millis) {
        self.id = id
        self.createdAt = createdAt
    }

    var abandonAt: Millis { createdAt + 24 * 3600 * 1000 }
    var passwordEnabled: Bool { password != nil || (createdUserId != nil && passwordWasSet) }
    private var passwordWasSet = false

    // MARK: Derived fields

    var requiredFields: [String] {
        ClerkEmulator.SignUpField.allCases.filter { configurationRequired.contains($0) }.map(\.rawValue)
    }
    var optionalFields: [String] {
        ClerkEmulator.SignUpField.allCases.filter { configurationOptional.contains($0) }.map(\.rawValue)
    }
    private var configurationRequired: Set<ClerkEmulator.SignUpField> = []
    private var configurationOptional: Set<ClerkEmulator.SignUpField> = []

    var missingFields: [String] {
        // A provider-verified sign-up needs no password.
        ClerkEmulator.SignUpField.allCases.filter {
            configurationRequired.contains($0) && !has($0) && !($0 == .password && external?.status == .verified)
        }.map(\.rawValue)
    }

    private(set) var verifyEmail = true
    private(set) var verifyPhone = true

    var unverifiedFields: [String] {
        var fields: [String] = []
        if emailAddress != nil, verifyEmail, emailVerification?.status != .verified { fields.append("email_address") }
        if phoneNumber != nil, verifyPhone, phoneVerification?.status != .verified { fields.append("phone_number") }
        return fields
    }

    private func has(_ field: ClerkEmulator.SignUpField) -> Bool {
        switch field {
        case .emailAddress: emailAddress != nil
        case .phoneNumber: phoneNumber != nil
        case .username: username != nil
        case .password: password != nil || passwordWasSet
        case .firstName: firstName != nil
        case .lastName: lastName != nil
        case .legalAccepted: legalAcceptedAt != nil
        }
    }

    // MARK: Inputs

    mutating func handle(_ input: Input, context: Context) -> Result<[Action], FAPIError> {
        guard status == .missingRequirements else {
            return .failure(.stateInvalid("This sign-up is \(status.rawValue) and cannot change."))
        }
        switch input {
        case .create(let fields):
            configure(context.configuration)
            return apply(fields, context)
        case .update(let fields):
            return apply(fields, context)
        case .prepareVerification(let strategy):
            return prepare(strategy, context)
        case .attemptVerification(let strategy, let code):
            return attempt(strategy, code: code, context)
        case .verifyLink(let token):
            return attempt("email_link", code: token, context)
        }
    }

    mutating func configure(_ configuration: ClerkEmulator.Configuration) {
        let required = configuration.signUp.requiredFields
        var enabled: Set<ClerkEmulator.SignUpField> = [.firstName, .lastName, .legalAccepted]
        if configuration.identifiers.contains(.emailAddress) { enabled.insert(.emailAddress) }
        if configuration.identifiers.contains(.phoneNumber) { enabled.insert(.phoneNumber) }
        if configuration.identifiers.contains(.username) { enabled.insert(.username) }
        if configuration.firstFactors.contains(.password) { enabled.insert(.password) }
        configurationRequired = required
        configurationOptional = enabled.subtracting(required)
        verifyEmail = configuration.signUp.verifyEmailAddress
        verifyPhone = configuration.signUp.verifyPhoneNumber
    }

    private mutating func apply(_ fields: Fields, _ context: Context) -> Result<[Action], FAPIError> {
        let allowed = configurationRequired.union(configurationOptional)
        // Validate everything first so a rejected call changes nothing.
        if let email = fields.emailAddress {
            guard allowed.contains(.emailAddress) else { return .failure(.paramUnknown("email_address")) }
            guard Self.isPlausibleEmail(email) else {
                return .failure(.paramInvalid("email_address", "email_address must be a valid email address."))
            }
            if context.isTaken(.emailAddress, email) { return .failure(.identifierExists("email_address")) }
        }
        if let phone = fields.phoneNumber {
            guard allowed.contains(.phoneNumber) else { return .failure(.paramUnknown("phone_number")) }
            let digits = phone.filter(\.isNumber)
            guard phone.hasPrefix("+"), (8...15).contains(digits.count) else {
                return .failure(
                    .paramInvalid("phone_number", "phone_number must be a valid phone number in E.164 format."))
            }
            if context.isTaken(.phoneNumber, phone) { return .failure(.identifierExists("phone_number")) }
        }
        if let username = fields.username {
            guard allowed.contains(.username) else { return .failure(.paramUnknown("username")) }
            guard (4...64).contains(username.count), !username.contains("@") else {
                return .failure(.paramInvalid("username", "Username must be between 4 and 64 characters long."))
            }
            if context.isTaken(.username, username) { return .failure(.identifierExists("username")) }
        }
        if let password = fields.password {
            guard allowed.contains(.password) else { return .failure(.paramUnknown("password")) }
            if let problem = context.passwordPolicy.problem(with: password) { return .failure(problem) }
        }
        if let email = fields.emailAddress, email.lowercased() != emailAddress?.lowercased() {
            emailAddress = email
            emailVerification = nil
        }
        if let phone = fields.phoneNumber, IdentifierKind.normalizedPhone(phone) != phoneNumber {
            phoneNumber = IdentifierKind.normalizedPhone(phone)
            phoneVerification = nil
        }
        if let username = fields.username { self.username = username }
        if let password = fields.password { self.password = password }
        if let firstName = fields.firstName { self.firstName = firstName }
        if let lastName = fields.lastName { self.lastName = lastName }
        if let metadata = fields.unsafeMetadata { unsafeMetadata = metadata }
        if let accepted = fields.legalAccepted { legalAcceptedAt = accepted ? context.now : nil }
        return .success(completeIfReady(context, strategy: "password"))
    }

    private mutating func prepare(_ strategy: String, _ context: Context) -> Result<[Action], FAPIError> {
        switch strategy {
        case "email_code":
            guard let email = emailAddress else { return .failure(.stateInvalid("The sign-up has no email address.")) }
            let (verification, actions) = Self.start(strategy, to: email, .email, context)
            emailVerification = verification
            return .success(actions)
        case "email_link":
            guard let email = emailAddress, context.configuration.firstFactors.contains(.emailLink) else {
                return .failure(.strategyInvalid(strategy))
            }
            let token = context.freshLinkToken
            emailVerification = VerificationState(
                strategy: strategy,
                expireAt: context.now + context.configuration.codeLifetime.clampedMillis,
                code: token)
            return .success([
                .deliver(Delivery(channel: .email, to: email, code: nil, linkToken: token, purpose: "sign_up"))
            ])
        case "phone_code":
            guard let phone = phoneNumber else { return .failure(.stateInvalid("The sign-up has no phone number.")) }
            let (verification, actions) = Self.start(strategy, to: phone, .sms, context)
            phoneVerification = verification
            return .success(actions)
        default:
            return .failure(.strategyInvalid(strategy))
        }
    }

    private mutating func attempt(_ strategy: String, code: String, _ context: Context) -> Result<[Action], FAPIError> {
        let limit = context.configuration.maximumCodeAttempts
        let failure: FAPIError?
        switch strategy {
        case "email_code", "email_link":
            failure = VerificationState.attemptCode(
                &emailVerification, strategy: strategy, code: code, now: context.now, maximumAttempts: limit)
        case "phone_code":
            failure = VerificationState.attemptCode(
                &phoneVerification, strategy: strategy, code: code, now: context.now, maximumAttempts: limit)
        default:
            return .failure(.strategyInvalid(strategy))
        }
        if let failure { return .failure(failure) }
        return .success(completeIfReady(context, strategy: strategy))
    }

    mutating func completeIfReady(_ context: Context, strategy: String) -> [Action] {
        guard missingFields.isEmpty, unverifiedFields.isEmpty else { return [] }
        guard emailAddress != nil || phoneNumber != nil || username != nil else { return [] }
        status = .complete
        createdUserId = context.newUserId
        createdSessionId = context.newSessionId
        let user = NewUser(
            userId: context.newUserId, sessionId: context.newSessionId, emailAddress: emailAddress,
            phoneNumber: phoneNumber, username: username, password: password, firstName: firstName,
            lastName: lastName, unsafeMetadata: unsafeMetadata ?? .object([]), legalAcceptedAt: legalAcceptedAt,
            strategy: sessionStrategy(default: strategy),
            externalAccount: external?.status == .verified ? externalIdentity : nil)
        passwordWasSet = password != nil
        password = nil
        return [.createUser(user)]
    }

    /// The strategy the new session records: the provider's, else the verified identifier's, else `strategy`.
    private func sessionStrategy(default strategy: String) -> String {
        if let external, external.status == .verified { return external.strategy }
        if emailVerification?.status == .verified { return emailVerification?.strategy ?? "email_code" }
        return phoneVerification?.status == .verified ? "phone_code" : strategy
    }

    private static func start(
        _ strategy: String, to address: String, _ channel: Delivery.Channel, _ context: Context
    ) -> (VerificationState, [Action]) {
        let isTest = TestMode.isTestIdentifier(address)
        let code = isTest ? TestMode.code : context.freshCode
        let verification = VerificationState(
            strategy: strategy,
            expireAt: context.now + context.configuration.codeLifetime.clampedMillis, code: code)
        return (
            verification,
            isTest ? [] : [.deliver(Delivery(channel: channel, to: address, code: code, purpose: "sign_up"))]
        )
    }

    private static func isPlausibleEmail(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        return parts.count == 2 && !parts[0].isEmpty && parts[1].contains(".") && !text.contains(" ")
    }
}

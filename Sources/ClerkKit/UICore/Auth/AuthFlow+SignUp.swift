import ClerkKit

/// A sign-up field and whether the instance requires it.
@available(OS2023, *)
public struct SignUpFieldRequirement: Hashable, Sendable {
    /// The field.
    public var field: FormField
    /// Whether it must be filled (or, for legal consent, checked).
    public var isRequired: Bool

    /// A field and whether it is required.
    public init(field: FormField, isRequired: Bool) {
        self.field = field
        self.isRequired = isRequired
    }
}

@available(OS2023, *)
extension AuthFlow {
    /// The fields the sign-up form shows, in order, from the environment's attributes. On the complete-profile
    /// screen, only the fields the sign-up still misses.
    public var signUpFields: [SignUpFieldRequirement] {
        let attributes = environment?.userSettings?.attributes ?? [:]
        let order: [(FormField, String)] = [
            (.firstName, "first_name"), (.lastName, "last_name"), (.username, "username"),
            (.emailAddress, "email_address"), (.phoneNumber, "phone_number"), (.password, "password"),
        ]
        var fields = order.compactMap { field, name -> SignUpFieldRequirement? in
            guard let attribute = attributes[name], attribute.enabled else { return nil }
            return SignUpFieldRequirement(field: field, isRequired: attribute.required ?? false)
        }
        if environment?.userSettings?.signUp?.legalConsentEnabled == true {
            fields.append(SignUpFieldRequirement(field: .legalAccepted, isRequired: true))
        }
        if destination == .signUpCompleteProfile, let missing = signUp?.missingFields {
            fields = fields.filter { missing.contains(Self.parameterName($0.field)) }
        }
        return fields
    }

    static func parameterName(_ field: FormField) -> String {
        switch field {
        case .emailAddress: "email_address"
        case .phoneNumber: "phone_number"
        case .firstName: "first_name"
        case .lastName: "last_name"
        case .legalAccepted: "legal_accepted"
        default: field.rawValue
        }
    }

    /// Checks the sign-up form, then creates the sign-up (or updates it on the complete-profile screen) and
    /// continues to verification or completion.
    public func submitSignUp() async {
        var checks: [FormField: UIText?] = [:]
        var fields = SignUpFields()
        for requirement in signUpFields {
            let (problem, value) = check(requirement)
            checks[requirement.field] = problem
            switch requirement.field {
            case .emailAddress: fields.emailAddress = value
            case .phoneNumber: fields.phoneNumber = value
            case .username: fields.username = value
            case .password: fields.password = value
            case .firstName: fields.firstName = value
            case .lastName: fields.lastName = value
            case .legalAccepted: fields.legalAccepted = legalAccepted ? true : nil
            default: break
            }
        }
        guard screen.validate(checks) else { return }
        let existing = destination == .signUpCompleteProfile ? signUp : nil
        await step { [self] in
            var identifierTaken = false
            let next = await perform { () async throws(ClerkError) -> SignUp in
                do throws(ClerkError) {
                    if let existing { return try await clerk.auth.updateSignUp(existing, fields) }
                    return try await clerk.auth.signUp(fields)
                } catch  where error.apiError?.code == "form_identifier_exists" && mode == .signInOrUp {
                    identifierTaken = true
                    throw error
                }
            }
            if identifierTaken, let known = fields.emailAddress ?? fields.phoneNumber ?? fields.username {
                await transferToSignIn(identifier: known)
                return
            }
            guard let next else { return }
            password = ""
            await route(next)
        }
    }

    /// The problem with one field and the value to send.
    private func check(_ requirement: SignUpFieldRequirement) -> (UIText?, String?) {
        let raw: String
        switch requirement.field {
        case .emailAddress: raw = emailAddress
        case .phoneNumber: raw = phoneNumber
        case .username: raw = username
        case .password: raw = password
        case .firstName: raw = firstName
        case .lastName: raw = lastName
        case .legalAccepted:
            return (requirement.isRequired && !legalAccepted ? .localized(.legalConsentRequired) : nil, nil)
        default: return (nil, nil)
        }
        let value = requirement.field == .password ? raw : raw.trimmedForInput
        if value.isEmpty { return (requirement.isRequired ? .localized(.fieldRequired) : nil, nil) }
        switch requirement.field {
        case .emailAddress: return (EmailValidation.problem(with: value), value)
        case .phoneNumber:
            switch E164PhoneNumber.parse(value, defaultCountry: defaultPhoneCountry) {
            case .success(let number): return (nil, number.e164)
            case .failure: return (E164PhoneNumber.problem(with: value, defaultCountry: defaultPhoneCountry), nil)
            }
        case .password: return (passwordRules.problem(with: value), value)
        default: return (nil, value)
        }
    }

    /// Moves the flow to where `next` says the sign-up is.
    func route(_ next: SignUp) async {
        signUp = next
        switch next.status {
        case .complete:
            await finish(sessionId: next.createdSessionId)
        case .missingRequirements:
            let unverified = next.unverifiedFields
            if unverified.contains("email_address"), next.emailAddress != nil {
                await startVerification(.emailCode, on: next, destination: .signUpVerifyEmail)
            } else if unverified.contains("phone_number"), next.phoneNumber != nil {
                await startVerification(.phoneCode, on: next, destination: .signUpVerifyPhone)
            } else if !next.missingFields.isEmpty {
                push(.signUpCompleteProfile)
            } else {
                screen.errorMessage = .localized(.errorUnexpected)
            }
        default:
            signUp = nil
            path = mode == .signUp ? [.signUp] : []
            screen.errorMessage = .localized(.signInExpired)
        }
    }

    private func startVerification(_ strategy: FactorStrategy, on signUp: SignUp, destination: AuthDestination)
        async
    {
        if self.destination == destination { return }
        guard
            let prepared = await perform({ () async throws(ClerkError) in
                try await clerk.auth.prepareVerification(signUp, strategy: strategy)
            })
        else { return }
        self.signUp = prepared
        codeSent()
        push(destination)
    }

    /// Sign-in → sign-up: the identifier has no account, so the sign-up form opens with it filled in.
    func transferToSignUp(identifier: String, kind: IdentifierKind) {
        switch kind {
        case .emailAddress: emailAddress = identifier
        case .phoneNumber: phoneNumber = identifier
        case .username: username = identifier
        }
        signIn = nil
        screen.clearErrors()
        push(.signUp)
    }

    /// Sign-up → sign-in: the identifier already has an account, so the sign-in starts with it.
    func transferToSignIn(identifier known: String) async {
        signUp = nil
        path = []
        identifier = known
        screen.clearErrors()
        inFlight = nil
        await submitIdentifier()
    }

    /// "Already have an account? Sign in" / "Don't have an account? Sign up".
    public func switchToSignIn() {
        guard mode != .signUp, !screen.isLoading else { return }
        signUp = nil
        path = []
        screen.clearErrors()
    }

    /// Opens the sign-up form (in ``AuthMode/signInOrUp``).
    public func switchToSignUp() {
        guard mode == .signInOrUp, !screen.isLoading else { return }
        signIn = nil
        path = [.signUp]
        screen.clearErrors()
    }
}

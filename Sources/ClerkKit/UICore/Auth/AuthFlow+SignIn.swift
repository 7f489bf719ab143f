public import ClerkKit

@available(OS2023, *)
extension AuthFlow {
    /// The identifier kinds the instance accepts, for the field's label and keyboard.
    public var allowedIdentifiers: [IdentifierKind] { IdentifierKind.allowed(by: environment) }

    /// The first factors the sign-in in progress offers, the last used first.
    public var firstFactorChoices: [FactorStrategy] {
        let offered = (signIn?.supportedFirstFactors ?? []).map(\.strategy).filter {
            Self.isShownFirstFactor($0) || ($0 == .emailLink && emailLinkRedirectURL != nil)
        }
        let unique = offered.reduce(into: [FactorStrategy]()) { if !$0.contains($1) { $0.append($1) } }
        guard let last = lastUsedStrategy, unique.contains(last) else { return unique }
        return [last] + unique.filter { $0 != last }
    }

    /// The second factors the sign-in in progress offers that the screens can complete: a passkey only with
    /// ``passkeyAuthenticator`` set (see ``FactorPlan``).
    public var secondFactorChoices: [FactorStrategy] {
        let offered = (signIn?.supportedSecondFactors ?? []).map(\.strategy)
        return secondFactorPlan.choices(offered, among: FactorPlan.signInSecondFactorOrder)
    }

    /// What this flow can use as a second factor.
    var secondFactorPlan: FactorPlan { FactorPlan(canUsePasskey: passkeyAuthenticator != nil) }

    /// Where the code or link of the current factor went (`a***@example.com`), if the service said.
    public var codeDestination: String? {
        switch destination {
        case .signInFactorOne(let strategy), .resetPasswordCode(let strategy):
            signIn?.firstFactor(strategy)?.safeIdentifier ?? signIn?.identifier
        case .signInFactorTwo(let strategy): signIn?.secondFactor(strategy)?.safeIdentifier
        case .signUpVerifyEmail: signUp?.emailAddress
        case .signUpVerifyPhone: signUp?.phoneNumber
        case .setUpPhoneCode: setupPhone?.phoneNumber
        default: nil
        }
    }

    /// Whether "Forgot password?" applies: the sign-in offers a reset code.
    public var canResetPassword: Bool {
        signIn?.supportedFirstFactors.contains {
            $0.strategy == .resetPasswordEmailCode || $0.strategy == .resetPasswordPhoneCode
        } ?? false
    }

    static func isShownFirstFactor(_ strategy: FactorStrategy) -> Bool {
        [.password, .emailCode, .phoneCode].contains(strategy)
    }

    /// Starts a sign-in with ``identifier``: checks it, asks the service which factors it has, and shows the
    /// preferred one (sending its code). An unknown account moves to sign-up in ``AuthMode/signInOrUp``.
    public func submitIdentifier() async {
        let typed = identifier.trimmedForInput
        let kind = IdentifierKind(typed)
        var problem: UIText? = FieldValidation.required(typed)
        if problem == nil, !allowedIdentifiers.contains(kind) {
            problem = .localized(.identifierNotSupported)
        } else if problem == nil, kind == .emailAddress {
            problem = EmailValidation.problem(with: typed)
        } else if problem == nil, kind == .phoneNumber {
            problem = E164PhoneNumber.problem(with: typed, defaultCountry: defaultPhoneCountry)
        }
        guard screen.validate([.identifier: problem]) else { return }
        var wire = typed
        if kind == .phoneNumber,
            case .success(let number) = E164PhoneNumber.parse(typed, defaultCountry: defaultPhoneCountry)
        {
            wire = number.e164
        }
        await step { [self] in
            var unknownAccount = false
            let created = await perform { () async throws(ClerkError) -> SignIn in
                do throws(ClerkError) {
                    return try await clerk.auth.signIn(identifier: wire)
                } catch  where error.apiError?.code == "form_identifier_not_found" && transfersToSignUp {
                    unknownAccount = true
                    throw error
                }
            }
            if unknownAccount {
                transferToSignUp(identifier: wire, kind: kind)
                return
            }
            guard let created else { return }
            await route(created)
        }
    }

    /// Whether an unknown account moves to sign-up.
    var transfersToSignUp: Bool {
        mode == .signInOrUp && (environment?.userSettings?.signUp?.mode ?? .public) == .public
    }

    /// Checks ``password`` for the sign-in in progress.
    public func submitPassword() async {
        guard screen.validate([.password: FieldValidation.required(password)]), let current = signIn else { return }
        await step { [self] in
            let typed = password
            guard
                let next = await perform({ () async throws(ClerkError) in
                    try await clerk.auth.attemptFirstFactor(current, password: typed)
                })
            else { return }
            password = ""
            await route(next)
        }
    }

    /// Shows another first factor (sending its code); from "use another method".
    public func chooseFirstFactor(_ strategy: FactorStrategy) async {
        guard let current = signIn, current.firstFactor(strategy) != nil else {
            screen.errorMessage = .localized(.methodUnavailable)
            return
        }
        await step { [self] in await startFirstFactor(strategy, on: current) }
    }

    /// Shows "use another method".
    public func useAnotherMethod() {
        push(destination.map(Self.isSecondFactorScreen) == true ? .signInFactorTwoChoice : .signInFactorOneChoice)
        screen.clearErrors()
    }

    static func isSecondFactorScreen(_ destination: AuthDestination) -> Bool {
        if case .signInFactorTwo = destination { return true }
        return false
    }

    /// Shows the second factor `strategy` (sending its code); from the second-factor choice.
    public func chooseSecondFactor(_ strategy: FactorStrategy) async {
        guard let current = signIn, current.secondFactor(strategy) != nil else {
            screen.errorMessage = .localized(.methodUnavailable)
            return
        }
        await step { [self] in await startSecondFactor(strategy, on: current) }
    }

    /// Shows the first-factor screen for `strategy`, sending a code first when it needs one.
    func startFirstFactor(_ strategy: FactorStrategy, on current: SignIn) async {
        if strategy == .emailLink {
            await startEmailLink(on: current)
            return
        }
        if strategy == .emailCode || strategy == .phoneCode {
            guard
                let prepared = await perform({ () async throws(ClerkError) in
                    try await clerk.auth.prepareFirstFactor(current, strategy: strategy)
                })
            else { return }
            signIn = prepared
            codeSent()
        }
        push(.signInFactorOne(strategy))
    }

    func startSecondFactor(_ strategy: FactorStrategy, on current: SignIn) async {
        // A passkey's challenge is fetched when the person chooses to use it (``submitPasskey()``).
        if strategy == .emailCode || strategy == .phoneCode {
            guard
                let prepared = await perform({ () async throws(ClerkError) in
                    try await clerk.auth.prepareSecondFactor(current, strategy: strategy)
                })
            else { return }
            signIn = prepared
            codeSent()
        }
        push(.signInFactorTwo(strategy))
    }

    /// Moves the flow to where `next` says the sign-in is.
    func route(_ next: SignIn) async {
        signIn = next
        switch next.status {
        case .complete:
            await finish()
        case .needsFirstFactor:
            guard let strategy = preferredFirstFactor(next) else {
                screen.errorMessage = .localized(.methodUnavailable)
                return
            }
            await startFirstFactor(strategy, on: next)
        case .needsSecondFactor, .needsClientTrust:
            let offered = next.supportedSecondFactors.map(\.strategy)
            guard let strategy = secondFactorPlan.preferred(offered, order: FactorPlan.signInSecondFactorOrder) else {
                screen.errorMessage = .localized(.methodUnavailable)
                return
            }
            await startSecondFactor(strategy, on: next)
        case .needsNewPassword:
            push(.newPassword)
        default:
            signIn = nil
            path = []
            screen.errorMessage = .localized(.signInExpired)
        }
    }

    /// The factor to show first: the last used, then the instance's preference, then codes, then password, then an
    /// email link.
    func preferredFirstFactor(_ signIn: SignIn) -> FactorStrategy? {
        let offered = firstFactorChoices
        if let last = lastUsedStrategy, offered.contains(last) { return last }
        if environment?.displayConfig?.preferredSignInStrategy == "password", offered.contains(.password) {
            return .password
        }
        return [.emailCode, .phoneCode, .password, .emailLink].first(where: offered.contains)
    }
}

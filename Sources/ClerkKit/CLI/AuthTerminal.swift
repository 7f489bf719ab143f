import ClerkKit
import ClerkKitTesting
import ClerkKitUICore
import Foundation

/// Shows an `AuthFlow` in the terminal: one screen at a time, its errors, then its prompts; acts on the answer.
@MainActor
@available(OS2023, *)
final class AuthTerminal {
    let flow: AuthFlow
    let interactive: Bool
    var answers: AuthAnswers
    let emulator: ClerkEmulator?
    private var steps = 0
    /// A line being read when a wait for an email link ended without it: the next prompt takes it.
    private var pendingLine: Task<String?, Never>?

    init(flow: AuthFlow, interactive: Bool, answers: AuthAnswers, emulator: ClerkEmulator?) {
        self.flow = flow
        self.interactive = interactive
        self.answers = answers
        self.emulator = emulator
    }

    /// Walks the flow until it is complete; cancelled input (end of file, /cancel) ends it with an error.
    func run() async throws(ClerkError) {
        while !flow.isComplete {
            steps += 1
            guard steps < 200 else { throw ClerkError(.invalidState, "the sign-in did not finish") }
            render()
            try await act()
        }
        Prompt.say(flow.string(flow.title))
    }

    private func render() {
        flow.updateCountdown()
        Prompt.say("")
        Prompt.say("== " + flow.string(flow.title) + " ==")
        if let subtitle = flow.subtitle { Prompt.say(flow.string(subtitle)) }
        if let message = flow.screen.errorMessage { Prompt.say("! " + flow.string(message)) }
        for field in FormField.allCases {
            if let error = flow.screen.fieldErrors[field] { Prompt.say("! " + flow.string(error)) }
        }
    }

    private func act() async throws(ClerkError) {
        switch flow.destination {
        case nil:
            flow.identifier = try await ask(flow.identifierLabel, preset: take(\.identifier))
            await flow.submitIdentifier()
        case .signInFactorOne(.password)?:
            let typed = try await ask(
                .localized(.labelPassword), preset: take(\.password), commands: true, secret: true)
            if await command(typed) { return }
            flow.password = typed
            await flow.submitPassword()
        case .signInFactorOne(.emailLink)?:
            Prompt.say(flow.string(flow.resendLabel))
            if let preset = await presetLink() { return await openEmailLink(preset) }
            if interactive {
                Prompt.write(
                    flow.string(.localized(.factorEmailLink)) + " (open it on any device, or paste it here; "
                        + "/other, /resend, /back, /cancel): ")
            }
            // The link may be opened anywhere: the sign-in is polled while a pasted link or a command is awaited.
            guard case .line(let line) = await lineOrOpenedLink() else { return }
            guard let typed = line?.trimmingCharacters(in: .whitespaces) else {
                await flow.cancel()
                throw ClerkError(.cancelled, "the input ended before the sign-in finished")
            }
            if await command(typed) { return }
            await openEmailLink(typed)
        case .signInFactorOne?, .signInFactorTwo?, .resetPasswordCode?, .signUpVerifyEmail?, .signUpVerifyPhone?,
            .setUpPhoneCode?:
            if flow.offersResend { Prompt.say(flow.string(flow.resendLabel)) }
            let typed = try await ask(.localized(.labelCode), preset: await presetCode(), commands: true)
            if await command(typed) { return }
            flow.code = typed
            await flow.submitCode()
        case .signInFactorOneChoice?:
            let strategy = try await choose(flow.firstFactorChoices)
            await flow.chooseFirstFactor(strategy)
        case .signInFactorTwoChoice?:
            let strategy = try await choose(flow.secondFactorChoices)
            await flow.chooseSecondFactor(strategy)
        case .forgotPassword?:
            await flow.chooseResetPassword(try await choose(flow.resetPasswordChoices))
        case .newPassword?:
            flow.password = try await ask(.localized(.labelPassword), preset: nil, secret: true)
            flow.confirmPassword = try await ask(.localized(.labelConfirmPassword), preset: nil, secret: true)
            await flow.submitNewPassword()
        case .signUp?, .signUpCompleteProfile?:
            try await askSignUpFields()
            await flow.submitSignUp()
        case .chooseOrganization?:
            let names = flow.organizationChoices.map(\.name) + [flow.string(AuthFlow.Action.createOrganization.text)]
            let index = try await chooseIndex(names)
            if index < flow.organizationChoices.count {
                await flow.selectOrganization(flow.organizationChoices[index].id)
            } else {
                flow.showCreateOrganization()
            }
        case .createOrganization?:
            flow.organizationName = try await ask(.localized(.labelOrganizationName), preset: nil)
            await flow.submitOrganization()
        case .setUpSecondFactor?:
            await flow.chooseSecondFactorSetup(try await choose(flow.secondFactorSetupChoices))
        case .setUpAuthenticatorApp?:
            if let uri = flow.pendingTOTP?.uri { Prompt.say(uri) }
            let typed = try await ask(.localized(.labelCode), preset: await presetCode(), commands: true)
            if await command(typed) { return }
            flow.code = typed
            await flow.submitCode()
        case .setUpPhoneNumber?:
            flow.phoneNumber = try await ask(.localized(.labelPhoneNumber), preset: nil, current: flow.phoneNumber)
            await flow.submitSecondFactorPhoneNumber()
        case .backupCodes?:
            for code in flow.backupCodes { Prompt.say("  " + code) }
            _ = try await ask(AuthFlow.Action.continue.text, preset: interactive ? nil : "")
            await flow.acknowledgeBackupCodes()
        case .done?:
            return
        }
    }

    /// Completes an email link from what was pasted: the app URL the link redirected to, or the link itself (opened
    /// here as a browser would, without following its redirect).
    private func openEmailLink(_ typed: String) async {
        guard let url = URL(string: typed), url.scheme != nil else {
            flow.screen.errorMessage = .localized(.linkNotStartedHere)
            return
        }
        if !EmailLinkOpener.isEmailLink(url) {
            if await flow.handle(url) { return }
            // The address a link sent without PKCE redirected to: the link was opened, and the sign-in shows it.
            if await flow.checkEmailLink() { return }
        }
        do throws(ClerkError) {
            let callback = try await EmailLinkOpener.callback(opening: url)
            if await flow.handle(callback) { return }
            // A link sent without PKCE verified the sign-in as it was opened: the sign-in shows it.
            if await flow.checkEmailLink() { return }
            flow.screen.errorMessage = .localized(.linkNotStartedHere)
        } catch {
            flow.show(error)
        }
    }

    /// The next line of input: the one a wait for an email link left unread, else a new one.
    private func nextLine(prompt: String?, secret: Bool) async -> String? {
        guard let pending = pendingLine else { return await Prompt.nextLine(prompt: prompt, secret: secret) }
        if let prompt { Prompt.write(prompt) }
        pendingLine = nil
        return await pending.value
    }

    /// What ended a wait on the email-link screen.
    private enum EmailLinkWait {
        /// A line (nil at the end of input).
        case line(String?)
        /// The link was opened elsewhere and the flow moved on; the line being read stays for the next prompt.
        case opened
    }

    /// Waits for a line while polling the sign-in every second (``AuthFlow/checkEmailLink()``).
    private func lineOrOpenedLink() async -> EmailLinkWait {
        let line = pendingLine ?? Task { await Prompt.nextLine() }
        pendingLine = line
        let outcome = await withCheckedContinuation { (continuation: CheckedContinuation<EmailLinkWait, Never>) in
            let first = FirstOutcome(continuation)
            let poller = Task { @MainActor [flow] in
                while !Task.isCancelled {
                    try? await Task.sleep(for: .seconds(1))
                    if !Task.isCancelled, await flow.checkEmailLink() { return first.finish(.opened) }
                }
            }
            Task { @MainActor in
                let typed = await line.value
                poller.cancel()
                first.finish(.line(typed))
            }
        }
        if case .line = outcome { pendingLine = nil }
        return outcome
    }

    /// Resumes a continuation with the first outcome only.
    @MainActor
    private final class FirstOutcome {
        private var continuation: CheckedContinuation<EmailLinkWait, Never>?
        init(_ continuation: CheckedContinuation<EmailLinkWait, Never>) { self.continuation = continuation }
        func finish(_ outcome: EmailLinkWait) {
            continuation?.resume(returning: outcome)
            continuation = nil
        }
    }

    /// With the embedded emulator and no terminal, the link it just sent.
    private func presetLink() async -> String? {
        guard !interactive, let emulator, let recipient = flow.signIn?.identifier else {
            return nil
        }
        return await emulator.latestLink(for: recipient)?.absoluteString
    }

    private func askSignUpFields() async throws(ClerkError) {
        for requirement in flow.signUpFields {
            let label = AuthFlow.label(for: requirement.field)
            switch requirement.field {
            case .firstName: flow.firstName = try await ask(label, preset: nil, current: flow.firstName)
            case .lastName: flow.lastName = try await ask(label, preset: nil, current: flow.lastName)
            case .username: flow.username = try await ask(label, preset: nil, current: flow.username)
            case .emailAddress: flow.emailAddress = try await ask(label, preset: nil, current: flow.emailAddress)
            case .phoneNumber: flow.phoneNumber = try await ask(label, preset: nil, current: flow.phoneNumber)
            case .password: flow.password = try await ask(label, preset: take(\.password), secret: true)
            case .legalAccepted:
                let answer = try await ask(.verbatim(flow.string(label) + " [y/N]"), preset: nil)
                flow.legalAccepted = ["y", "yes", "o", "oui", "j", "ja"].contains(answer.lowercased())
            default: break
            }
        }
    }

    /// Handles `/other`, `/forgot`, `/resend`, `/back` and `/cancel`; false for anything else.
    private func command(_ typed: String) async -> Bool {
        switch typed {
        case "/other": flow.useAnotherMethod()
        case "/forgot": await flow.forgotPassword()
        case "/resend": await flow.resendCode()
        case "/back": flow.back()
        case "/cancel": await flow.cancel()
        default: return false
        }
        return true
    }

    /// A code given on the command line, else (embedded emulator, no terminal) the one it just sent.
    private func presetCode() async -> String? {
        if let code = take(\.code) { return code }
        guard !interactive, let emulator else { return nil }
        if flow.destination == .setUpAuthenticatorApp, let secret = flow.pendingTOTP?.secret {
            return await emulator.totpCode(secret: secret)
        }
        let recipient: String? =
            switch flow.destination {
            case .signUpVerifyEmail?: flow.signUp?.emailAddress
            case .signUpVerifyPhone?: flow.signUp?.phoneNumber
            case .setUpPhoneCode?: flow.codeDestination
            default: flow.signIn?.identifier
            }
        guard let recipient else { return nil }
        return await emulator.latestCode(for: recipient)
    }

    private func take(_ key: WritableKeyPath<AuthAnswers, String?>) -> String? {
        defer { answers[keyPath: key] = nil }
        return answers[keyPath: key]
    }

    private func choose(_ strategies: [FactorStrategy]) async throws(ClerkError) -> FactorStrategy {
        let labels = strategies.map { strategy in
            flow.string(AuthFlow.label(for: strategy))
                + (flow.badge(for: strategy).map { " (\(flow.string($0)))" } ?? "")
        }
        return strategies[try await chooseIndex(labels)]
    }

    private func chooseIndex(_ labels: [String]) async throws(ClerkError) -> Int {
        guard !labels.isEmpty else { throw ClerkError(.invalidState, "no method is available") }
        for (index, label) in labels.enumerated() { Prompt.say("  \(index + 1). \(label)") }
        while true {
            let typed = try await ask(.verbatim("1-\(labels.count)"), preset: nil)
            if let number = Int(typed), (1...labels.count).contains(number) { return number - 1 }
        }
    }

    /// One answer: the preset, else a line (with a prompt on a terminal); end of input cancels.
    private func ask(
        _ label: UIText, preset: String?, commands: Bool = false, current: String = "", secret: Bool = false
    ) async throws(ClerkError) -> String {
        if let preset { return preset }
        var prompt: String?
        if interactive {
            let hint = commands ? " (/other, /forgot, /resend, /back, /cancel)" : ""
            let shown = current.isEmpty ? "" : " [\(current)]"
            prompt = flow.string(label) + hint + shown + ": "
        }
        let line = await nextLine(prompt: prompt, secret: secret && interactive)
        guard let line else {
            await flow.cancel()
            throw ClerkError(.cancelled, "the input ended before the sign-in finished")
        }
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty && !current.isEmpty ? current : trimmed
    }

}

public import ClerkKit

@available(OS2023, *)
extension AuthFlow {
    /// The instance's rules for a new password.
    public var passwordRules: PasswordRules { PasswordRules(environment: environment) }

    /// The ways to receive a reset code that the sign-in offers.
    public var resetPasswordChoices: [FactorStrategy] {
        [.resetPasswordEmailCode, .resetPasswordPhoneCode].filter { signIn?.firstFactor($0) != nil }
    }

    /// "Forgot password?": with one way to reset, sends its code; with several, shows the choice.
    public func forgotPassword() async {
        let choices = resetPasswordChoices
        guard !choices.isEmpty else {
            screen.errorMessage = .localized(.methodUnavailable)
            return
        }
        if choices.count == 1 {
            await chooseResetPassword(choices[0])
        } else {
            push(.forgotPassword)
            screen.clearErrors()
        }
    }

    /// Sends a reset code by `strategy` and shows the code screen.
    public func chooseResetPassword(_ strategy: FactorStrategy) async {
        guard let current = signIn, current.firstFactor(strategy) != nil else {
            screen.errorMessage = .localized(.methodUnavailable)
            return
        }
        await step { [self] in
            guard
                let prepared = await perform({ () async throws(ClerkError) in
                    try await clerk.auth.prepareFirstFactor(current, strategy: strategy)
                })
            else { return }
            signIn = prepared
            codeSent()
            push(.resetPasswordCode(strategy))
        }
    }

    /// Sets ``password`` (confirmed by ``confirmPassword``) as the new password, then continues the sign-in.
    public func submitNewPassword() async {
        let problem = passwordRules.problem(with: password)
        let mismatch: UIText? = problem == nil && confirmPassword != password ? .localized(.passwordsDoNotMatch) : nil
        guard screen.validate([.password: problem, .confirmPassword: mismatch]) else { return }
        guard let current = signIn, current.status == .needsNewPassword else {
            await changePasswordForTask()
            return
        }
        await step { [self] in
            let typed = password
            guard
                let next = await perform({ () async throws(ClerkError) in
                    try await clerk.auth.resetPassword(current, newPassword: typed)
                })
            else { return }
            password = ""
            confirmPassword = ""
            await route(next)
        }
    }

    /// The `reset-password` session task: sets ``password`` on the signed-in user (no current password is asked)
    /// and signs out the user's other sessions, then continues with the next task.
    func changePasswordForTask() async {
        guard pendingTasks.first == .resetPassword else {
            screen.errorMessage = .localized(.signInExpired)
            return
        }
        let account = clerk.account
        await step { [self] in
            let typed = password
            guard
                await perform({ () async throws(ClerkError) in
                    try await account.changePassword(currentPassword: nil, newPassword: typed)
                }) != nil
            else { return }
            password = ""
            confirmPassword = ""
            await finish()
        }
    }
}

import ClerkKit

/// What a pending session must do before it becomes active (`session.tasks[].key`).
@available(OS2023, *)
public enum SessionTaskKind: Hashable, Sendable {
    /// `choose-organization`: pick or create an organization.
    case chooseOrganization
    /// `reset-password`: set a new password.
    case resetPassword
    /// `setup-mfa`: set up a second factor (an authenticator app or SMS codes).
    case setupMFA
    /// A task these screens do not handle.
    case other(String)

    /// The kind of a task key.
    public init(key: String) {
        switch key {
        case "choose-organization", "select-organization", "org": self = .chooseOrganization
        case "reset-password": self = .resetPassword
        case "setup-mfa": self = .setupMFA
        default: self = .other(key)
        }
    }
}

@available(OS2023, *)
extension AuthFlow {
    /// The tasks the new session still has.
    public var pendingTasks: [SessionTaskKind] {
        (clerk.session?.tasks ?? []).map { SessionTaskKind(key: $0.key) }
    }

    /// The sign-in or sign-up completed: shows the first session task, or ``AuthDestination/done``.
    func finish(sessionId: String? = nil) async {
        ticker?.cancel()
        resendSecondsRemaining = 0
        resendAvailableAt = nil
        switch pendingTasks.first {
        case nil:
            path.append(.done)
        case .chooseOrganization?:
            await loadOrganizationChoices()
            push(organizationChoices.isEmpty ? .createOrganization : .chooseOrganization)
        case .resetPassword?:
            push(.newPassword)
        case .setupMFA?:
            let choices = secondFactorSetupChoices
            if choices.isEmpty {
                screen.errorMessage = .localized(.methodUnavailable)
            } else if choices.count == 1 {
                await startSecondFactorSetup(choices[0])
            } else {
                push(.setUpSecondFactor)
            }
        case .other?:
            screen.errorMessage = .localized(.methodUnavailable)
        }
    }

    /// Shows the first task of a session that is already pending (an app opened with one), or nothing when the
    /// current session has no task. A flow started by a sign-in reaches its tasks by itself.
    public func continueSessionTasks() async {
        guard clerk.session?.status == .pending, !pendingTasks.isEmpty, path.last != .done else { return }
        await step { [self] in await finish() }
    }

    /// Loads the organizations the user belongs to (for the choose-organization task).
    func loadOrganizationChoices() async {
        let memberships = clerk.organizations.myMemberships(pageSize: 50)
        let page = await perform { () async throws(ClerkError) in try await memberships.collect() }
        organizationChoices = (page ?? []).map(\.organization)
    }

    /// Makes `organizationId` the session's active organization, finishing the task.
    public func selectOrganization(_ organizationId: String) async {
        await step { [self] in
            guard
                await perform({ () async throws(ClerkError) in
                    try await clerk.organizations.setActive(organizationId)
                }) != nil
            else { return }
            await finish()
        }
    }

    /// Shows the create-organization form (from the choose-organization task).
    public func showCreateOrganization() {
        push(.createOrganization)
        screen.clearErrors()
    }

    /// Creates an organization named ``organizationName`` and makes it active.
    public func submitOrganization() async {
        guard screen.validate([.organizationName: FieldValidation.required(organizationName)]) else { return }
        let name = organizationName.trimmedForInput
        await step { [self] in
            guard
                let created = await perform({ () async throws(ClerkError) in
                    try await clerk.organizations.create(name: name)
                })
            else { return }
            guard
                await perform({ () async throws(ClerkError) in
                    try await clerk.organizations.setActive(created.id)
                }) != nil
            else { return }
            organizationName = ""
            await finish()
        }
    }
}

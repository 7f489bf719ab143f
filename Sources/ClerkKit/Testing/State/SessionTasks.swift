/// Clerk's session tasks: what a signed-in session must still do before it is active.
///
/// Tasks are derived from the instance's settings, the user and the session each time a session is shown, so one
/// disappears as soon as its cause does (a password set, a second factor enrolled, an organization selected). Order:
/// `reset-password`, `setup-mfa`, `choose-organization` (credentials first, then the account, then the workspace).
@available(OS2023, *)
enum SessionTasks {
    static func pending(
        for session: SessionRecord, user: UserRecord?, _ configuration: ClerkEmulator.Configuration
    ) -> [String] {
        guard session.status == .active, let user else { return [] }
        var tasks: [String] = []
        if user.passwordResetRequired { tasks.append("reset-password") }
        if needsSecondFactorSetup(user, configuration) { tasks.append("setup-mfa") }
        let organizations = configuration.organizations
        if organizations.enabled, organizations.forceSelection, session.activeOrganizationId == nil {
            tasks.append("choose-organization")
        }
        return tasks
    }

    /// Whether the instance requires a second factor and the user has none it could use.
    static func needsSecondFactorSetup(_ user: UserRecord, _ configuration: ClerkEmulator.Configuration) -> Bool {
        let enrollable = configuration.secondFactors.intersection([.totp, .phoneCode])
        return configuration.secondFactorRequired && !enrollable.isEmpty && !user.needsSecondFactor(enrollable)
    }
}

@available(OS2023, *)
extension EmulatorStore {
    /// The session's tasks now (empty for an active session).
    func sessionTasks(_ session: SessionRecord) -> [String] {
        SessionTasks.pending(for: session, user: users[session.userId], configuration)
    }
}

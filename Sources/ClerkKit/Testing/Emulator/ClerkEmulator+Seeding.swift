public import ClerkKit
public import Foundation

@available(OS2023, *)
extension ClerkEmulator {
    /// A user created with ``createUser(emailAddress:phoneNumber:username:password:firstName:lastName:)``.
    public struct SeededUser: Sendable, Hashable {
        /// The user id (`user_…`).
        public var id: String
        /// The id of the primary email address, if one was given.
        public var emailAddressId: String?
        /// The id of the primary phone number, if one was given.
        public var phoneNumberId: String?
    }

    /// Creates a user whose identifiers are already verified, as the Backend API would.
    ///
    /// - Throws: ``ClerkError/Code/emulator`` if no identifier is given, one is malformed, or another user has it.
    @discardableResult
    public func createUser(
        emailAddress: String? = nil, phoneNumber: String? = nil, username: String? = nil, password: String? = nil,
        firstName: String? = nil, lastName: String? = nil
    ) throws(ClerkError) -> SeededUser {
        var store = try requireStore()
        guard emailAddress != nil || phoneNumber != nil || username != nil else {
            throw ClerkError(.emulator, "a user needs an email address, a phone number or a username")
        }
        let now = nowMillis
        var user = UserRecord(
            id: IDs.make("user"), username: username, firstName: firstName, lastName: lastName, createdAt: now,
            updatedAt: now)
        if let emailAddress {
            guard emailAddress.contains("@") else { throw ClerkError(.emulator, "the email address is malformed") }
            guard !store.isTaken(.emailAddress, emailAddress) else {
                throw ClerkError(.emulator, "another user has this email address")
            }
            let email = EmailRecord(
                id: IDs.make("idn"), address: emailAddress, verificationStrategy: "admin", createdAt: now)
            user.emails = [email]
            user.primaryEmailId = email.id
        }
        if let phoneNumber {
            let normalized = IdentifierKind.normalizedPhone(phoneNumber)
            guard (9...16).contains(normalized.count) else {
                throw ClerkError(.emulator, "the phone number is malformed")
            }
            guard !store.isTaken(.phoneNumber, normalized) else {
                throw ClerkError(.emulator, "another user has this phone number")
            }
            let phone = PhoneRecord(
                id: IDs.make("idn"), number: normalized, verificationStrategy: "admin", reservedForSecondFactor: false,
                defaultSecondFactor: false, createdAt: now)
            user.phones = [phone]
            user.primaryPhoneId = phone.id
        }
        if let username, store.isTaken(.username, username) {
            throw ClerkError(.emulator, "another user has this username")
        }
        if let password {
            user.password = PasswordDigest(password: password, salt: Array(IDs.random(16).utf8))
            user.passwordUpdatedAt = now
        }
        store.users[user.id] = user
        store.userOrder.append(user.id)
        self.store = store
        return SeededUser(id: user.id, emailAddressId: user.primaryEmailId, phoneNumberId: user.primaryPhoneId)
    }

    /// Enrolls an authenticator app for the user and returns its secret (base32, as in an `otpauth://` URI).
    ///
    /// Compute codes with ``totpCode(secret:at:)``.
    @discardableResult
    public func enableTOTP(userId: String) throws(ClerkError) -> String {
        var secret = [UInt8](repeating: 0, count: 20)
        var generator = SystemRandomNumberGenerator()
        for index in secret.indices { secret[index] = UInt8.random(in: 0...255, using: &generator) }
        try updateUser(userId) { user, now in
            user.totpSecret = secret
            if user.mfaEnabledAt == nil { user.mfaEnabledAt = now }
        }
        return TOTP.base32(secret)
    }

    /// Makes the user's primary phone number a second factor (SMS codes at sign-in).
    public func enableSMSSecondFactor(userId: String) throws(ClerkError) {
        try updateUser(userId) { user, now in
            guard let index = user.phones.firstIndex(where: { $0.id == user.primaryPhoneId }) else { return }
            user.phones[index].reservedForSecondFactor = true
            user.phones[index].defaultSecondFactor = true
            if user.mfaEnabledAt == nil { user.mfaEnabledAt = now }
        }
        guard store?.users[userId]?.mfaPhones.isEmpty == false else {
            throw ClerkError(.emulator, "the user has no phone number")
        }
    }

    /// Requires the user to choose a new password (what marking a password compromised does): every session of
    /// the user is `pending` with the `reset-password` task until the password changes, through
    /// `POST /v1/me/change_password` (no current password asked) or a sign-in's password reset.
    public func requirePasswordReset(userId: String) throws(ClerkError) {
        try updateUser(userId) { user, _ in user.passwordResetRequired = true }
    }

    /// Replaces the user's backup codes with ten new single-use codes and returns them.
    public func createBackupCodes(userId: String) throws(ClerkError) -> [String] {
        let codes = EmulatorStore.newBackupCodes()
        try updateUser(userId) { user, _ in user.backupCodes = codes }
        return codes
    }

    /// The RFC 6238 code an authenticator app shows for `secret` (base32) at `date` (default: the emulator's
    /// clock), or nil if the secret is not base32.
    public func totpCode(secret: String, at date: Date? = nil) -> String? {
        guard let bytes = TOTP.decodeBase32(secret) else { return nil }
        let time = date ?? now
        return TOTP.code(secret: bytes, at: Millis(time.timeIntervalSince1970 * 1000))
    }

    /// Creates a single-use sign-in ticket for the user (what the Backend API's sign-in tokens are), valid for
    /// `lifetime` on the emulator's clock. Sign in with `strategy=ticket&ticket=…`.
    public func createSignInTicket(userId: String, lifetime: Duration = .seconds(30 * 24 * 3600)) throws(ClerkError)
        -> String
    {
        var store = try requireStore()
        guard store.users[userId] != nil else { throw ClerkError(.emulator, "no user \(userId)") }
        let ticket = IDs.random(64)
        store.tickets[ticket] = (userId, nowMillis + lifetime.clampedMillis)
        self.store = store
        return ticket
    }

    /// Creates an organization and returns its id (`org_…`).
    @discardableResult
    public func createOrganization(name: String, slug: String) throws(ClerkError) -> String {
        var store = try requireStore()
        guard !store.organizations.values.contains(where: { $0.slug == slug }) else {
            throw ClerkError(.emulator, "another organization has this slug")
        }
        let organization = OrganizationRecord(id: IDs.make("org"), name: name, slug: slug, createdAt: nowMillis)
        store.organizations[organization.id] = organization
        self.store = store
        return organization.id
    }

    /// Adds the user to the organization with `role` (`org:admin` or `org:member`).
    public func addMembership(userId: String, organizationId: String, role: String = "org:member") throws(ClerkError) {
        var store = try requireStore()
        guard store.users[userId] != nil, store.organizations[organizationId] != nil else {
            throw ClerkError(.emulator, "no such user or organization")
        }
        store.memberships.removeAll { $0.userId == userId && $0.organizationId == organizationId }
        store.memberships.append(
            MembershipRecord(
                id: IDs.make("orgmem"), organizationId: organizationId, userId: userId, role: role, createdAt: nowMillis
            ))
        self.store = store
    }

    func requireStore() throws(ClerkError) -> EmulatorStore {
        guard let store else { throw ClerkError(.emulator, "the emulator has no signing key") }
        return store
    }

    func updateUser(_ userId: String, _ change: (inout UserRecord, Millis) -> Void) throws(ClerkError) {
        var store = try requireStore()
        guard var user = store.users[userId] else { throw ClerkError(.emulator, "no user \(userId)") }
        change(&user, nowMillis)
        user.updatedAt = nowMillis
        store.users[userId] = user
        self.store = store
    }
}

/// Users and the objects inside them, shaped as `Client.User` and friends in the Frontend API description.
@available(OS2023, *)
extension EmulatorStore {
    static let defaultImageURL = "https://img.clerk.com/eyJ0eXBlIjoiZGVmYXVsdCJ9"

    func userJSON(_ user: UserRecord) -> JSON {
        let enabled = configuration.secondFactors
        // Lockout as of the user's last verification: null remaining attempts when lockout is off, as described.
        let locked = configuration.lockout != nil && user.lockout.wasLocked
        let attemptsLeft: JSON = configuration.lockout.map { .int(Int64(user.lockout.attemptsLeft($0))) } ?? .null
        return [
            "id": .string(user.id), "object": "user", "username": .optional(user.username),
            "first_name": .optional(user.firstName), "last_name": .optional(user.lastName),
            "image_url": .string(imageURL(user)), "has_image": .bool(user.imageId != nil),
            "primary_email_address_id": .optional(user.primaryEmailId),
            "primary_phone_number_id": .optional(user.primaryPhoneId), "primary_web3_wallet_id": nil,
            "password_enabled": .bool(user.password != nil),
            "two_factor_enabled": .bool(user.needsSecondFactor(enabled) || user.twoFactorEnabled),
            "totp_enabled": .bool(user.totpSecret != nil), "backup_code_enabled": .bool(!user.backupCodes.isEmpty),
            "email_addresses": .array(
                (user.emails + user.pendingEmails).sorted { $0.createdAt < $1.createdAt }.map(emailJSON)),
            "phone_numbers": .array(
                (user.phones + user.pendingPhones).sorted { $0.createdAt < $1.createdAt }.map(phoneJSON)),
            "web3_wallets": [], "passkeys": .array(user.passkeys.map(passkeyJSON)),
            "organization_memberships": .array(
                memberships.filter { $0.userId == user.id }.compactMap { membershipJSON($0) }),
            "external_accounts": .array(user.externalAccounts.map(externalAccountJSON)), "saml_accounts": [],
            "enterprise_accounts": [],
            "password_last_updated_at": .optional(user.passwordUpdatedAt), "public_metadata": [:],
            "unsafe_metadata": user.unsafeMetadata, "external_id": nil,
            "last_sign_in_at": .optional(user.lastSignInAt), "banned": false, "locked": .bool(locked),
            "lockout_expires_in_seconds": nil, "verification_attempts_remaining": attemptsLeft,
            "created_at": .int(user.createdAt), "updated_at": .int(user.updatedAt), "delete_self_enabled": true,
            "create_organization_enabled": true, "last_active_at": .optional(user.lastActiveAt),
            "mfa_enabled_at": .optional(user.mfaEnabledAt), "mfa_disabled_at": nil,
            "legal_accepted_at": .optional(user.legalAcceptedAt), "profile_image_url": .string(imageURL(user)),
            "locale": .optional(user.locale), "bypass_client_trust": false,
        ]
    }

    /// The uploaded image's URL, else the default avatar.
    func imageURL(_ user: UserRecord) -> String {
        user.imageId.map { "https://img.clerk.com/\($0)" } ?? Self.defaultImageURL
    }

    func emailJSON(_ email: EmailRecord) -> JSON {
        [
            "id": .string(email.id), "object": "email_address", "email_address": .string(email.address),
            "reserved": false,
            "verification": email.verification.map(\.json)
                ?? identificationVerification(email.verificationStrategy, email.createdAt),
            "linked_to": [], "matches_sso_connection": false, "created_at": .int(email.createdAt),
            "updated_at": .int(email.createdAt),
        ]
    }

    func phoneJSON(_ phone: PhoneRecord) -> JSON {
        [
            "id": .string(phone.id), "object": "phone_number", "phone_number": .string(phone.number),
            "reserved_for_second_factor": .bool(phone.reservedForSecondFactor),
            "default_second_factor": .bool(phone.defaultSecondFactor), "reserved": false,
            "verification": phone.verification.map(\.json)
                ?? identificationVerification(phone.verificationStrategy, phone.createdAt),
            "linked_to": [], "backup_codes": nil, "created_at": .int(phone.createdAt),
            "updated_at": .int(phone.createdAt),
        ]
    }

    /// The verified verification of an email address or phone number: `admin` for seeded users (no expiry), or
    /// the code that verified it at sign-up.
    private func identificationVerification(_ strategy: String, _ createdAt: Millis) -> JSON {
        guard !strategy.isEmpty else { return .null }  // added from the account, not prepared yet
        var verification = VerificationState(strategy: strategy, status: .verified, attempts: 1)
        if strategy != "admin" {
            verification.expireAt = createdAt + configuration.codeLifetime.clampedMillis
        } else {
            return [
                "object": "verification_admin", "status": "verified", "strategy": "admin", "attempts": nil,
                "expire_at": nil,
            ]
        }
        return verification.json
    }

    func organizationJSON(_ organization: OrganizationRecord) -> JSON {
        let members = memberships.filter { $0.organizationId == organization.id }.count
        let pending = invitations.filter { $0.organizationId == organization.id && $0.status == .pending }.count
        return [
            "id": .string(organization.id), "object": "organization", "name": .string(organization.name),
            "slug": .string(organization.slug), "image_url": .string(logoURL(organization)),
            "has_image": .bool(organization.imageId != nil), "members_count": .int(Int64(members)),
            "pending_invitations_count": .int(Int64(pending)), "max_allowed_memberships": 5,
            "admin_delete_enabled": true, "public_metadata": [:], "created_at": .int(organization.createdAt),
            "updated_at": .int(organization.updatedAt ?? organization.createdAt),
        ]
    }

    func logoURL(_ organization: OrganizationRecord) -> String {
        organization.imageId.map { "https://img.clerk.com/\($0)" } ?? Self.defaultImageURL
    }

    /// The permissions each role grants.
    static func permissions(of role: String) -> [String] {
        role == "org:admin"
            ? [
                "org:sys_domains:manage", "org:sys_domains:read", "org:sys_memberships:manage",
                "org:sys_memberships:read", "org:sys_profile:delete", "org:sys_profile:manage",
            ] : ["org:sys_memberships:read"]
    }

    func membershipJSON(_ membership: MembershipRecord) -> JSON? {
        guard let organization = organizations[membership.organizationId] else { return nil }
        let admin = membership.role == "org:admin"
        return [
            "id": .string(membership.id), "object": "organization_membership", "public_metadata": [:],
            "role": .string(membership.role), "role_name": .string(admin ? "Admin" : "Member"),
            "permissions": .strings(Self.permissions(of: membership.role)), "created_at": .int(membership.createdAt),
            "updated_at": .int(membership.createdAt), "organization": organizationJSON(organization),
            "public_user_data": users[membership.userId].map(publicUserDataJSON) ?? .null,
        ]
    }

    func publicUserDataJSON(_ user: UserRecord) -> JSON {
        [
            "first_name": .optional(user.firstName), "last_name": .optional(user.lastName),
            "image_url": .string(Self.defaultImageURL), "has_image": false,
            "identifier": .string(user.displayIdentifier), "profile_image_url": .string(Self.defaultImageURL),
            "user_id": .string(user.id), "username": .optional(user.username),
        ]
    }
}

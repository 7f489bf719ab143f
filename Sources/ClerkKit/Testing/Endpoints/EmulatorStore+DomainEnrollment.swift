/// `automatic_invitation` domains: a user with a verified address on a verified domain in that mode, who is not a
/// member of its organization and has no pending invitation to it, is invited (role `org:member`) when the mode
/// is set and whenever they list their invitations.
@available(OS2023, *)
extension EmulatorStore {
    /// Invites every user the domain covers who is neither a member nor invited yet.
    mutating func inviteDomainUsers(_ domain: DomainRecord, now: Millis) {
        guard domain.enrollmentMode == "automatic_invitation", domain.verifiedAt != nil else { return }
        for user in users.values.sorted(by: { $0.id < $1.id }) {
            invite(user, through: domain, now: now)
        }
    }

    /// Invites `user` through every `automatic_invitation` domain that covers them.
    mutating func refreshDomainInvitations(for user: UserRecord, now: Millis) {
        for domain in domains where domain.enrollmentMode == "automatic_invitation" && domain.verifiedAt != nil {
            invite(user, through: domain, now: now)
        }
    }

    /// The organization's pending invitations to addresses on `domain`.
    func pendingInvitationCount(_ domain: DomainRecord) -> Int {
        invitations.filter {
            $0.organizationId == domain.organizationId && $0.status == .pending
                && Self.domain(of: $0.emailAddress) == domain.name
        }.count
    }

    private mutating func invite(_ user: UserRecord, through domain: DomainRecord, now: Millis) {
        guard let address = user.emails.first(where: { Self.domain(of: $0.address) == domain.name })?.address,
            !memberships.contains(where: { $0.organizationId == domain.organizationId && $0.userId == user.id }),
            !invitations.contains(where: { invitation in
                invitation.organizationId == domain.organizationId && invitation.status == .pending
                    && user.emails.contains { $0.address.lowercased() == invitation.emailAddress.lowercased() }
            })
        else { return }
        invitations.append(
            InvitationRecord(
                id: IDs.make("orginv"), organizationId: domain.organizationId, emailAddress: address,
                role: "org:member", status: .pending, createdAt: now, updatedAt: now))
    }

    private static func domain(of address: String) -> String? {
        address.split(separator: "@").last.map { $0.lowercased() }
    }
}

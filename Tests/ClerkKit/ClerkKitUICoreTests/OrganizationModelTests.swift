import ClerkKit
import ClerkKitTesting
import ClerkKitUICore
import Foundation
import Testing

@Suite("ClerkKitUICore: organization switcher and profile against the emulator") @MainActor
struct OrganizationModelTests {
    @available(OS2023, *)
    @Test func theSwitcherSelectsAndCreatesOrganizations() async throws {
        try await withUIHarness { harness in
            let ada = try await harness.signInAda()
            let orgId = try await harness.emulator.createOrganization(name: "Analytical", slug: "analytical")
            try await harness.emulator.addMembership(userId: ada.id, organizationId: orgId, role: "org:admin")
            _ = try await harness.clerk.account.reload()
            let switcher = OrganizationSwitcherModel(clerk: harness.clerk)
            #expect(switcher.title == .localized(.organizationPersonalAccount))
            #expect(switcher.memberships.map(\.organization.id) == [orgId])
            switcher.isMenuPresented = true
            await switcher.select(orgId)
            #expect(!switcher.isMenuPresented)
            #expect(switcher.activeOrganization?.id == orgId)
            #expect(switcher.title == .verbatim("Analytical"))
            await switcher.select(nil)
            #expect(switcher.activeOrganization == nil)

            switcher.startCreating()
            #expect(switcher.isCreatePresented)
            switcher.slug = "Bad Slug"
            await switcher.create()
            #expect(switcher.screen.fieldErrors[.organizationName] == .localized(.fieldRequired))
            #expect(switcher.screen.fieldErrors[.organizationSlug] == .localized(.organizationSlugInvalid))
            switcher.name = "Difference"
            switcher.slug = "difference"
            await switcher.create()
            #expect(!switcher.screen.hasErrors)
            #expect(!switcher.isCreatePresented)
            #expect(switcher.activeOrganization?.name == "Difference")
            #expect(switcher.memberships.count == 2)
            await switcher.load()
            #expect(switcher.invitations.isEmpty && !switcher.screen.hasErrors)
        }
    }

    @available(OS2023, *)
    @Test func anInvitationIsSentRevokedAndAccepted() async throws {
        try await withUIHarness { harness in
            let ada = try await harness.signInAda()
            let orgId = try await harness.emulator.createOrganization(name: "Analytical", slug: "analytical")
            try await harness.emulator.addMembership(userId: ada.id, organizationId: orgId, role: "org:admin")
            _ = try await harness.clerk.account.reload()
            let profile = OrganizationProfile(clerk: harness.clerk, organizationId: orgId)
            #expect(profile.isAdmin)
            await profile.open(.invitations)
            #expect(profile.path == [.invitations])
            profile.inviteAddresses = "grace@example.com, nope"
            await profile.invite()
            #expect(profile.screen.fieldErrors[.emailAddress] == .localized(.emailInvalid))
            profile.inviteAddresses = "grace@example.com, charles@example.com"
            await profile.invite()
            #expect(!profile.screen.hasErrors)
            #expect(Set(profile.invitations.map(\.emailAddress)) == ["grace@example.com", "charles@example.com"])
            let charles = try #require(profile.invitations.first { $0.emailAddress == "charles@example.com" })
            await profile.revokeInvitation(charles.id)
            #expect(profile.invitations.map(\.emailAddress) == ["grace@example.com"])

            _ = try await harness.emulator.createUser(emailAddress: "grace@example.com", password: UIHarness.password)
            let grace = try await harness.anotherDevice(signedInAs: "grace@example.com")
            let switcher = OrganizationSwitcherModel(clerk: grace)
            await switcher.load()
            let invitation = try #require(switcher.invitations.first)
            await switcher.accept(invitation: invitation.id)
            #expect(switcher.invitations.isEmpty)
            #expect(switcher.memberships.map(\.organization.id) == [orgId])

            let asMember = OrganizationProfile(clerk: grace, organizationId: orgId)
            #expect(!asMember.isAdmin)
            await asMember.open(.invitations)
            asMember.inviteAddresses = "someone@example.com"
            await asMember.invite()
            #expect(asMember.screen.hasErrors)
            #expect(!asMember.screen.isLoading)
            await asMember.leave()
            #expect(asMember.isFinished)
            #expect(grace.user?.organizationMemberships.isEmpty == true)
        }
    }

    @available(OS2023, *)
    @Test func membersRolesProfileDomainsAndDeletion() async throws {
        try await withUIHarness { harness in
            let ada = try await harness.signInAda()
            let grace = try await harness.emulator.createUser(
                emailAddress: "grace@example.com", password: UIHarness.password)
            let orgId = try await harness.emulator.createOrganization(name: "Analytical", slug: "analytical")
            try await harness.emulator.addMembership(userId: ada.id, organizationId: orgId, role: "org:admin")
            try await harness.emulator.addMembership(userId: grace.id, organizationId: orgId)
            _ = try await harness.clerk.account.reload()
            let profile = OrganizationProfile(clerk: harness.clerk, organizationId: orgId)
            await profile.reload()
            #expect(profile.memberCount == .localized(.organizationMemberCount, count: 2))

            await profile.open(.members)
            #expect(profile.members.count == 2)
            #expect(!profile.roles.isEmpty)
            await profile.setRole("org:admin", for: grace.id)
            #expect(profile.members.first { $0.publicUserData?.userId == grace.id }?.role == "org:admin")
            await profile.removeMember(grace.id)
            #expect(profile.members.count == 1)
            profile.back()

            await profile.open(.editProfile)
            #expect(profile.name == "Analytical")
            profile.name = " "
            await profile.saveProfile()
            #expect(profile.screen.fieldErrors[.organizationName] == .localized(.fieldRequired))
            profile.name = "Analytical Society"
            await profile.saveProfile()
            #expect(profile.organization?.name == "Analytical Society")
            #expect(profile.path.isEmpty)

            await profile.open(.domains)
            profile.newDomain = "not a domain"
            await profile.addDomain()
            #expect(profile.screen.errorMessage == .localized(.organizationDomainInvalid))
            profile.newDomain = "Analytical.example"
            await profile.addDomain()
            let domain = try #require(profile.domains.first)
            #expect(domain.name == "analytical.example")
            await profile.removeDomain(domain.id)
            #expect(profile.domains.isEmpty)
            profile.back()

            await profile.open(.delete)
            #expect(Localizer().string(profile.deleteWarning).contains("Analytical Society"))
            profile.deleteConfirmation = "nope"
            await profile.delete()
            #expect(profile.screen.errorMessage != nil && !profile.isFinished)
            profile.deleteConfirmation = "DELETE"
            await profile.delete()
            #expect(profile.isFinished)
            #expect(harness.clerk.user?.organizationMemberships.isEmpty == true)
        }
    }

    @Test func organizationFormRules() {
        #expect(OrganizationValidation.slugProblem("") == nil)
        #expect(OrganizationValidation.slugProblem("a-b-1") == nil)
        for bad in ["-a", "a-", "a--b", "A", "a b", "é"] {
            #expect(OrganizationValidation.slugProblem(bad) == .localized(.organizationSlugInvalid), "\(bad)")
        }
        #expect(OrganizationValidation.domainProblem("") == .localized(.fieldRequired))
        #expect(OrganizationValidation.domainProblem("example") == .localized(.organizationDomainInvalid))
        #expect(OrganizationValidation.domainProblem("example.com") == nil)
        #expect(OrganizationValidation.invitationAddresses(" ").problem == .localized(.fieldRequired))
        #expect(OrganizationValidation.invitationAddresses("a@b.co;c@d.co").addresses == ["a@b.co", "c@d.co"])
    }
}

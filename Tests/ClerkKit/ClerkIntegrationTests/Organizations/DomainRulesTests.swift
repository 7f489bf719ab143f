import ClerkKit
import ClerkKitTesting
import Foundation
import Testing

/// The emulator's domain rules through ClerkKit over HTTP: rejecting a membership request, what deleting an
/// organization takes with it, and `automatic_invitation` enrollment.
@Suite("ClerkKit ↔ emulator: domain rules") @MainActor
struct DomainRulesTests {
    /// Ada's organization with `engines.example` verified and set to `mode`.
    @available(OS2023, *)
    private func organizationWithDomain(_ harness: Harness, mode: String) async throws -> (
        Organization, OrganizationDomain
    ) {
        let organizations = harness.clerk.organizations
        let organization = try await organizations.create(name: "Engines")
        let domain = try await organizations.createDomain(in: organization.id, name: "engines.example")
        try await organizations.prepareAffiliationVerification(
            in: organization.id, domainId: domain.id, emailAddress: "admin+clerk_test@engines.example")
        _ = try await organizations.attemptAffiliationVerification(
            in: organization.id, domainId: domain.id, code: "424242")
        let updated = try await organizations.updateEnrollmentMode(in: organization.id, domainId: domain.id, mode: mode)
        return (organization, updated)
    }

    @available(OS2023, *)
    private func signIn(_ harness: Harness, _ emailAddress: String) async throws -> Clerk {
        _ = try await harness.emulator.createUser(emailAddress: emailAddress, password: Harness.password)
        let clerk = try await harness.secondClient()
        _ = try await clerk.auth.signIn(identifier: emailAddress, password: Harness.password)
        return clerk
    }

    @available(OS2023, *)
    @Test func aRejectedRequestAddsNoMemberAndADeletedOrganizationFreesItsDomain() async throws {
        try await withHarness(.init(singleSessionMode: false)) { harness in
            try await harness.signInAda()
            let organizations = harness.clerk.organizations
            let (organization, _) = try await organizationWithDomain(harness, mode: "automatic_suggestion")
            let grace = try await signIn(harness, "grace@engines.example")
            let suggestion = try #require(try await grace.organizations.mySuggestions().collect().first)
            try await grace.organizations.acceptSuggestion(suggestion.id)
            let request = try #require(
                try await organizations.membershipRequests(of: organization.id, status: "pending").collect().first)

            let rejected = try await organizations.rejectMembershipRequest(in: organization.id, requestId: request.id)
            #expect(rejected.status == "rejected")
            #expect(
                try await organizations.membershipRequests(of: organization.id, status: "pending").collect().isEmpty)
            let listed = try await organizations.membershipRequests(of: organization.id, status: "rejected").collect()
            #expect(listed.map(\.id) == [request.id])
            let members = try await organizations.memberships(of: organization.id).collect()
            #expect(members.count == 1)  // Ada only
            try await grace.account.reload()
            #expect(grace.user?.organizationMemberships.isEmpty == true)

            try await organizations.delete(organization.id)
            #expect(try await grace.organizations.mySuggestions().collect().isEmpty)
            let looms = try await organizations.create(name: "Looms")
            let again = try await organizations.createDomain(in: looms.id, name: "engines.example")
            #expect(again.organizationId == looms.id)
            #expect(again.totalPendingSuggestions == 0)
            #expect(try await organizations.membershipRequests(of: looms.id).collect().isEmpty)
        }
    }

    @available(OS2023, *)
    @Test func automaticInvitationInvitesTheUsersOnTheDomain() async throws {
        try await withHarness(.init(singleSessionMode: false)) { harness in
            try await harness.signInAda()
            let organizations = harness.clerk.organizations
            // Grace is on the domain before the mode is set; Ada's own address is not on it.
            let grace = try await signIn(harness, "grace@engines.example")
            let (organization, domain) = try await organizationWithDomain(harness, mode: "automatic_invitation")
            #expect(domain.totalPendingInvitations == 1)
            let pending = try await organizations.invitations(of: organization.id, status: "pending").collect()
            #expect(pending.map(\.emailAddress) == ["grace@engines.example"])
            #expect(pending.first?.role == "org:member")

            // Hopper arrives later: listing her invitations finds the domain's.
            let hopper = try await signIn(harness, "hopper@engines.example")
            let invitation = try #require(
                try await hopper.organizations.myInvitations(status: "pending").collect().first)
            #expect(invitation.organizationId == organization.id)
            let counted = try await organizations.domain(in: organization.id, domainId: domain.id)
            #expect(counted.totalPendingInvitations == 2)

            try await hopper.organizations.acceptInvitation(invitation.id)
            try await hopper.account.reload()
            #expect(hopper.user?.organizationMemberships.first?.organization.id == organization.id)
            #expect(
                try await organizations.domain(in: organization.id, domainId: domain.id).totalPendingInvitations == 1)
            // A member is not invited again; Grace's invitation stays the only pending one.
            #expect(try await hopper.organizations.myInvitations(status: "pending").collect().isEmpty)
            #expect(try await grace.organizations.myInvitations(status: "pending").collect().count == 1)
            let outsider = try await signIn(harness, "lin@elsewhere.example")
            #expect(try await outsider.organizations.myInvitations().collect().isEmpty)
        }
    }
}

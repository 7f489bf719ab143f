import ClerkKit
import ClerkKitTesting
import Foundation
import Testing

/// Members and invitations against the emulator over HTTP, with pagination.
@Suite("ClerkKit ↔ emulator: members and invitations") @MainActor
struct MembershipFlowTests {
    @available(OS2023, *)
    @Test func membersArePagedUntilTheTotalCount() async throws {
        try await withHarness { harness in
            try await harness.signInAda()
            let organizations = harness.clerk.organizations
            let organization = try await organizations.create(name: "Engines")
            for index in 0..<6 {
                let user = try await harness.emulator.createUser(emailAddress: "member\(index)@example.com")
                try await organizations.addMember(to: organization.id, userId: user.id, role: "org:member")
            }
            await harness.emulator.clearRequestLog()
            let members = try await organizations.memberships(of: organization.id, pageSize: 3).collect()
            #expect(members.count == 7)
            #expect(Set(members.map(\.id)).count == 7)
            let reads = await harness.emulator.requestLog().filter { $0.path.hasSuffix("/memberships") }
            #expect(reads.map { $0.query.first { $0.name == "offset" }?.value } == ["0", "3", "6"])
            let admins = try await organizations.memberships(of: organization.id, role: "org:admin").collect()
            #expect(admins.count == 1)
            // Breaking out after the first item sends no further request.
            await harness.emulator.clearRequestLog()
            for try await _ in organizations.memberships(of: organization.id, pageSize: 2) { break }
            #expect(await harness.emulator.requestLog().count == 1)
        }
    }

    @available(OS2023, *)
    @Test func rolesChangeAndTheLastAdminIsKept() async throws {
        try await withHarness { harness in
            let ada = try await harness.signInAda()
            let organizations = harness.clerk.organizations
            let organization = try await organizations.create(name: "Engines")
            let grace = try await harness.emulator.createUser(emailAddress: "grace@example.com")
            let duplicate = try await organizations.addMember(to: organization.id, userId: grace.id, role: "org:member")
            #expect(duplicate.role == "org:member")
            let again = await refusal { () async throws(ClerkError) in
                try await organizations.addMember(to: organization.id, userId: grace.id, role: "org:member")
            }
            #expect(again?.apiError?.code == "already_a_member_in_organization")
            let badRole = await refusal { () async throws(ClerkError) in
                try await organizations.updateMember(in: organization.id, userId: grace.id, role: "org:owner")
            }
            #expect(badRole?.apiError?.paramName == "role")
            let lastAdmin = await refusal { () async throws(ClerkError) in
                try await organizations.updateMember(in: organization.id, userId: ada.id, role: "org:member")
            }
            #expect(lastAdmin?.apiError?.code == "organization_minimum_permissions_needed")
            let leave = await refusal { () async throws(ClerkError) in try await organizations.leave(organization.id) }
            #expect(leave?.apiError?.code == "organization_minimum_permissions_needed")
            try await organizations.updateMember(in: organization.id, userId: grace.id, role: "org:admin")
            try await organizations.updateMember(in: organization.id, userId: ada.id, role: "org:member")
            #expect(harness.clerk.user?.organizationMemberships.first?.role == "org:member")
            try await organizations.leave(organization.id)
            #expect(harness.clerk.user?.organizationMemberships.isEmpty == true)
        }
    }

    @available(OS2023, *)
    @Test func anInvitedUserSeesAndAcceptsTheInvitation() async throws {
        try await withHarness(.init(singleSessionMode: false)) { harness in
            try await harness.signInAda()
            let organizations = harness.clerk.organizations
            let organization = try await organizations.create(name: "Engines")
            let one = try await organizations.invite(
                to: organization.id, emailAddress: "grace@example.com", role: "org:member")
            #expect(one.status == "pending")
            let many = try await organizations.invite(
                to: organization.id, emailAddresses: ["charles@example.com", "mary@example.com"], role: "org:admin")
            #expect(many.map(\.emailAddress) == ["charles@example.com", "mary@example.com"])
            let duplicate = await refusal { () async throws(ClerkError) in
                try await organizations.invite(
                    to: organization.id, emailAddresses: ["new@example.com", "grace@example.com"], role: "org:member")
            }
            #expect(duplicate?.apiError?.code == "duplicate_record")
            #expect(try await organizations.invitations(of: organization.id).collect().count == 3)  // nothing added
            try await organizations.revokeInvitation(in: organization.id, invitationId: try #require(many.last).id)
            #expect(try await organizations.invitations(of: organization.id, status: "pending").collect().count == 2)
            #expect(try await organizations.get(organization.id).pendingInvitationsCount == 2)

            _ = try await harness.emulator.createUser(emailAddress: "grace@example.com", password: Harness.password)
            let grace = try await harness.secondClient()
            _ = try await grace.auth.signIn(identifier: "grace@example.com", password: Harness.password)
            let mine = try await grace.organizations.myInvitations(status: "pending").collect()
            #expect(mine.map(\.id) == [one.id])
            #expect(mine.first?.publicOrganizationData?.name == "Engines")
            try await grace.organizations.acceptInvitation(one.id)
            #expect(grace.user?.organizationMemberships.first?.organization.id == organization.id)
            let memberships = try await grace.organizations.myMemberships().collect()
            #expect(memberships.map(\.role) == ["org:member"])
            let twice = await refusal { () async throws(ClerkError) in
                try await grace.organizations.acceptInvitation(one.id)
            }
            #expect(twice?.context.status == 400)
        }
    }
}

import ClerkKit
import ClerkKitTesting
import Foundation
import Testing

/// Organizations against the emulator over HTTP: create, manage, roles, active organization and tokens.
@Suite("ClerkKit ↔ emulator: organizations") @MainActor
struct OrganizationFlowTests {
    @available(OS2023, *)
    @Test func creatingMakesTheUserAnAdminAndSetActiveScopesTokens() async throws {
        try await withHarness { harness in
            try await harness.signInAda()
            let organizations = harness.clerk.organizations
            let organization = try await organizations.create(name: "Analytical Engines")
            #expect(organization.slug == "analytical-engines")
            let membership = try #require(harness.clerk.user?.organizationMemberships.first)
            #expect(membership.role == "org:admin")
            #expect(membership.has(permission: "org:sys_memberships:manage"))
            #expect(harness.clerk.organization == nil)
            #expect(harness.clerk.has(permission: "org:sys_profile:manage") == false)  // personal account
            try await organizations.setActive(organization.id)
            #expect(harness.clerk.organization?.id == organization.id)
            #expect(harness.clerk.has(permission: "org:sys_profile:manage"))
            let token = try #require(try await harness.clerk.auth.getToken())
            #expect(try SessionJWT(token).organizationId == organization.id)
            let renamed = try await organizations.update(organization.id, name: "Engines Ltd", slug: "engines")
            #expect(renamed.name == "Engines Ltd")
            #expect(try await organizations.get("engines").id == organization.id)
            let roles = try await organizations.roles(of: organization.id).collect()
            #expect(roles.map(\.key) == ["org:admin", "org:member"])
            try await organizations.setActive(nil)
            #expect(harness.clerk.organization == nil)
            try await organizations.delete(organization.id)
            #expect(harness.clerk.user?.organizationMemberships.isEmpty == true)
        }
    }

    @available(OS2023, *)
    @Test func aTakenSlugAndABadNameAreRefused() async throws {
        try await withHarness { harness in
            try await harness.signInAda()
            let organizations = harness.clerk.organizations
            _ = try await organizations.create(name: "Engines", slug: "engines")
            let taken = await refusal { () async throws(ClerkError) in
                try await organizations.create(name: "Other", slug: "engines")
            }
            #expect(taken?.apiError?.code == "form_identifier_exists")
            #expect(taken?.apiError?.paramName == "slug")
            let empty = await refusal { () async throws(ClerkError) in try await organizations.create(name: "  ") }
            #expect(empty?.apiError?.paramName == "name")
            #expect(harness.clerk.user?.organizationMemberships.count == 1)
        }
    }

    @available(OS2023, *)
    @Test func aMemberCannotManageTheOrganization() async throws {
        try await withHarness { harness in
            let ada = try await harness.signInAda()
            let organizationId = try await harness.emulator.createOrganization(name: "Babbage & Co", slug: "babbage")
            try await harness.emulator.addMembership(userId: ada.id, organizationId: organizationId)
            try await harness.clerk.account.reload()
            let organizations = harness.clerk.organizations
            #expect(try await organizations.get(organizationId).name == "Babbage & Co")
            let rename = await refusal { () async throws(ClerkError) in
                try await organizations.update(organizationId, name: "Mine now")
            }
            #expect(rename?.context.status == 403)
            #expect(rename?.apiError?.code == "not_allowed_access")
            let invite = await refusal { () async throws(ClerkError) in
                try await organizations.invite(to: organizationId, emailAddress: "x@example.com", role: "org:member")
            }
            #expect(invite?.context.status == 403)
            let delete = await refusal { () async throws(ClerkError) in try await organizations.delete(organizationId) }
            #expect(delete?.context.status == 403)
            let stranger = await refusal { () async throws(ClerkError) in try await organizations.get("org_nope") }
            #expect(stranger?.context.status == 404)
            #expect(try await organizations.get(organizationId).name == "Babbage & Co")
        }
    }

    @available(OS2023, *)
    @Test func theLogoIsUploadedAndRemovedByAnAdmin() async throws {
        try await withHarness { harness in
            try await harness.signInAda()
            let organizations = harness.clerk.organizations
            let organization = try await organizations.create(name: "Engines")
            let updated = try await organizations.setLogo(organization.id, image: samplePNG, contentType: "image/png")
            #expect(updated.hasImage == true)
            let notImage = await refusal { () async throws(ClerkError) in
                try await organizations.setLogo(organization.id, image: Data("text".utf8), contentType: "text/plain")
            }
            #expect(notImage?.code == .encoding)
            try await organizations.deleteLogo(organization.id)
            #expect(try await organizations.get(organization.id).hasImage == false)
        }
    }
}

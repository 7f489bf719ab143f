import ClerkKit
import ClerkKitTesting
import Foundation
import Logging
import Testing

/// The requests of the organizations API fit the Frontend API description and carry clerk-ios's fields.
@Suite @MainActor
struct OrganizationRequestTests {
    @available(OS2023, *)
    @Test func everyOrganizationRequestFitsTheDescription() async throws {
        let emulator = ClerkEmulator(logger: Logger(label: "shapes") { _ in SwiftLogNoOpLogHandler() })
        _ = try await emulator.createUser(emailAddress: "ada@example.com", password: "analytical-engine-1843")
        let grace = try await emulator.createUser(emailAddress: "grace@example.com")
        let inner = emulator.inProcessTransport
        let transport = StubTransport { request, _ throws(ClerkError) in try await inner.send(request) }
        let clerk = Clerk(
            configuration: try ClerkConfiguration(publishableKey: await emulator.publishableKey), transport: transport)
        try await clerk.load()
        _ = try await clerk.auth.signIn(identifier: "ada@example.com", password: "analytical-engine-1843")
        let organizations = clerk.organizations
        let organization = try await organizations.create(name: "Engines", slug: "engines")
        _ = try await organizations.get(organization.id)
        try await organizations.update(organization.id, name: "Engines Ltd")
        try await organizations.setLogo(organization.id, image: Data([0xFF, 0xD8, 0xFF, 0]))
        try await organizations.deleteLogo(organization.id)
        _ = try await organizations.roles(of: organization.id).collect()
        try await organizations.addMember(to: organization.id, userId: grace.id, role: "org:member")
        _ = try await organizations.memberships(of: organization.id, role: "org:member").collect()
        try await organizations.updateMember(in: organization.id, userId: grace.id, role: "org:admin")
        try await organizations.removeMember(from: organization.id, userId: grace.id)
        let invitation = try await organizations.invite(
            to: organization.id, emailAddress: "charles@example.com", role: "org:member")
        _ = try await organizations.invite(
            to: organization.id, emailAddresses: ["mary@example.com", "john@example.com"], role: "org:member")
        _ = try await organizations.invitations(of: organization.id, status: "pending").collect()
        try await organizations.revokeInvitation(in: organization.id, invitationId: invitation.id)
        _ = try await organizations.myMemberships().collect()
        _ = try await organizations.myInvitations(status: "pending").collect()
        try await organizations.setActive(organization.id)
        try await organizations.delete(organization.id)
        try SpecCheck.validateAll(transport)
        let bulk = try #require(transport.requests(to: "/invitations/bulk").first)
        #expect(bulk.formItems.filter { $0.0 == "email_address" }.map(\.1) == ["mary@example.com", "john@example.com"])
        let list = try #require(
            transport.requests.first { $0.url.path.hasSuffix("/memberships") && $0.method == "GET" })
        #expect(list.query["offset"] == "0")
        #expect(list.query["limit"] == "20")
        #expect(list.query["paginated"] == "true")
        #expect(list.query["role"] == "org:member")
        #expect(list.query["_clerk_session_id"]?.hasPrefix("sess_") == true)
        let logo = try #require(transport.requests(to: "/logo").first)
        #expect(logo.method == "PUT")
        #expect(logo.headers["Content-Type"]?.hasPrefix("multipart/form-data; boundary=") == true)
    }

    @available(OS2023, *)
    @Test func domainSuggestionAndRequestCallsFitTheDescription() async throws {
        let emulator = ClerkEmulator(logger: Logger(label: "shapes") { _ in SwiftLogNoOpLogHandler() })
        _ = try await emulator.createUser(emailAddress: "ada@engines.example", password: "analytical-engine-1843")
        let inner = emulator.inProcessTransport
        let transport = StubTransport { request, _ throws(ClerkError) in try await inner.send(request) }
        let clerk = Clerk(
            configuration: try ClerkConfiguration(publishableKey: await emulator.publishableKey), transport: transport)
        try await clerk.load()
        _ = try await clerk.auth.signIn(identifier: "ada@engines.example", password: "analytical-engine-1843")
        let organizations = clerk.organizations
        let organization = try await organizations.create(name: "Engines")
        let domain = try await organizations.createDomain(in: organization.id, name: "engines.example")
        try await organizations.prepareAffiliationVerification(
            in: organization.id, domainId: domain.id, emailAddress: "admin+clerk_test@engines.example")
        try await organizations.attemptAffiliationVerification(in: organization.id, domainId: domain.id, code: "424242")
        try await organizations.updateEnrollmentMode(
            in: organization.id, domainId: domain.id, mode: "automatic_suggestion", deletePending: true)
        _ = try await organizations.domain(in: organization.id, domainId: domain.id)
        _ = try await organizations.domains(of: organization.id).collect()
        _ = try await organizations.membershipRequests(of: organization.id, status: "pending").collect()
        _ = try await organizations.mySuggestions(status: "pending").collect()
        try await organizations.deleteDomain(in: organization.id, domainId: domain.id)
        try SpecCheck.validateAll(transport)
        let mode = try #require(transport.requests(to: "/update_enrollment_mode").first)
        #expect(mode.form == ["enrollment_mode": "automatic_suggestion", "delete_pending": "1"])
    }
}

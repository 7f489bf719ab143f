import ClerkKit
import ClerkKitTesting
import Foundation
import Testing

/// Domains, suggestions and membership requests against the emulator over HTTP.
@Suite("ClerkKit ↔ emulator: domains, suggestions and membership requests") @MainActor
struct DomainFlowTests {
    @available(OS2023, *)
    @Test func aVerifiedDomainSuggestsTheOrganizationAndAnAdminAcceptsTheRequest() async throws {
        try await withHarness(.init(singleSessionMode: false)) { harness in
            try await harness.signInAda()
            let organizations = harness.clerk.organizations
            let organization = try await organizations.create(name: "Engines")
            let common = await refusal { () async throws(ClerkError) in
                try await organizations.createDomain(in: organization.id, name: "gmail.com")
            }
            #expect(common?.apiError?.code == "organization_domain_common")
            var domain = try await organizations.createDomain(in: organization.id, name: "engines.example")
            let early = await refusal { () async throws(ClerkError) in
                try await organizations.updateEnrollmentMode(
                    in: organization.id, domainId: domain.id, mode: "automatic_suggestion")
            }
            #expect(early?.context.status == 400)  // not verified yet
            let offDomain = await refusal { () async throws(ClerkError) in
                try await organizations.prepareAffiliationVerification(
                    in: organization.id, domainId: domain.id, emailAddress: "ada@example.com")
            }
            #expect(offDomain?.apiError?.paramName == "affiliation_email_address")
            try await organizations.prepareAffiliationVerification(
                in: organization.id, domainId: domain.id, emailAddress: "admin@engines.example")
            let code = try #require(await harness.emulator.latestCode(for: "admin@engines.example"))
            domain = try await organizations.attemptAffiliationVerification(
                in: organization.id, domainId: domain.id, code: code)
            #expect(domain.affiliationVerification?.status == "verified")
            domain = try await organizations.updateEnrollmentMode(
                in: organization.id, domainId: domain.id, mode: "automatic_suggestion")
            #expect(domain.enrollmentMode == "automatic_suggestion")
            #expect(try await organizations.domains(of: organization.id).collect().map(\.name) == ["engines.example"])

            _ = try await harness.emulator.createUser(emailAddress: "grace@engines.example", password: Harness.password)
            let grace = try await harness.secondClient()
            _ = try await grace.auth.signIn(identifier: "grace@engines.example", password: Harness.password)
            let defaults = try await grace.organizations.creationDefaults()
            #expect(defaults.form?.name == "Engines")
            #expect(defaults.advisory?.type == "warning")
            let suggestions = try await grace.organizations.mySuggestions().collect()
            #expect(suggestions.map { $0.publicOrganizationData?.name } == ["Engines"])
            let suggestion = try #require(suggestions.first)
            #expect(try await grace.organizations.acceptSuggestion(suggestion.id).status == "accepted")
            let notAdmin = await refusal { () async throws(ClerkError) in
                try await grace.organizations.membershipRequests(of: organization.id).collect()
            }
            #expect(notAdmin?.context.status == 404)  // not a member yet

            let requests = try await organizations.membershipRequests(of: organization.id, status: "pending").collect()
            let request = try #require(requests.first)
            #expect(request.publicUserData?.identifier == "grace@engines.example")
            try await organizations.acceptMembershipRequest(in: organization.id, requestId: request.id)
            let twice = await refusal { () async throws(ClerkError) in
                try await organizations.rejectMembershipRequest(in: organization.id, requestId: request.id)
            }
            #expect(twice?.context.status == 400)
            try await grace.account.reload()
            #expect(grace.user?.organizationMemberships.first?.organization.id == organization.id)
            try await organizations.deleteDomain(in: organization.id, domainId: domain.id)
            let gone = await refusal { () async throws(ClerkError) in
                try await organizations.domain(in: organization.id, domainId: domain.id)
            }
            #expect(gone?.context.status == 404)
        }
    }
}
